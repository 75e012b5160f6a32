"""Playing Kaskade by touch.

* A tap on a cell puts a ball there (on release, so a hold can mean something else); a tap
  that is not a legal move, or made while the computer is to move, flashes red.
* Holding any pad for a second takes back the last move (the pad fills white as you hold);
  so does the undo button. Against the computer, undo goes back to your own turn.
* A touch during a cascade skips its animation.
* When the computer is to move it thinks off the event loop (the empty cells breathe in its
  colour meanwhile) and plays when its answer arrives, after any cascade has been shown.
* The menu button opens the pause menu (continue, hint, resign, home); once the game is over a
  touch goes home.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from controller.ai.levels import STRONGEST
from controller.app.screens.base import Screen
from controller.app.screens.pause import PauseScreen
from controller.app.session import Session
from controller.app.thinking import ComputerMove, ThinkRequest
from controller.devices.interfaces import Sound
from controller.games import GameOver
from controller.games.kaskade import Generation, KaskadeState
from controller.render.canvas import Canvas
from controller.render.cascade import CascadeAnimation
from controller.render.kaskade import NEVER, KaskadeView, draw_kaskade

if TYPE_CHECKING:
    from controller.app.app import App

HOLD_UNDO = 1.0
"""Seconds a pad is held to take back the last move."""
HOLD_SHOWN = 0.3
"""After how long a hold starts to show."""


class PlayScreen(Screen):
    """A Kaskade game on the board."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.state: KaskadeState = session.state  # type: ignore[assignment]
        self.animation: Optional[CascadeAnimation] = None
        self.touches: dict[int, float] = {}
        """Pads down now, and since when."""
        self.spent: set[int] = set()
        """Pads whose touch has done its job (skipped an animation, undone a move)."""
        self.illegal: tuple[Optional[int], float] = (None, NEVER)
        self.moved_at = NEVER
        self.showing_winner = session.finished
        """Whether the win is on show (not before the winning cascade has played)."""
        self.pending: Optional[ThinkRequest] = None
        """The computer's move being thought about."""
        self.hinting: Optional[ThinkRequest] = None
        """A hint being thought about."""
        self.hint: tuple[Optional[int], float] = (None, NEVER)
        self._computer_turn()

    # -- input ----------------------------------------------------------------------------------

    def pad_down(self, pad: int, now: float) -> Optional[Screen]:
        if self.animation is not None:
            self._end_animation(now)
            self.spent.add(pad)
        self.touches[pad] = now
        return None

    def pad_up(self, pad: int, now: float) -> Optional[Screen]:
        held_since = self.touches.pop(pad, None)
        if pad in self.spent:
            self.spent.discard(pad)
            return None
        if held_since is None:
            return None
        if self.session.finished:
            return self.app.leave_finished_game()
        self._tap(pad, now)
        return None

    def button_down(self, button: str, now: float) -> Optional[Screen]:
        if button == "undo":
            self._undo(now)
        elif button == "menu":
            return PauseScreen(self.app, self)
        return None

    def computer_move(self, answer: ComputerMove, now: float) -> Optional[Screen]:
        if self.pending is not None and answer.token == self.pending.token:
            self.pending = None
            self._place(answer.move, now)
        elif self.hinting is not None and answer.token == self.hinting.token:
            self.hinting = None
            self.hint = (answer.move, now)
        return None

    def tick(self, now: float) -> Optional[Screen]:
        for pad, since in list(self.touches.items()):
            if pad not in self.spent and now - since >= HOLD_UNDO:
                self.spent.add(pad)
                self._undo(now)
        if self.animation is not None and now >= self.animation.end:
            self._end_animation(now)
        return None

    def wakeup(self, now: float) -> Optional[float]:
        times = [since + HOLD_UNDO for pad, since in self.touches.items() if pad not in self.spent]
        if self.animation is not None:
            times.append(self.animation.end)
        return min(times) if times else None

    # -- moves ----------------------------------------------------------------------------------

    def _tap(self, pad: int, now: float) -> None:
        column, row = self.pad(pad)
        grid = self.state.grid
        cell = row * grid.width + column
        if column >= grid.width or row >= grid.height or not self.state.is_legal(cell) or \
                self.session.computer_level(self.state.to_move) is not None:
            self.illegal = (pad, now)
            self.app.say(Sound.ILLEGAL)
            return
        self._place(cell, now)

    def _place(self, cell: int, now: float) -> None:
        """Play ``cell`` for the side to move, with its animation and sounds."""
        self.hint = (None, NEVER)
        before = list(self.state.cells)
        events = self.session.play(cell)
        self.moved_at = now
        self.animation = CascadeAnimation.of(before, events, now)
        cascaded = any(isinstance(e, Generation) for e in events)
        self.app.say(Sound.CASCADE if cascaded else Sound.MOVE)
        if self.animation is None:
            if any(isinstance(e, GameOver) for e in events):
                self._won()
            self._computer_turn()

    def _computer_turn(self) -> None:
        """Ask the computer for its move if it is to move and nothing is on show."""
        level = self.session.computer_level(self.state.to_move)
        if level is None or self.session.finished or self.animation is not None or \
                self.pending is not None:
            return
        self.pending = self.app.think(self.state, level)

    def _undo(self, now: float) -> None:
        """Take back the last move; against the computer, back to the person's own turn."""
        self.animation = None
        self.stop_thinking()
        if self.session.resigned or not self.state.moves:
            self.app.say(Sound.ILLEGAL)
            self._computer_turn()
            return
        self.session.undo()
        if self.session.computer_level(self.state.to_move) is not None and self.state.moves:
            self.session.undo()
        self.showing_winner = False
        self.moved_at = NEVER
        self.app.say(Sound.UNDO)
        self._computer_turn()

    def hint_requested(self) -> bool:
        """Start thinking about a hint for the person to move; False when none can be given."""
        to_move = self.state.to_move
        if self.session.finished or self.session.computer_level(to_move) is not None or \
                to_move is None:
            return False
        self.hinting = self.app.think(self.state, STRONGEST)
        return True

    def stop_thinking(self) -> None:
        """Cancel the computer's thinking (its answer will not come)."""
        for request in (self.pending, self.hinting):
            if request is not None:
                request.cancel.set()
        self.pending = self.hinting = None

    def _end_animation(self, now: float) -> None:
        self.animation = None
        if self.session.finished and not self.showing_winner:
            self._won()
        self._computer_turn()

    def _won(self) -> None:
        self.showing_winner = True
        self.app.say(Sound.WIN)

    def resigned(self) -> None:
        """The pause menu ended the game by resignation."""
        self.animation = None
        self._won()

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, canvas: Canvas, now: float) -> bool:
        return draw_kaskade(canvas, self.profile, self.view(now), now) or \
            self.animation is not None

    def view(self, now: float) -> KaskadeView:
        """What the board shows at ``now``."""
        state = self.state
        moves = state.moves
        last = moves[-1] if moves else None
        cells, bursts, burst_at = state.cells, (), NEVER
        if self.animation is not None:
            shown = self.animation.at(now)
            if shown is not None:
                step, burst_at = shown
                cells, bursts = step.cells, step.overflowing
        winner = self.session.winner if self.showing_winner else None
        held_pad, progress = self._hold(now)
        illegal_pad, illegal_at = self.illegal
        hint, hint_at = self.hint
        return KaskadeView(
            width=state.grid.width,
            height=state.grid.height,
            cells=cells,
            critical=state.grid.critical,
            to_move=None if self.session.finished else state.to_move,
            winner=winner,
            last_move=last,
            last_mover=(state.plies - 1) % 2,
            moved_at=self.moved_at,
            bursts=bursts,
            burst_at=burst_at,
            illegal_pad=illegal_pad,
            illegal_at=illegal_at,
            held_pad=held_pad,
            held_progress=progress,
            thinking=self.pending is not None or self.hinting is not None,
            hint=hint,
            hint_at=hint_at,
        )

    def _hold(self, now: float) -> tuple[Optional[int], float]:
        """The pad held longest towards undo, and how far (0-1)."""
        live = [(since, pad) for pad, since in self.touches.items() if pad not in self.spent]
        if not live:
            return None, 0.0
        since, pad = min(live)
        progress = (now - since - HOLD_SHOWN) / (HOLD_UNDO - HOLD_SHOWN)
        return pad, max(0.0, min(1.0, progress))
