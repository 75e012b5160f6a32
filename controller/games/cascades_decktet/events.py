"""What a move of the Decktet solitaire reports to the board."""

from __future__ import annotations

from dataclasses import dataclass

from controller.games.base import Event


@dataclass(frozen=True)
class Dealt(Event):
    """The shuffled deck was laid out: ``reserves`` cards in the reserve piles, the rest in the
    stock (or, in the Ace version, the Aces on the tiers)."""

    reserves: int
    stock: int


@dataclass(frozen=True)
class Drawn(Event):
    """Up to three cards were turned from the stock; ``top`` is now playable."""

    cards: tuple[int, ...]
    top: int


@dataclass(frozen=True)
class CardPlayed(Event):
    """``card`` went from ``source`` (``waste`` or ``reserve-1``…``reserve-3``) to ``tier``
    (0 top, 1 middle, 2 bottom)."""

    card: int
    source: str
    tier: int


@dataclass(frozen=True)
class PassEnded(Event):
    """The stock ran out: pass ``number`` is over; ``opened`` names the reserve pile that opened
    (1 top … 3 bottom) if one did."""

    number: int
    opened: int | None


@dataclass(frozen=True)
class WasteTurned(Event):
    """The waste was turned over as the new stock of ``count`` cards."""

    count: int
