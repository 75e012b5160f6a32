"""The Big Balls board: 28 holes in a triangle of 7 rows, with names and neighbours.

Rank 1 is the bottom row (7 holes, files a … g), rank 7 the apex (a7). Holes are numbered
from a1 along each rank and then up, so hole 0 is a1 and hole 27 is a7. Neighbours are named
by compass direction, clockwise from north-east: NE (f, r+1), E (f+1, r), SE (f+1, r−1),
SW (f, r−1), W (f−1, r), NW (f−1, r+1).
"""

from __future__ import annotations

import re

RANKS = 7
HOLES: tuple[tuple[int, int], ...] = tuple(
    (file, rank) for rank in range(1, RANKS + 1) for file in range(1, RANKS + 2 - rank)
)
"""``(file, rank)`` of every hole, both from 1: ``HOLES[0] == (1, 1)`` is a1."""
INDEX = {place: hole for hole, place in enumerate(HOLES)}
APEX = INDEX[(1, RANKS)]
"""a7: a stone that reaches it wins."""
_NAME = re.compile(r"([a-g])([1-7])")

DIRECTIONS = {"NE": (0, 1), "E": (1, 0), "SE": (1, -1), "SW": (0, -1), "W": (-1, 0),
              "NW": (-1, 1)}
STONE_STEPS = ("NW", "NE", "W", "E")
"""Where a stone may step: up or sideways."""
BALL_ROLLS = ("SW", "SE")
"""Where a big ball may roll: one hole down."""


def neighbour(hole: int, direction: str) -> int | None:
    """The hole next to ``hole`` in ``direction``, or ``None`` past the edge."""
    file, rank = HOLES[hole]
    step_file, step_rank = DIRECTIONS[direction]
    return INDEX.get((file + step_file, rank + step_rank))


STEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for d in STONE_STEPS if (t := neighbour(h, d)) is not None) for h in range(len(HOLES))
)
"""For each hole, the holes a stone there can step to."""
ROLLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for d in BALL_ROLLS if (t := neighbour(h, d)) is not None) for h in range(len(HOLES))
)
"""For each hole, the holes a ball there can roll to (none on the bottom row)."""

BLACK_START = tuple(INDEX[p] for p in ((1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (1, 3)))
"""a1, b1, c1, a2, b2, a3: where Black's shuffled stones go, in this order."""
WHITE_START = tuple(INDEX[p] for p in ((5, 1), (6, 1), (7, 1), (5, 2), (6, 2), (5, 3)))
"""e1, f1, g1, e2, f2, e3."""
BALL_START = tuple(INDEX[p] for p in ((1, 7), (1, 6), (2, 6), (1, 5), (2, 5), (3, 5)))
"""a7, a6, b6, a5, b5, c5."""


def hole_name(hole: int) -> str:
    """``c3``."""
    file, rank = HOLES[hole]
    return f"{'abcdefg'[file - 1]}{rank}"


def find_hole(text: str) -> int | None:
    """The hole named ``text``, or ``None``."""
    match = _NAME.fullmatch(text.strip().lower())
    if match is None:
        return None
    return INDEX.get(("abcdefg".index(match[1]) + 1, int(match[2])))
