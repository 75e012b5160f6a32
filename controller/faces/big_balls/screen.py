"""Playing Big Balls by touch.

* Tap a big ball, then the hole below it where it should roll.
* Tap the die (the breathing block beside the triangle) to throw; it tumbles, shows its number,
  and the stones it lets move blink. Tap one (it is picked for you when only one may move), then
  the hole it steps to.
* A finger resting on a stone shows the stone's number on the die; held a little longer on a
  stone or the die, the number is written across the board (the hold then neither picks the
  stone nor takes back a move) — the way to read numbers on boards with few LEDs per pad.
* Tapping the stone that was picked for you (the only one the die lets move) steps it, when it
  has a single step; it is never un-picked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.app.screens.base import Screen
from controller.app.screens.game import GameScreen
from controller.app.session import Session
from controller.devices.interfaces import Sound
from controller.faces.big_balls.picture import ROLLING, BigBallsLayout, BigBallsView, draw_big_balls
from controller.games import Event
from controller.games.big_balls import (
    THROW,
    BallMove,
    BallRolled,
    BigBallsState,
    StoneMoved,
    hole_name,
)
from controller.games.big_balls.pieces import MOVE, ROLL, StoneStep, number, owner
from controller.render.canvas import Canvas
from controller.render.color import HIGHLIGHT, Colour, player_colours

if TYPE_CHECKING:
    from controller.app.host import Host


READ_HOLD = 0.5
"""Seconds a finger rests on a stone or the die before its number is written out (sooner than
the hold that takes back a move, which it then replaces)."""


class BigBallsScreen(GameScreen[BigBallsState]):
    """A Big Balls game on the board."""

    chosen: int | None = None
    """The hole of the piece picked up by the last tap."""
    resting: int | None = None
    """A hole a finger rests on."""

    def __init__(self, host: Host[Screen], session: Session[BigBallsState]) -> None:
        self.layout = BigBallsLayout.of(host.profile)
        self.colours = player_colours(session.state.info.players)
        super().__init__(host, session)

    # -- touches --------------------------------------------------------------------------------

    def touched(self, pad: int, now: float) -> None:
        hit = self.layout.hit(self.pad(pad))
        self.resting = hit[1] if hit is not None and hit[0] == "hole" else None

    def pad_up(self, pad: int, now: float) -> Screen | None:
        self.resting = None
        return super().pad_up(pad, now)

    def tap(self, pad: int, now: float) -> None:
        hit = self.layout.hit(self.pad(pad))
        if hit is None or not self.person_to_move():
            self._refuse(pad, now)
            return
        kind, hole = hit
        legal = self.state.legal_moves()
        if kind == "die":
            if THROW in legal:
                self.play(THROW, now)
            else:
                self._refuse(pad, now)
            return
        if self.chosen is not None:
            move = next((m for m in self._moves_from(self.chosen, legal) if m.target == hole),
                        None)
            if move is not None:
                self.play(move, now)
                return
        options = self._moves_from(hole, legal)
        if options:
            if hole == self.chosen and self._only_origin(legal):
                if len(options) == 1:
                    self.play(options[0], now)  # the obvious step of the stone picked for you
                else:
                    self.host.say(Sound.TAP)  # it stays picked: it is the only one that moves
                return
            self.chosen = None if self.chosen == hole else hole
            self.host.say(Sound.TAP)
            return
        self._refuse(pad, now)

    @staticmethod
    def _only_origin(legal: list[Any]) -> bool:
        """Whether a single stone may move."""
        return len({m.origin for m in legal if isinstance(m, StoneStep)}) == 1

    def tick(self, now: float) -> Screen | None:
        for pad, since in list(self.touches.items()):
            if pad not in self.spent and now - since >= READ_HOLD:
                shown = self._number_at(pad)
                if shown is not None:
                    text, colour = shown
                    self.spent.add(pad)
                    self.resting = None
                    self.host.caption(text, now, colour)
        return super().tick(now)

    def wakeup(self, now: float) -> float | None:
        times = [since + READ_HOLD for pad, since in self.touches.items()
                 if pad not in self.spent and self._number_at(pad) is not None]
        later = super().wakeup(now)
        if later is not None:
            times.append(later)
        return min(times) if times else None

    def _number_at(self, pad: int) -> tuple[str, Colour] | None:
        """The number a finger on ``pad`` reads, and its colour: a stone's or the die's."""
        hit = self.layout.hit(self.pad(pad))
        if hit is None:
            return None
        if hit[0] == "die":
            die = self.state.die
            return (str(die), HIGHLIGHT) if die is not None else None
        value = self.state.board[hit[1]]
        if value <= 0:
            return None
        return str(number(value)), self.colours[owner(value)]

    def touch_words(self) -> str:
        state = self.state
        if state.phase == MOVE:
            if self.chosen is not None:
                return f"touch where stone {number(state.board[self.chosen])} steps"
            return "touch the stone to move, then where it steps"
        if self.chosen is not None:
            return "touch the hole the big ball rolls to"
        return "touch a big ball, then the hole it rolls to; or the die to throw"

    def pad_words(self, pad: int) -> str:
        hit = self.layout.hit(self.pad(pad))
        if hit is None:
            return ""
        legal = self.state.legal_moves() if self.person_to_move() else []
        if hit[0] == "die":
            shows = f"showing {self.state.die}" if self.state.die is not None else "not thrown"
            return f"the die, {shows}" + (" · touch: throw it" if THROW in legal else "")
        hole = hit[1]
        value = self.state.board[hole]
        holds = "empty" if value == 0 else "a big ball" if value < 0 else \
            f"{self.state.player_title(owner(value))}'s stone {number(value)}"
        action = ""
        if hole == self.chosen:
            action = " · picked up" + ("" if self._only_origin(legal) else
                                       " · touch: put it back")
        elif self.chosen is not None and any(m.target == hole for m in
                                             self._moves_from(self.chosen, legal)):
            action = " · touch: it goes here"
        elif self._moves_from(hole, legal):
            action = " · touch: pick it up"
        return f"{hole_name(hole)} · {holds}{action}"

    def _refuse(self, pad: int, now: float) -> None:
        self.chosen = None if self.state.phase != MOVE else self.chosen
        self.refuse(pad, now)

    @staticmethod
    def _moves_from(hole: int, legal: list[Any]) -> list[Any]:
        return [m for m in legal if isinstance(m, (BallMove, StoneStep)) and m.origin == hole]

    # -- what moves show ------------------------------------------------------------------------

    def after_move(self, events: list[Event], now: float) -> bool:
        del now
        self.chosen = None
        captured = any(isinstance(e, (BallRolled, StoneMoved)) and e.captured for e in events)
        move = self.state.moves[-1]
        if isinstance(move, (BallMove, StoneStep)):
            self.host.say(Sound.CASCADE if captured else Sound.MOVE)
        elif move == THROW:
            self.host.say(Sound.TAP)
        if self.state.phase == MOVE and not self.session.finished:
            origins = {m.origin for m in self.state.legal_moves() if isinstance(m, StoneStep)}
            if len(origins) == 1:
                self.chosen = origins.pop()
        return False

    def chance_delay(self) -> float:
        return ROLLING if self.state.phase == ROLL else 0.0

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, canvas: Canvas, now: float) -> bool:
        return draw_big_balls(canvas, self.profile, self.layout, self.view(now), now)

    def view(self, now: float) -> BigBallsView:
        """What the board shows at ``now``."""
        state = self.state
        person = self.person_to_move()
        legal = state.legal_moves() if person else []
        value = state.board[self.resting] if self.resting is not None else 0
        return BigBallsView(
            board=state.board,
            colours=self.colours,
            die=state.die,
            rolling_since=None if self.chance_at is None else self.chance_at - ROLLING,
            can_throw=THROW in legal,
            movable=frozenset(m.origin for m in legal if isinstance(m, StoneStep)),
            chosen=self.chosen if person else None,
            targets=frozenset(m.target for m in self._moves_from(self.chosen, legal))
            if self.chosen is not None else frozenset(),
            shown_number=(owner(value), number(value)) if value > 0 else None,
            last=self._last(),
            hint=self._hint_holes(),
            turn=self.turn(now),
        )

    def _last(self) -> tuple[int, ...]:
        for move in reversed(self.state.moves):
            if isinstance(move, (BallMove, StoneStep)):
                return move.origin, move.target
        return ()

    def _hint_holes(self) -> tuple[int, ...]:
        move = self.hint[0]
        if isinstance(move, (BallMove, StoneStep)):
            return move.origin, move.target
        return (-1,) if move == THROW else ()
