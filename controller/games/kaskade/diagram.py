"""The Kaskade board drawn as text for people: replay output and the terminal game."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from controller.games.algebraic import FILES
from controller.games.kaskade.grid import Grid
from controller.games.kaskade.notation import cell_token

Painter = Callable[[int, str], str]
"""``paint(cell, token)`` returns the token wrapped in colour codes (or unchanged)."""


def diagram(board: Grid, cells: Sequence[int], paint: Painter | None = None) -> str:
    """The board, rank H at the top, with file letters and rank numbers around it.

    Cells read ``.`` (empty), ``W2`` (two White balls) or ``B1``. ``paint`` may colour each
    token; the layout is computed from the bare tokens so colour codes never shift columns.
    """
    tokens = [cell_token(v).upper() for v in cells]
    width = max(3, *(len(t) + 1 for t in tokens))
    files = "".join(f"{FILES[f]:<{width}}" for f in range(board.width)).rstrip()
    lines = ["    " + files]
    for rank in reversed(range(board.height)):
        row = []
        for file in range(board.width):
            cell = rank * board.width + file
            token = tokens[cell]
            row.append((paint(cell, token) if paint else token) + " " * (width - len(token)))
        lines.append(f"{rank + 1:>2}  {''.join(row)} {rank + 1}")
    lines.append("    " + files)
    return "\n".join(lines)
