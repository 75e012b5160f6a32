"""Playing the Decktet solitaire by touch.

* Tap the stock (right) to turn three cards; when it is empty and it glows orange, tap it to
  turn the waste over for the next pass.
* Tap the waste's top card or an open reserve pile to pick the card up: the tiers it may go to
  show it dimly at its rank's column, and the ruler under the tiers lights that column. Tap a
  tier to play it there (when only one tier takes it, the card goes there at once).
* Hint (in the pause menu) blinks the move and says in the top row whether the deal can still
  be won: green yes, red no, amber "not found in the time".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.app.screens.base import Screen
from controller.app.screens.game import GameScreen
from controller.app.session import Session
from controller.devices.interfaces import Sound
from controller.faces.cascades_decktet.picture import (
    VERDICT,
    CascadesDecktetLayout,
    CascadesDecktetView,
    Pad,
    draw_cascades_decktet,
)
from controller.games import Event
from controller.games.cascades_decktet import CascadesDecktetState
from controller.games.cascades_decktet.cards import CARDS
from controller.games.cascades_decktet.moves import DRAW, TURN, Play
from controller.render.canvas import Canvas

if TYPE_CHECKING:
    from controller.app.host import Host


class CascadesDecktetScreen(GameScreen[CascadesDecktetState]):
    """A game of the Decktet solitaire on the board."""

    chosen: int | None = None
    """The card picked up."""

    def __init__(self, host: Host[Screen], session: Session[CascadesDecktetState]) -> None:
        self.layout = CascadesDecktetLayout.of(host.profile, extended=session.state.extended)
        super().__init__(host, session)

    def tap(self, pad: int, now: float) -> None:
        hit = self.layout.hit(self.pad(pad))
        if hit is None or not self.person_to_move():
            self.refuse(pad, now)
            return
        kind, number = hit
        state = self.state
        legal = state.legal_moves()
        if kind == "stock":
            move = DRAW if DRAW in legal else TURN if TURN in legal else None
            if move is None:
                self.refuse(pad, now)
            else:
                self.play(move, now)
            return
        if kind == "tier":
            if self.chosen is not None and Play(self.chosen, number) in legal:
                self.play(Play(self.chosen, number), now)
            else:
                self.refuse(pad, now)
            return
        card = state.waste_top() if kind == "waste" else \
            state.reserves[number][-1] if number < state.opened and state.reserves[number] \
            else None
        tiers = [m for m in legal if isinstance(m, Play) and m.card == card]
        if card is None or not tiers:
            self.chosen = None
            self.refuse(pad, now)
        elif len(tiers) == 1:
            self.play(tiers[0], now)
        else:
            self.chosen = None if self.chosen == card else card
            self.host.say(Sound.TAP)

    def pad_words(self, pad: int) -> str:
        hit = self.layout.hit(self.pad(pad))
        if hit is None:
            return ""
        kind, number = hit
        state = self.state
        if kind == "stock":
            return f"the stock, {len(state.talon) - state.turned} cards · touch: turn a card"
        if kind == "tier":
            return f"tier {number + 1}" + (f" · touch: the {CARDS[self.chosen].name} goes here"
                                         if self.chosen is not None else "")
        card = state.waste_top() if kind == "waste" else \
            state.reserves[number][-1] if number < state.opened and state.reserves[number] \
            else None
        where = "the waste" if kind == "waste" else f"reserve {number + 1}"
        if card is None:
            return f"{where} · no card to play"
        return f"{where} · the {CARDS[card].name} · touch: play it"

    def touch_words(self) -> str:
        if self.chosen is not None:
            return f"touch the tier for the {CARDS[self.chosen].name}"
        return "touch the waste or a reserve card to play it, the stock to draw"

    def hint_words(self, now: float) -> str:
        """The solver's verdict while its pad shows it, with the move that blinks."""
        move, since = self.hint
        score = self.hint_score
        if move is None or not 0 <= now - since < VERDICT:
            return ""
        blinking = super().hint_words(now)
        if score is None:  # a lesson's move, no solver's verdict
            return blinking
        verdict = "this deal can still be won" if score > 0 else \
            "this deal is lost" if score < 0 else "the solver could not decide"
        return f"hint: {verdict}" + (f", {blinking.removeprefix('hint: ')}" if blinking else "")

    def after_move(self, events: list[Event], now: float) -> bool:
        del events, now
        self.chosen = None
        move = self.state.moves[-1]
        self.host.say(Sound.MOVE if isinstance(move, Play) else Sound.TAP)
        return False

    def draw(self, canvas: Canvas, now: float) -> bool:
        return draw_cascades_decktet(canvas, self.profile, self.layout, self.view(now), now)

    def view(self, now: float) -> CascadesDecktetView:
        """What the board shows at ``now``."""
        state = self.state
        legal = state.legal_moves() if self.person_to_move() else []
        return CascadesDecktetView(
            tiers=state.tiers,
            reserves=state.reserves,
            opened=state.opened,
            waste_top=state.waste_top(),
            stock=len(state.stock),
            can_turn=TURN in legal,
            passes_left=state.passes_left(),
            cards_left=state.cards_left(),
            chosen=self.chosen,
            targets=frozenset(m.tier for m in legal if isinstance(m, Play) and
                              m.card == self.chosen),
            verdict=self.hint_score if self.hint[0] is not None else None,
            hint=self._hint_pads(),
            turn=self.turn(now),
        )

    def _hint_pads(self) -> tuple[Pad, ...]:
        move: Any = self.hint[0]
        if move in (DRAW, TURN):
            return self.layout.stock
        if not isinstance(move, Play):
            return ()
        state, layout = self.state, self.layout
        source = state.sources().get(move.card, "")
        pads = layout.waste if source == "waste" else \
            layout.reserves[int(source[-1]) - 1][-1:] if source else ()
        rank = CARDS[move.card].rank
        copy = sum(1 for c in state.tiers[move.tier] if CARDS[c].rank == rank)
        return (*pads, layout.tier_pad(move.tier, rank, copy))
