"""The moves of Cascades: a stone onto a cell, a pass, the end of a turn after one stone."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Place:
    """A stone of the player to move onto ``cell`` (numbered row by row from the top, as in
    :class:`~controller.games.cascades.slope.Slope`; named ``c3`` and so on)."""

    cell: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Give up the whole turn (not on the first player's first turn); written ``pass``."""


@dataclass(frozen=True, slots=True)
class End:
    """Stop after the turn's first stone; written ``end``."""


PASS = Pass()
END = End()
Move = Place | Pass | End
