"""Small Kaskade boards solved exactly: who wins with perfect play, and in how many plies.

An independent check of the game: this module shares no code with the game's engine or its
searches. It plays the rules itself (one ball on an empty cell or one's own; a cell at critical
mass overflows to its orthogonal neighbours, capturing them; generations; the game is won once
the opponent owns no cell, from the second ply on) and searches every reachable position.

A game is a walk through a finite DAG — every move adds a ball, and a position that is not over
holds fewer balls than critical mass everywhere — so a depth-first search with a table of solved
positions visits each reachable position once. A position's value is a win or a loss for the
side to move and the plies to the end when the winner hurries and the loser holds out.

:func:`analyse` runs the compiled solver (``_exact.c``) where it was built, else this module's
Python one, which is the reference the compiled one is tested against and fast enough up to
nine cells.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from controller.errors import KaskadeError

_compiled: Any
try:
    from controller.ai.solved import _exact as _compiled
except ImportError:  # no C compiler at install: the Python solver alone
    _compiled = None

PYTHON_CELLS = 9
"""The largest board (in cells) the Python solver takes: 3x3 solves in about a minute; 3x4 has
43 million positions, for the compiled solver only."""
TABLE_BYTES = 1 << 30
"""The hash table of the compiled solver on boards too large for a direct table."""
WON = 0x80
CHECK_EVERY = 65536
"""Positions between calls of an analysis' ``check`` (as ``_exact.c`` counts them)."""


class SolveError(KaskadeError, ValueError):
    """A board or position the exact solver cannot take."""


@dataclass(frozen=True)
class Analysis:
    """Every legal move of a position with its value, and what the search cost."""

    values: dict[int, int]
    """Move → +d (the mover wins in d plies, this move included), -d (loses in d), or 0 (the
    node limit came first)."""
    positions: int
    """Positions solved and stored (with ``exact``: every position reachable from here; by
    :func:`analyse_many`, for all its positions together)."""
    complete: bool
    exact: bool
    """Whether the lengths are exact (``False``: a proof search, which stops at the first
    winning move, so who wins is exact but a length only an upper bound)."""

    @property
    def value(self) -> int:
        """The position's own value for the side to move: the best move's."""
        return max(self.values.values(), key=_preference)

    def best(self) -> list[int]:
        """The moves of perfect play: the quickest wins, or the longest losses."""
        top = _preference(self.value)
        return sorted(move for move, value in self.values.items() if _preference(value) == top)

    def winning(self) -> list[int]:
        """Every move that wins."""
        return sorted(move for move, value in self.values.items() if value > 0)


def _preference(value: int) -> tuple[int, int]:
    """How much the mover likes a move's value: any win over any loss, a shorter win, a longer
    loss; unknown between the two."""
    if value > 0:
        return (2, -value)
    if value < 0:
        return (0, -value)
    return (1, 0)


def compiled() -> bool:
    """Whether the compiled solver was built."""
    return _compiled is not None


def analyse(width: int, height: int, cells: Sequence[int], plies: int, exact: bool = True,
            limit: int = 0, order: Sequence[int] | None = None, first: bool = False,
            check: Callable[[int], bool] | None = None, python: bool = False,
            table_bytes: int = TABLE_BYTES) -> Analysis:
    """Every legal move's value in the position ``cells`` (signed ball counts, White positive,
    ``rank * width + file``) after ``plies`` plies, which must not be over.

    ``exact``: the lengths are exact (else only upper bounds, and far faster); ``limit``
    bounds the positions searched (0: none); ``order``: the moves to try, in this order (default
    every cell); ``first``: stop at the first winning move; ``check``: called with the positions
    searched since its last call every :data:`CHECK_EVERY`, a true answer stops the search (a
    player cancelled); ``python``: the Python solver even where the compiled one was built;
    ``table_bytes``: the compiled solver's hash table, on boards too large for a direct one."""
    if width < 2 or height < 2:
        raise SolveError(f"a {width}x{height} board is not a Kaskade board")
    if len(cells) != width * height:
        raise SolveError(f"a {width}x{height} board has {width * height} cells, not {len(cells)}")
    roots = list(range(width * height) if order is None else order)
    if any(not 0 <= move < width * height for move in roots):
        raise SolveError(f"a move to try is off the {width}x{height} board: {roots}")
    if python or _compiled is None:
        if width * height > PYTHON_CELLS:
            raise SolveError(
                f"solving {width}x{height} needs the compiled solver, which was not built "
                "(no C compiler at install); the Python solver takes boards of at most "
                f"{PYTHON_CELLS} cells")
        return _Solver(width, height, exact, limit, check).analyse(list(cells), plies, roots,
                                                                  first)
    try:
        positions, _, complete, values = _compiled.analyse(
            width, height, list(cells), plies, exact, limit, table_bytes, roots, first, check)
    except (ValueError, MemoryError) as error:
        raise SolveError(f"cannot solve this {width}x{height} position: {error}") from None
    return Analysis(dict(values), positions, complete, exact)


