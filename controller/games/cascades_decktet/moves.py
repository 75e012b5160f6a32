"""The moves of the Decktet solitaire: the deal (chance), a card to a tier, draw and turn."""

from __future__ import annotations

from dataclasses import dataclass

TIERS = ("top", "middle", "bottom")
DRAW = "draw"
"""Turn the next (up to) three cards of the stock onto the waste."""
TURN = "turn"
"""Turn the waste over as a new stock (a new pass)."""


@dataclass(frozen=True)
class Deal:
    """Chance: the shuffled deck, first card first (see :meth:`CascadesDecktetState.lay_out`)."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Play:
    """``card`` (from the waste or an open reserve pile) to the right end of ``tier``."""

    card: int
    tier: int


Move = Deal | Play | str
