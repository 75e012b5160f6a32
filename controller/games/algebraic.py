"""Algebraic cell names shared by the grid games: files ``a, b, …`` left to right, ranks
``1, 2, …`` bottom to top, so ``a1`` is the bottom-left cell (as in chess)."""

from __future__ import annotations

import re

FILES = "abcdefghijklmnop"
"""File letters for boards up to 16 cells wide."""

_CELL = re.compile(r"([a-z])([1-9][0-9]?)")


def cell_name(file: int, rank: int) -> str:
    """The name of the cell in 0-based ``file`` and ``rank`` (``cell_name(2, 2) == "c3"``)."""
    return f"{FILES[file]}{rank + 1}"


def parse_cell(text: str) -> tuple[int, int] | None:
    """0-based ``(file, rank)`` for a cell name such as ``c3`` or ``C3``; ``None`` when the text
    is not of that form. Whether the cell is on a particular board is the caller's question."""
    match = _CELL.fullmatch(text.strip().lower())
    if match is None:
        return None
    return ord(match[1]) - ord("a"), int(match[2]) - 1
