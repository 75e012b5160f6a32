"""Which engine Kaskade's searches play on: the compiled core (``_core.c``) where it was built
at install, else the pure-Python board and search — the reference the compiled ones are tested
against (tests/controller/ai/test_core.py, test_core_search.py)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from controller.ai.base import Budget, Thought
from controller.ai.kaskade.search import unit
from controller.games.kaskade import KaskadeState

if TYPE_CHECKING:
    from controller.ai.kaskade._core import CoreBoard
else:
    CoreBoard = Any

CHECK_EVERY = 1024
"""Nodes the compiled search runs between looks at the budget (well under a millisecond)."""

_compiled: Any
try:
    from controller.ai.kaskade import _core as _compiled
except ImportError:  # no C compiler at install: the Python engine alone
    _compiled = None


def compiled() -> bool:
    """Whether the compiled core was built."""
    return _compiled is not None


def compiled_board(state: KaskadeState) -> CoreBoard:
    """``state`` as a compiled board (``RuntimeError`` where there is none)."""
    if _compiled is None:
        raise RuntimeError("the compiled core was not built (no C compiler at install)")
    grid = state.grid
    board: CoreBoard = _compiled.CoreBoard(grid.width, grid.height, list(state.cells),
                                           state.plies, state.is_over())
    return board


def new_table() -> bytearray:
    """A transposition table for :func:`compiled_search` to keep from move to move."""
    if _compiled is None:
        raise RuntimeError("the compiled core was not built (no C compiler at install)")
    return bytearray(_compiled.TABLE_BYTES)


def compiled_search(state: KaskadeState, budget: Budget, rng: random.Random,
                    max_depth: int = 64, table: bytearray | None = None,
                    threads: int = 1, quiescence: int = 0) -> Thought:
    """The compiled alpha-beta's move in ``state`` within ``budget``: the root moves shuffled by
    ``rng`` as the Python search shuffles them, so on one thread a seed and a step budget
    repeat exactly. The search runs without the interpreter's lock, taking it back to ask the
    budget. ``table`` (from :func:`new_table`): what earlier searches stored there answers this
    one too, as a fresh table would not; one search at a time may use it. ``threads``: threads
    searching together on one table (Lazy SMP, ``_core.c``); the budget's steps count the
    nodes of them all, and which thread finishes first varies, so with more than one the move
    may vary too. ``quiescence``: plies of captures searched past the horizon."""
    board = compiled_board(state)
    moves = board.moves()
    rng.shuffle(moves)

    reported = [0]

    def check(nodes: int) -> bool:
        reported[0] += nodes
        budget.step(nodes)
        return budget.spent()

    every = CHECK_EVERY if budget.steps is None else max(1, min(CHECK_EVERY, budget.steps // 16))
    limit = 0 if budget.steps is None else max(1, budget.steps - budget.used)
    move, score, nodes, depth = board.search(moves, max_depth, check, every, table, threads,
                                             limit, quiescence)
    budget.step(nodes - reported[0])  # the nodes searched since the last look, every thread's
    return Thought(state.grid.places[move], unit(score), nodes, depth, budget.elapsed)
