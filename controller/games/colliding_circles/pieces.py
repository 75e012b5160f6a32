"""Colliding Circles dice and moves.

A die on a field is one int: 0 for a free field, the value 1-6 for a red die, the value + 6
for a black one. Moves are small frozen dataclasses (hashable, so searches can key on them) and
``END``; each is written as one token (see :mod:`notation`).
"""

from __future__ import annotations

from dataclasses import dataclass

PLAYERS = ("red", "black")
RED, BLACK = 0, 1
EMPTY = 0
DICE = 28
"""Dice per player: the pool at the start."""
HAND = 5
"""Dice a hand is refilled to at the end of each turn."""
IDLE_TURNS = 10
"""Turns in a row without a die placed that end the game, as it stands: players may pass,
manoeuvre and rethrow without end, and two who would rather not place would never finish."""


def die(player: int, value: int) -> int:
    """The board value of ``player``'s die showing ``value``."""
    return value + 6 * player


def value_of(cell: int) -> int:
    """The number a die shows (0 for a free field)."""
    return cell - 6 if cell > 6 else cell


def owner_of(cell: int) -> int:
    """Whose die it is (only for an occupied field)."""
    return BLACK if cell > 6 else RED


@dataclass(frozen=True, slots=True)
class Throw:
    """Chance: dice thrown from the pool into the hand (highest first)."""

    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Place:
    """A die of ``value`` from the hand onto ``field``."""

    value: int
    field: int


@dataclass(frozen=True, slots=True)
class Manoeuvre:
    """The die on ``origin`` moves along free fields to ``target``, ending as ``value``."""

    origin: int
    target: int
    value: int


@dataclass(frozen=True, slots=True)
class Rethrow:
    """A hand die showing ``value`` is thrown again (the new value comes with the refill)."""

    value: int


@dataclass(frozen=True, slots=True)
class End:
    """End the turn now (at its start: pass the whole turn); written ``end``."""


END = End()
Move = Throw | Place | Manoeuvre | Rethrow | End
