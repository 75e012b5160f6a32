"""Opening tables of the slowest solved boards: the perfect moves of every position of the first
few plies, solved once by ``kaskade solve --openings`` and kept in ``openings.json``, so the
perfect player answers at once where a proof would take seconds on a Pi (2x6 and 3x4 from the
empty board: a quarter of a million positions).

A table holds every position that is not over within its first plies, one entry for a position
and all its mirror images and rotations (the board's symmetries; a board and its transpose are
the same game, so 4x3 is played from 3x4's table). An entry is the position's exact value and
its perfect moves: the quickest wins, or in a lost position the longest losses, as
:meth:`controller.ai.solved.exact.Analysis.best` gives them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from controller.ai.solved.exact import SolveError, _Solver, analyse_many

TABLES = Path(__file__).with_name("openings.json")
"""The committed tables (``kaskade solve 2x6,3x4 --openings 6 > openings.json``)."""
OFFSET = 3
"""A cell's ball count in a key is written as the digit of count + 3 (counts are -3 to 3)."""


@dataclass(frozen=True)
class Entry:
    """A position's exact value (+d: the side to move wins in d plies; -d: loses in d) and its
    perfect moves, in the table's orientation."""

    value: int
    moves: tuple[int, ...]


@dataclass(frozen=True)
class Table:
    """The perfect moves of every position of a board's first ``plies`` plies."""

    width: int
    height: int
    plies: int
    entries: dict[str, Entry]

    def move(self, cells: Sequence[int], transposed: bool,
             rng: random.Random) -> tuple[int, int] | None:
        """A perfect move in ``cells`` (on this board, or on its transpose if ``transposed``)
        and the position's value, or ``None`` if the position is not in the table; the
        symmetry the move is read through, and the move among equals, are chosen with
        ``rng``."""
        width, height = self.width, self.height
        oriented = _transpose(height, width, cells) if transposed else list(cells)
        images = [(_key(_apply(image, oriented)), image)
                  for image in symmetries(width, height)]
        least = min(key for key, _ in images)
        entry = self.entries.get(least)
        if entry is None:
            return None
        through = [image for key, image in images if key == least]
        image = through[int(rng.random() * len(through))]
        cell = image.index(entry.moves[int(rng.random() * len(entry.moves))])
        if transposed:
            cell = (cell % width) * height + cell // width
        return cell, entry.value


def opening(width: int, height: int, cells: Sequence[int], plies: int,
            rng: random.Random) -> tuple[int, int] | None:
    """A perfect move and the position's value from the committed tables, or ``None`` where
    they do not reach (another board, or past their plies)."""
    table = tables().get(f"{min(width, height)}x{max(width, height)}")
    if table is None or plies >= table.plies:
        return None
    return table.move(cells, width != table.width, rng)


def symmetries(width: int, height: int) -> list[tuple[int, ...]]:
    """Where each of the board's symmetries takes each cell (``rank * width + file``): the
    mirrors and the half turn, and on a square board the transposes too."""
    images = []
    for flips in range(8 if width == height else 4):
        image = []
        for cell in range(width * height):
            x, y = cell % width, cell // width
            if flips & 1:
                x = width - 1 - x
            if flips & 2:
                y = height - 1 - y
            image.append(x * width + y if flips & 4 else y * width + x)
        images.append(tuple(image))
    return images


def _apply(image: Sequence[int], cells: Sequence[int]) -> list[int]:
    """``cells`` moved by a symmetry."""
    moved = [0] * len(cells)
    for cell, value in enumerate(cells):
        moved[image[cell]] = value
    return moved


def _transpose(width: int, height: int, cells: Sequence[int]) -> list[int]:
    """A ``width`` x ``height`` position as the ``height`` x ``width`` board's."""
    return [cells[(cell % height) * width + cell // height] for cell in range(width * height)]


def _key(cells: Sequence[int]) -> str:
    """A position as a string of digits, one per cell."""
    return "".join(chr(ord("0") + OFFSET + value) for value in cells)


def _cells(key: str) -> list[int]:
    """The position a key names."""
    return [ord(digit) - ord("0") - OFFSET for digit in key]


def canonical(width: int, height: int, cells: Sequence[int]) -> list[int]:
    """The one of a position's symmetric images that stands for them all (the least key)."""
    return _cells(min(_key(_apply(image, cells)) for image in symmetries(width, height)))


def positions(width: int, height: int, plies: int) -> list[tuple[list[int], int]]:
    """Every position that is not over within the first ``plies`` plies, one of each symmetric
    set, with its ply: played out by the exact solver's own rules."""
    rules = _Solver(width, height, exact=True, limit=0)
    level = {_key([0] * (width * height))}
    found: list[tuple[list[int], int]] = []
    for ply in range(plies):
        found += [(_cells(key), ply) for key in sorted(level)]
        sign = -1 if ply & 1 else 1
        following = set()
        for key in level:
            cells = _cells(key)
            for move in range(width * height):
                after = cells[:]
                if cells[move] * sign >= 0 and not rules.place(after, move, ply):
                    following.add(_key(canonical(width, height, after)))
        level = following
    return found


def build(width: int, height: int, plies: int) -> Table:
    """Solve every position of the first ``plies`` plies exactly (one table for all: about the
    cost of solving the empty board) into an opening table."""
    if width > height:
        raise SolveError(f"an opening table is made for {height}x{width}, the same game")
    found = positions(width, height, plies)
    analyses = analyse_many(width, height, found)
    entries = {_key(cells): Entry(analysis.value, tuple(analysis.best()))
               for (cells, _), analysis in zip(found, analyses, strict=True)}
    return Table(width, height, plies, entries)


def dump(tables: Sequence[Table]) -> dict[str, Any]:
    """Tables as JSON: per board its plies and ``key: [value, [move, ...]]``."""
    return {f"{table.width}x{table.height}": {
        "plies": table.plies,
        "positions": {key: [entry.value, list(entry.moves)]
                      for key, entry in sorted(table.entries.items())},
    } for table in tables}


@cache
def tables() -> dict[str, Table]:
    """The committed tables by board (``2x6``, ``3x4``), read once."""
    data = json.loads(TABLES.read_text())
    found = {}
    for size, table in data.items():
        width, height = (int(side) for side in size.split("x"))
        found[size] = Table(width, height, table["plies"], {
            key: Entry(value, tuple(moves)) for key, (value, moves) in table["positions"].items()})
    return found
