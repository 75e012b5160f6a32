"""Chang's Cascades solved on small boards: who wins with perfect play, and a move that does.

An exact search of its own (it shares no code with the game's engine, an independent check of
both): the board as two bit masks, a turn as the set of boards it can leave — a pass, one stone,
or two (the second may hang from the first) — and negamax over whole turns with a table of
solved positions. Values are +1 (the side to move wins), 0 (a draw) or -1.

The standard options only: the widening board, stones checked as each is placed, the bottom row
deciding. With ``greedy`` the search considers only turns of two stones where two can be placed
(a pass and a one-stone turn only where nothing more is possible): a far smaller search, whose
answers agreed with the full search on every board the full search finished, but which is not a
proof by itself.

:class:`CompiledSolver` is the same search in C (``_cascades_core.c``) where it was built at
install — with bounds of its own on what each side can still get (which only cut the search
short: a test holds its values to this module's on random positions), a table of bounded size
and a position and its mirror image as one entry; :func:`make_solver` picks it where built. This
module's :class:`Solver` is the reference, and the path without a C compiler. Where it was built,
:meth:`CompiledSolver.proves_win` also proves one side's win by proof-number search, which
reaches proofs on larger boards that alpha-beta does not (``kaskade solve --proof``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from controller.errors import KaskadeError

_compiled: Any
try:
    from controller.ai import _cascades_core as _compiled
except ImportError:  # no C compiler at install: the Python solver alone
    _compiled = None


class CascadesSolveError(KaskadeError, ValueError):
    """A board the Cascades solver does not take."""


@dataclass
class Board:
    """A Cascades board of top width ``top``: rows of top … 2·top−1 cells, numbered row by row
    from the top as the game numbers them; each cell's cells below as a bit mask."""

    top: int
    below: list[int] = field(init=False)
    bottom: int = field(init=False)
    rows: list[int] = field(init=False)
    """Each row's cells as a mask."""
    need: int = field(init=False)
    start: tuple[int, int] = field(init=False)
    """The top row's stones: White's mask, Black's."""

    def __post_init__(self) -> None:
        n = self.top
        widths = list(range(n, 2 * n))
        starts = [sum(widths[:row]) for row in range(n)]
        cells = starts[-1] + widths[-1]
        self.below = [0] * cells
        self.rows = [((1 << width) - 1) << starts[row] for row, width in enumerate(widths)]
        for row, width in enumerate(widths[:-1]):
            for index in range(width):
                self.below[starts[row] + index] = \
                    (1 << (starts[row + 1] + index)) | (1 << (starts[row + 1] + index + 1))
        self.bottom = sum(1 << (starts[-1] + index) for index in range(widths[-1]))
        self.need = widths[-1] // 2 + 1
        white = sum(1 << c for c in range(n) if (n - 1 - c) % 2 == 0)
        self.start = (white, ((1 << n) - 1) & ~white)

    def reach(self, own: int, other: int) -> int:
        """The cells ``own``'s stones hold or can still reach through cells ``other`` does not
        hold, as a mask (row by row: a row's reachable cells open the two below each)."""
        found = own
        for row in range(self.top - 1):
            mask = found & self.rows[row]
            shift = self.top + row
            found |= ((mask << shift) | (mask << (shift + 1))) & ~other
        return found

    def sure(self, own: int, other: int) -> tuple[int, int]:
        """The bottom cells only ``own`` can hold (held or reachable by ``own`` alone), and
        the same for ``other``: each side's sure count."""
        mine, theirs = self.reach(own, other), self.reach(other, own)
        return ((mine & ~theirs) & self.bottom).bit_count(), \
            ((theirs & ~mine) & self.bottom).bit_count()

    def places(self, own: int, taken: int) -> int:
        """The empty cells below ``own``'s stones, as a mask."""
        found = 0
        for low in bits(own):
            found |= self.below[low.bit_length() - 1]
        return found & ~taken

    def bottom_count(self, own: int) -> int:
        """Bottom cells held."""
        return (own & self.bottom).bit_count()


