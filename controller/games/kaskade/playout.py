"""Random playouts at full speed, for computer players and the engine benchmark.

The same rules as :class:`~controller.games.kaskade.state.KaskadeState.play`, without events,
undo records or legality errors: a random legal move is drawn by picking random cells until one
is empty or the mover's (uniform over the legal moves, and far cheaper than listing them), and
the common case, a ball that does not overflow, touches nothing else.
"""

from __future__ import annotations

from controller.games.base import Rng
from controller.games.kaskade.grid import Grid
from controller.games.kaskade.overflow import place


def random_playout(
    board: Grid,
    cells: list[int],
    counts: list[int],
    plies: int,
    rng: Rng,
    trace: list[int] | None = None,
) -> tuple[int, int]:
    """Play random moves on ``cells``/``counts`` (changed in place) from ply ``plies`` until a
    player is eliminated; return ``(winner, plies)``. Each move is appended to ``trace`` if
    given. The game must not be over yet; it always ends (see ``Grid.max_plies``)."""
    random = rng.random
    size = board.cells
    critical = board.critical
    neighbours = board.neighbours
    while True:
        sign = 1 - 2 * (plies & 1)
        while True:
            cell = int(random() * size)
            if cells[cell] * sign >= 0:
                break
        if trace is not None:
            trace.append(cell)
        if place(cells, critical, neighbours, cell, plies, counts):
            return plies & 1, plies + 1
        plies += 1
