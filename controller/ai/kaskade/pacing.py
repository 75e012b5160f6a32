"""How the strongest level spreads its thinking over a game of Kaskade: a quarter of its budget
in the opening, three times its budget late, where games are decided, and never ahead of its
budget.

Games between strong players end in one long cascade when the board is about three quarters
full; the moves before it decide them, and a search there finds the win (or the way out) only a
ply or two deeper than a move's budget reaches. In the opening nothing can overflow for many
moves and a shallower search plays nearly as well. So the search takes ``SAVING`` of a move's
budget while fewer balls are on the board than ``OPENING`` of what it holds, and ``SPENDING``
from ``LATE`` of it, for as many of its moves as saving bought. Every ball is one move, so
the phases depend only on the count of moves played: each player saves in its first moves what
it spends later, and after any number of moves in any game it has used at most its budget per
move (``pace`` is the share of one move's budget; tests hold the running mean to 1).
"""

from __future__ import annotations

from controller.games.kaskade.grid import Grid

OPENING = 0.5
"""The opening: fewer balls than this share of the board's capacity."""
LATE = 0.5625
"""Where the spending starts, as a share of the board's capacity."""
SAVING = 0.25
"""The share of a move's budget the opening's moves take."""
SPENDING = 3.0
"""The share late moves take, until what the opening saved is spent."""


def _even(plies: float) -> int:
    """A count of plies rounded down to an even one: each player has as many moves in it."""
    return 2 * int(plies // 2)


def phases(grid: Grid) -> tuple[int, int, int]:
    """The plies where the opening ends, where spending starts and where it ends on ``grid``."""
    capacity = grid.max_plies - 1
    opening = _even(OPENING * capacity)
    late = max(opening, _even(LATE * capacity))
    spent = _even(opening * (1 - SAVING) / (SPENDING - 1))
    return opening, late, late + spent


def pace(grid: Grid, plies: int) -> float:
    """The share of one move's budget to think with when ``plies`` moves have been played."""
    opening, late, end = phases(grid)
    if plies < opening:
        return SAVING
    if late <= plies < end:
        return SPENDING
    return 1.0