def bits(mask: int) -> Iterator[int]:
    """Each set bit of ``mask`` on its own, lowest first."""
    while mask:
        low = mask & -mask
        mask ^= low
        yield low


CHECK_EVERY = 1024
"""Positions solved between questions to a solver's ``stop``."""


class Stopped(KaskadeError, RuntimeError):  # noqa: N818 - a signal to unwind, not an error
    """The solver's ``stop`` said so."""


WON = None
"""What :meth:`Solver.turns` returns when a stone of the turn wins at once."""


class Solver:
    """Negamax over whole turns on ``board``, remembering every position solved."""

    def __init__(self, top: int, greedy: bool = False) -> None:
        if top < 3:
            raise CascadesSolveError(f"top width {top}: Cascades boards start at 3")
        self.board = Board(top)
        self.greedy = greedy
        self.table: dict[tuple[int, int, int], int] = {}
        self.stop: Callable[[], bool] | None = None
        """Asked every :data:`CHECK_EVERY` positions solved; true: raise :class:`Stopped`
        (what was solved stays in the table, each entry exact)."""

    @property
    def positions(self) -> int:
        """Positions solved and kept in the table."""
        return len(self.table)

    @property
    def nodes(self) -> int:
        """Positions searched: here each is solved once and kept."""
        return len(self.table)

    def turns(self, own: int, other: int) -> set[int] | None:
        """Every ``own`` mask a turn of stones can leave (``None``: one wins at once)."""
        board = self.board
        taken = own | other
        results: set[int] = set()
        for stone in bits(board.places(own, taken)):
            one = own | stone
            if board.bottom_count(one) >= board.need:
                return WON
            second = board.places(one, taken | stone)
            if not second or not self.greedy:
                results.add(one)
            for extra in bits(second):
                if board.bottom_count(one | extra) >= board.need:
                    return WON
                results.add(one | extra)
        return results

    def value(self, own: int, other: int, passed: bool) -> int:
        """The value for the side to move at the start of a turn (``passed``: the opponent
        just passed, so a pass ends the game)."""
        key = (own, other, passed)
        known = self.table.get(key)
        if known is not None:
            return known
        board = self.board
        mine, theirs = board.sure(own, other)
        if mine >= board.need:
            result = 1
        elif theirs >= board.need:  # lost, unless a pass ends the game now on the count
            result = self.by_score(own, other) if passed else -1
        elif not board.places(own, own | other) and not board.places(other, own | other):
            result = self.by_score(own, other)
        else:
            result = self.best_turn(own, other, passed)
        self.table[key] = result
        if self.stop is not None and len(self.table) % CHECK_EVERY == 0 and self.stop():
            raise Stopped
        return result

    def best_turn(self, own: int, other: int, passed: bool) -> int:
        """The value of the side to move's best turn (stones, or a pass), turns tried in the
        order of the sure bottom cells they leave."""
        turns = self.turns(own, other)
        if turns is WON:
            return 1
        board = self.board
        ordered = []
        for after in turns:
            mine, theirs = board.sure(after, other)
            if mine >= board.need:
                return 1
            ordered.append((theirs - mine, -after.bit_count(), after))
        ordered.sort()
        result = -2
        for _, _, after in ordered:
            result = max(result, -self.value(other, after, False))
            if result == 1:
                return 1
        if not turns or not self.greedy:  # a pass
            result = max(result, self.by_score(own, other) if passed else
                         -self.value(other, own, True))
        return result

    def by_score(self, own: int, other: int) -> int:
        """The end without a majority, for the side holding ``own``: +1, 0 or -1."""
        mine, theirs = self.board.bottom_count(own), self.board.bottom_count(other)
        return (mine > theirs) - (mine < theirs)

    def first_moves(self) -> dict[int, int]:
        """Each first stone of the game (one stone, White) with its value for White."""
        white, black = self.board.start
        return {stone.bit_length() - 1: -self.value(black, white | stone, False)
                for stone in bits(self.board.places(white, white | black))}

    def loses(self, own: int, other: int, passed: bool) -> bool:
        """Whether the side to move loses (a proof: cheaper than the value where the search
        can stop short of telling a draw from a win)."""
        return self.value(own, other, passed) == -1


