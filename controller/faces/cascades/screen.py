"""Playing Cascades by touch: tap a lit cell to put a stone there (one or two a turn), tap the
pass / end pad to pass at the start of a turn or to stop after one stone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.app.screens.base import Screen
from controller.app.screens.game import GameScreen
from controller.app.session import Session
from controller.devices.interfaces import Sound
from controller.faces.cascades.picture import CascadesLayout, CascadesView, draw_cascades
from controller.games import Event
from controller.games.cascades import END, PASS, CascadesState, Place
from controller.render.canvas import Canvas
from controller.render.color import player_colours

if TYPE_CHECKING:
    from controller.app.host import Host


class CascadesScreen(GameScreen[CascadesState]):
    """A Cascades game on the board."""

    def __init__(self, host: Host[Screen], session: Session[CascadesState]) -> None:
        self.layout = CascadesLayout.of(host.profile, session.state.slope)
        self.colours = player_colours(session.state.info.players)
        super().__init__(host, session)

    def tap(self, pad: int, now: float) -> None:
        move = self.move_at(pad) if self.person_to_move() else None
        if move is None:
            self.refuse(pad, now)
            return
        self.play(move, now)

    def move_at(self, pad: int) -> Any | None:
        hit = self.layout.hit(self.pad(pad))
        if hit is None:
            return None
        kind, cell = hit
        move = self.state.slope.stones[cell] if kind == "cell" else self._done_move()
        return move if move is not None and self.state.is_legal(move) else None

    def touch_words(self) -> str:
        done = {END: ", or the end pad to stop at one", PASS: ", or the pass pad"}
        return f"touch a lit cell{done.get(self._done_move(), '')}"

    def pad_words(self, pad: int) -> str:
        hit = self.layout.hit(self.pad(pad))
        if hit is None:
            return ""
        legal = self.state.legal_moves() if self.person_to_move() else []
        if hit[0] == "done":
            if END in legal:
                return "the end pad · touch: stop at one stone"
            return "the pass pad · touch: pass" if PASS in legal else "the pass / end pad"
        cell = hit[1]
        owner = self.state.cells[cell]
        holds = "empty" if owner < 0 else f"{self.state.player_title(owner)}'s stone"
        action = " · touch: a stone goes here" if self.state.slope.stones[cell] in legal else ""
        return f"{self.state.slope.name(cell)} · {holds}{action}"

    def _done_move(self) -> Any:
        """What the pass / end pad does now: ``PASS``, ``END`` or nothing."""
        legal = self.state.legal_moves()
        return next((move for move in (END, PASS) if move in legal), None)

    def after_move(self, events: list[Event], now: float) -> bool:
        del events, now
        self.host.say(Sound.MOVE if isinstance(self.state.moves[-1], Place) else Sound.TAP)
        return False

    def last_turn(self) -> frozenset[int]:
        """The cells filled in the most recent turn."""
        moves, movers = self.state.moves, self.session.movers
        cells: set[int] = set()
        for move, mover in zip(reversed(moves), reversed(movers)):
            if mover != movers[-1]:
                break
            if isinstance(move, Place):
                cells.add(move.cell)
        return frozenset(cells)

    def draw(self, canvas: Canvas, now: float) -> bool:
        return draw_cascades(canvas, self.profile, self.layout, self.view(now), now)

    def view(self, now: float) -> CascadesView:
        """What the board shows at ``now``."""
        state = self.state
        person = self.person_to_move()
        legal = state.legal_moves() if person else []
        hint, done = self.hint[0], next((m for m in (END, PASS) if m in legal), None)
        last = state.moves[-1] if state.moves else None
        return CascadesView(
            cells=state.cells,
            colours=self.colours,
            placeable=frozenset(m.cell for m in legal if isinstance(m, Place)),
            done=None if done is None else state.move_name(done),
            last_turn=self.last_turn() if state.moves else frozenset(),
            last_move=last.cell if isinstance(last, Place) else None,
            counted=frozenset(state.slope.bottom if state.scoring == "bottom" else ()),
            hint=hint.cell if isinstance(hint, Place) else
            None if hint is None else state.move_name(hint),
            turn=self.turn(now),
        )
