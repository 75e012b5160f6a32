"""Which engine Kaskade's searches play on: the compiled core (``_core.c``) where it was built
at install, else the pure-Python board — the reference the compiled one is tested against
(tests/controller/ai/test_core.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.games.kaskade import KaskadeState

if TYPE_CHECKING:
    from controller.ai.kaskade._core import CoreBoard

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
                                           state.plies)
    return board
