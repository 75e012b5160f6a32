"""A square of pads on the grid — a menu's tile — and how a game draws its picture on one (its
icon on the home menu)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from controller.render.canvas import Canvas

Pad = tuple[int, int]
"""A pad as ``(column, row)``, ``(0, 0)`` being ``a1``."""


@dataclass(frozen=True)
class Tile:
    """A square of pads: bottom-left pad and side."""

    column: int
    row: int
    size: int

    def contains(self, pad: Pad) -> bool:
        """Whether ``pad`` lies on the tile."""
        column, row = pad
        return self.column <= column < self.column + self.size and \
            self.row <= row < self.row + self.size

    def pads(self) -> list[Pad]:
        """The tile's pads, bottom row first."""
        return [(self.column + c, self.row + r) for r in range(self.size)
                for c in range(self.size)]


Icon = Callable[[Canvas, Tile, int, float], None]
"""Draws a game's home tile: ``icon(canvas, tile, k, level)``, ``k`` LEDs per pad side, at
``level`` of full brightness (a tile breathes while a game waits to be continued)."""
