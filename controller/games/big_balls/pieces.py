"""The pieces and moves of Big Balls: what a hole holds and what a player can do."""

from __future__ import annotations

from dataclasses import dataclass

PLAYERS = ("black", "white")
EMPTY = 0
BALL = -1
"""A hole holds ``EMPTY``, ``BALL``, or a stone ``player * 6 + number`` (Black 1-6, White
7-12)."""
DEAL_BLACK, DEAL_WHITE, CHOOSE, ROLL, MOVE = "deal-black", "deal-white", "choose", "roll", \
    "move"
NUMBERS = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True, slots=True)
class Deal:
    """The numbers of the dealt stones on the player's six start holes, in the order
    a1 b1 c1 a2 b2 a3 (Black) or e1 f1 g1 e2 f2 e3 (White)."""

    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BallMove:
    """A big ball rolls from ``origin`` one hole down to ``target``."""

    origin: int
    target: int


@dataclass(frozen=True, slots=True)
class StoneStep:
    """The stone on ``origin`` steps to ``target`` (after the die picked it)."""

    origin: int
    target: int


@dataclass(frozen=True, slots=True)
class Throw:
    """The decision to throw the die (its number comes next, a chance step); written
    ``throw``."""


@dataclass(frozen=True, slots=True)
class Die:
    """Chance: the die shows ``number`` (1 to 6)."""

    number: int


THROW = Throw()
DICE = tuple(Die(n) for n in NUMBERS)
"""The die's six outcomes, in order."""
Move = Deal | BallMove | StoneStep | Throw | Die


def stone(player: int, number: int) -> int:
    """The board value of ``player``'s stone ``number``."""
    return player * 6 + number


def owner(value: int) -> int:
    """The player whose stone ``value`` is (``value`` > 0)."""
    return (value - 1) // 6


def number(value: int) -> int:
    """The number on stone ``value``."""
    return (value - 1) % 6 + 1
