"""What a Cascades move reports to the board."""

from __future__ import annotations

from dataclasses import dataclass

from controller.games.base import Event


@dataclass(frozen=True)
class StonePlaced(Event):
    """``player`` put a stone on ``cell``; ``second`` when it was the turn's second stone."""

    cell: int
    player: int
    second: bool


@dataclass(frozen=True)
class Passed(Event):
    """``player`` passed the whole turn."""

    player: int


@dataclass(frozen=True)
class TurnEnded(Event):
    """``player``'s turn is over (after one or two stones); the other player moves next."""

    player: int
