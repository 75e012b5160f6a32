"""A Kaskade move: one ball onto one cell."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Place:
    """A ball onto ``cell`` (``rank * width + file`` on the board it is played on; its name,
    ``c3``, is the same on every board). Each :class:`~controller.games.kaskade.grid.Grid`
    keeps one per cell in ``places``, so listing the legal moves makes no objects."""

    cell: int
