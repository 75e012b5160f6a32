"""The moves of the Decktet solitaire: the deal (chance), a card to a tier, draw and turn."""

from __future__ import annotations

from dataclasses import dataclass

TIERS = ("top", "middle", "bottom")


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the shuffled deck, first card first (see :meth:`CascadesDecktetState.lay_out`)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Play:
    """``card`` (from the waste or an open reserve pile) to the right end of ``tier``."""

    card: int
    tier: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Turn the next (up to) three cards of the stock onto the waste; written ``draw``."""


@dataclass(frozen=True, slots=True)
class TurnOver:
    """Turn the waste over as a new stock (a new pass); written ``turn``."""


DRAW = Draw()
TURN = TurnOver()
Move = Deal | Play | Draw | TurnOver
