"""Playing Kaskade by touch.

* A tap on a cell puts a ball there; a tap that is not a legal move, or made while the computer
  is to move, flashes red.
* A touch during a cascade skips its animation.
* While the computer thinks the empty cells breathe in its colour.

Holding to undo, the computer's turn, hints and the pause menu are every game's
(``game.py``).
"""

from __future__ import annotations

from typing import Any

from controller.app.screens.game import GameScreen
from controller.devices.interfaces import Sound
from controller.faces.kaskade.animation import CascadeAnimation
from controller.faces.kaskade.picture import NEVER, KaskadeView, draw_kaskade
from controller.games import Event
from controller.games.kaskade import Generation, KaskadeState
from controller.render.canvas import Canvas


class KaskadeScreen(GameScreen[KaskadeState]):
    """A Kaskade game on the board."""

    animation: CascadeAnimation | None = None
    before: list[int] | None = None

    def tap(self, pad: int, now: float) -> None:
        move = self.move_at(pad)
        if move is None or not self.person_to_move():
            self.refuse(pad, now)
            return
        self.play(move, now)

    def move_at(self, pad: int) -> Any | None:
        column, row = self.pad(pad)
        grid = self.state.grid
        if column >= grid.width or row >= grid.height:
            return None
        move = grid.places[row * grid.width + column]
        return move if self.state.is_legal(move) else None

    def touch_words(self) -> str:
        return "touch an empty cell or one of yours"

    def pad_words(self, pad: int) -> str:
        column, row = self.pad(pad)
        grid, state = self.state.grid, self.state
        if column >= grid.width or row >= grid.height:
            return "outside the game"
        cell = row * grid.width + column
        value = state.cells[cell]
        holds = "empty" if value == 0 else \
            f"{'White' if value > 0 else 'Black'}, {abs(value)} of {grid.critical[cell]} balls"
        action = "touch: a ball goes here" if \
            self.person_to_move() and state.is_legal(grid.places[cell]) \
            else "not a move now"
        return f"{grid.name(cell)} · {holds} · {action}"

    def play(self, move: object, now: float) -> None:
        self.before = list(self.state.cells)
        super().play(move, now)

    def after_move(self, events: list[Event], now: float) -> bool:
        assert self.before is not None
        self.animation = CascadeAnimation.of(self.before, events, now)
        cascaded = any(isinstance(e, Generation) for e in events)
        self.host.say(Sound.CASCADE if cascaded else Sound.MOVE)
        return self.animation is not None

    def animation_end(self) -> float | None:
        return None if self.animation is None else self.animation.end

    def end_animation(self, now: float) -> None:
        self.animation = None

    def draw(self, canvas: Canvas, now: float) -> bool:
        return draw_kaskade(canvas, self.profile, self.view(now), now) or \
            self.animation is not None

    def view(self, now: float) -> KaskadeView:
        """What the board shows at ``now``."""
        state = self.state
        moves = state.moves
        last = moves[-1].cell if moves else None
        cells, burst_at = state.cells, NEVER
        bursts: tuple[int, ...] = ()
        if self.animation is not None:
            shown = self.animation.at(now)
            if shown is not None:
                step, burst_at = shown
                cells, bursts = step.cells, step.overflowing
        hint = None if self.hint[0] is None else self.hint[0].cell
        return KaskadeView(
            width=state.grid.width,
            height=state.grid.height,
            cells=cells,
            critical=state.grid.critical,
            last_move=last,
            last_mover=(state.plies - 1) % 2,
            bursts=bursts,
            burst_at=burst_at,
            hint=hint,
            turn=self.turn(now),
        )
