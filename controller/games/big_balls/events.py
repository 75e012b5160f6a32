"""What a Big Balls move reports to the board."""

from __future__ import annotations

from dataclasses import dataclass

from controller.games.base import Event


@dataclass(frozen=True)
class Dealt(Event):
    """``player``'s shuffled stones were set out: ``numbers`` on their six start holes."""

    player: int
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class BallRolled(Event):
    """A big ball rolled from ``origin`` to ``target``; ``captured`` is the piece it took
    (``(player, number)``), if any."""

    origin: int
    target: int
    captured: tuple[int, int] | None


@dataclass(frozen=True)
class Thrown(Event):
    """``player`` chose to throw the die."""

    player: int


@dataclass(frozen=True)
class DieShown(Event):
    """The die shows ``value``; ``stones`` are the numbers the player may move."""

    value: int
    stones: tuple[int, ...]


@dataclass(frozen=True)
class StoneMoved(Event):
    """``player``'s stone ``number`` stepped from ``origin`` to ``target``; ``captured`` is
    ``(player, number)`` of a stone it took, ``(-1, 0)`` for a big ball, or ``None``."""

    player: int
    number: int
    origin: int
    target: int
    captured: tuple[int, int] | None