def analyse_many(width: int, height: int, positions: Sequence[tuple[Sequence[int], int]],
                 exact: bool = True, python: bool = False) -> list[Analysis]:
    """Every legal move's value in each of ``positions`` (``(cells, plies)`` as
    :func:`analyse` takes them), with one table for all: a position solved for one is known to
    the next, so the positions of one board cost about what the first of them costs alone (the
    opening tables are computed so)."""
    if width < 2 or height < 2:
        raise SolveError(f"a {width}x{height} board is not a Kaskade board")
    if python or _compiled is None:
        if width * height > PYTHON_CELLS:
            raise SolveError(
                f"solving {width}x{height} needs the compiled solver, which was not built")
        solver = _Solver(width, height, exact, 0)
        every = list(range(width * height))
        analyses = [solver.analyse(list(cells), plies, every, first=False)
                    for cells, plies in positions]
        return [replace(analysis, positions=len(solver.table)) for analysis in analyses]
    try:
        total, results = _compiled.analyse_many(
            width, height, [(list(cells), plies) for cells, plies in positions], exact,
            TABLE_BYTES)
    except (ValueError, MemoryError) as error:
        raise SolveError(f"cannot solve these {width}x{height} positions: {error}") from None
    return [Analysis(dict(values), total, True, exact) for values in results]


class _LimitError(KaskadeError, RuntimeError):
    """The node limit was reached, or the check said stop."""


class _Solver:
    """The Python solver: the algorithm of ``_exact.c`` line for line in exact mode, with a dict
    for a table; its proofs try the moves in the board's order, without the compiled proof's
    move order, its look into the table before searching, or its symmetries (which only make
    a proof cheaper: who wins is the same)."""

    def __init__(self, width: int, height: int, exact: bool, limit: int,
                 check: Callable[[int], bool] | None = None) -> None:
        self.n = width * height
        self.exact = exact
        self.limit = limit
        self.check = check
        self.neighbours: list[tuple[int, ...]] = []
        for cell in range(self.n):
            x, y = cell % width, cell // width
            self.neighbours.append(tuple(
                c for c, inside in ((cell - 1, x > 0), (cell + 1, x < width - 1),
                                    (cell - width, y > 0), (cell + width, y < height - 1))
                if inside))
        self.critical = [len(n) for n in self.neighbours]
        self.table: dict[tuple[int, ...], int] = {}

    def analyse(self, cells: list[int], plies: int, order: list[int], first: bool) -> Analysis:
        for cell, value in enumerate(cells):
            if abs(value) >= self.critical[cell]:
                raise SolveError("a cell holds critical mass or more: the position is over")
        sign = -1 if plies & 1 else 1
        values: dict[int, int] = {}
        complete = True
        if first:  # a win at once comes first
            order = [move for move in order if cells[move] * sign >= 0 and
                     self.place(cells[:], move, plies)][:1] or order
        for move in order:
            if cells[move] * sign < 0:
                continue
            after = cells[:]
            if self.place(after, move, plies):
                values[move] = 1
                if first:
                    break
                continue
            try:
                child = self.solve(after, plies + 1)
            except _LimitError:
                values[move] = 0
                complete = False
                break
            distance = (child & 0x7F) + 1
            values[move] = -distance if child & WON else distance
            if first and values[move] > 0:
                break
        return Analysis(values, len(self.table), complete, self.exact)

    def place(self, cells: list[int], cell: int, plies: int) -> bool:
        """Play a ball on ``cell`` at ply ``plies``; whether it won."""
        sign = -1 if plies & 1 else 1
        balls = cells[cell] * sign + 1
        cells[cell] = balls * sign
        if balls < self.critical[cell]:
            return False
        due = [cell]
        while due:
            for c in due:
                cells[c] = (cells[c] * sign - self.critical[c]) * sign
                for m in self.neighbours[c]:
                    cells[m] = (abs(cells[m]) + 1) * sign
            if plies >= 1 and not any(value * sign < 0 for value in cells):
                return True
            due = [c for c in range(self.n) if cells[c] * sign >= self.critical[c]]
        return False

    def solve(self, cells: list[int], plies: int) -> int:
        """The value byte of a position that is not over: ``WON | d`` or ``d``."""
        key = tuple(cells)
        known = self.table.get(key)
        if known is not None:
            return known
        if self.limit and len(self.table) >= self.limit:
            raise _LimitError
        if self.check and len(self.table) % CHECK_EVERY == CHECK_EVERY - 1 and \
                self.check(CHECK_EVERY):
            raise _LimitError
        sign = -1 if plies & 1 else 1
        win = loss = 0
        for move in range(self.n):
            if cells[move] * sign < 0:
                continue
            after = cells[:]
            if self.place(after, move, plies):
                win = 1
                if not self.exact:
                    break
                continue  # exact: every reachable position is visited, whatever the order
            value = self.solve(after, plies + 1)
            distance = (value & 0x7F) + 1
            if not value & WON:
                win = distance if not win else min(win, distance)
                if not self.exact:
                    break
            else:
                loss = max(loss, distance)
        value = WON | win if win else loss
        self.table[key] = value
        return value
