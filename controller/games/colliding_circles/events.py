"""What a Colliding Circles action reports to the board."""

from __future__ import annotations

from dataclasses import dataclass

from controller.games.base import Event


@dataclass(frozen=True)
class Thrown(Event):
    """``player`` threw ``values`` from the pool into the hand."""

    player: int
    values: tuple[int, ...]


@dataclass(frozen=True)
class Placed(Event):
    """``player`` put a die of ``value`` on ``field`` (``attracted``: to its printed number)."""

    player: int
    value: int
    field: int
    attracted: bool


@dataclass(frozen=True)
class Manoeuvred(Event):
    """The die on ``origin`` moved to ``target`` and now shows ``value``."""

    player: int
    origin: int
    target: int
    value: int


@dataclass(frozen=True)
class Rethrown(Event):
    """``player`` gave a hand die showing ``value`` back to be thrown again."""

    player: int
    value: int


@dataclass(frozen=True)
class CircleChanged(Event):
    """A circle was completed (``owner`` and ``worth``) or broken (``owner`` None)."""

    circle: int
    owner: int | None
    worth: int


@dataclass(frozen=True)
class TurnEnded(Event):
    """``player``'s turn is over."""

    player: int
