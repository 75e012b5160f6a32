"""What a Kaskade move reports, so the board can animate a cascade generation by generation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from controller.games.base import Event


class CellContent(NamedTuple):
    """What a cell holds: its owner (player number, ``None`` when empty) and its balls."""

    cell: int
    owner: int | None
    balls: int


@dataclass(frozen=True)
class Placed(Event):
    """The mover put a ball on ``cell``, which now holds ``balls`` of their balls."""

    cell: int
    player: int
    balls: int


@dataclass(frozen=True)
class Generation(Event):
    """One generation of a cascade: every cell at or above its critical mass overflowed at once.

    ``changes`` lists every cell whose content differs after this generation, with the new
    content, so a renderer can step from the previous frame to this one without the rules.
    """

    number: int
    """1 for the first overflow of the move, 2 for the cells it pushed over, …"""
    overflowing: tuple[int, ...]
    """The cells that overflowed, ascending."""
    changes: tuple[CellContent, ...]
    """New content of every changed cell, ascending by cell."""
    captured: tuple[int, ...]
    """Cells that belonged to the opponent before this generation and now belong to the mover."""