TABLE_BYTES = 1 << 30
"""The compiled solver's table by default (``kaskade solve --memory``); a player's is
:data:`PLAYER_TABLE_BYTES`."""
PLAYER_TABLE_BYTES = 1 << 26


class CompiledSolver(Solver):
    """:class:`Solver`'s search in C (``_cascades_core.c``): the same values, from a table of
    at most ``table_bytes`` (a full table forgets the positions that cost least to solve
    again). Its ``stop`` is asked every :data:`CHECK_EVERY` positions searched; ``limit``
    bounds the positions one call may search (0: none), past it :class:`Stopped`."""

    def __init__(self, top: int, greedy: bool = False, table_bytes: int = TABLE_BYTES) -> None:
        super().__init__(top, greedy)
        if _compiled is None:
            raise CascadesSolveError("the compiled Cascades solver was not built (no C "
                                     "compiler at install)")
        try:
            self.core = _compiled.Solver(top, greedy, table_bytes)
        except ValueError as error:
            raise CascadesSolveError(str(error)) from None
        self.limit = 0
        self.starts = [sum(range(top, top + row)) for row in range(top)]

    @property
    def positions(self) -> int:
        """Positions kept in the table (those decided by the bounds alone are not stored)."""
        return int(self.core.positions)

    @property
    def nodes(self) -> int:
        """Positions searched, over the solver's life."""
        return int(self.core.nodes)

    def rows(self, mask: int) -> list[int]:
        """A mask of the board's cells as one mask per row."""
        return [(mask >> start) & ((1 << (self.board.top + row)) - 1)
                for row, start in enumerate(self.starts)]

    def value(self, own: int, other: int, passed: bool) -> int:
        return self.bounded(own, other, passed, -1, 1)

    def loses(self, own: int, other: int, passed: bool) -> bool:
        return self.bounded(own, other, passed, -1, 0) == -1

    def proves_win(self, own: int, other: int, passed: bool, mover: bool,
                   narrow: bool = False) -> bool:
        """Whether a side wins (the side to move, ``own``, if ``mover``; else the other), by
        proof-number search: quicker to a proof than :meth:`loses` where a few of the loser's
        turns are hard and most are not. With ``narrow`` the winner is allowed only turns of two
        stones where two fit (and a pass that ends the game): a win it finds is still proved —
        every turn of the loser is answered — but false then says only that none was found that
        way. Its table is its own, of ``table_bytes`` too."""
        return bool(self._budgeted(self.core.wins, self.rows(own), self.rows(other), passed,
                                   mover, narrow))

    def bounded(self, own: int, other: int, passed: bool, alpha: int, beta: int) -> int:
        """The value within the window ``alpha`` < value < ``beta``: at most ``alpha`` means
        no more than that, at least ``beta`` no less."""
        return int(self._budgeted(self.core.value, self.rows(own), self.rows(other), passed,
                                  alpha, beta))

    def _budgeted(self, search: Callable[..., Any], *arguments: Any) -> Any:
        """A compiled search's answer, asking ``stop`` and bounded by ``limit`` on the way."""
        stop = self.stop
        check = None if stop is None else lambda _: stop()
        result = search(*arguments, check=check, every=CHECK_EVERY, limit=self.limit)
        if result is None:
            raise Stopped
        return result


def compiled() -> bool:
    """Whether the compiled solver was built."""
    return _compiled is not None


def make_solver(top: int, greedy: bool = False, python: bool = False,
                table_bytes: int = TABLE_BYTES) -> Solver:
    """The compiled solver where it was built (and ``python`` is false), else the Python one."""
    if python or _compiled is None:
        return Solver(top, greedy)
    return CompiledSolver(top, greedy, table_bytes)


FIRST_STONES = {3: "b2", 4: "d2", 5: "e2", 6: "f2"}
"""A winning first stone per solved top width, as ``kaskade solve --game cascades`` finds it
(a test holds this table to the solver): the first move costs no search, and on top 4 it is
the only winning one, so it must not fall to the general search; top 6's, a proof of a
second or more, opens the book (:mod:`controller.ai.cascades_book`)."""
