"""The compiled cores, for the tests that hold them to the Python ones: built at install where a
compiler is present; in CI they must be there, elsewhere their tests are skipped with the
reason."""

from __future__ import annotations

import os
from types import ModuleType

import pytest

from controller.ai import cascades_solve, solitaire
from controller.ai.solved import exact
from controller.games.colliding_circles import playout


def compiled_solver() -> ModuleType:
    """The compiled solver module; fails in CI and skips the calling module elsewhere when it
    was not built."""
    return require(solitaire._compiled, "the compiled solver")


def compiled_exact() -> ModuleType:
    """The compiled exact solver of small Kaskade boards, as :func:`compiled_solver`."""
    return require(exact._compiled, "the compiled exact solver")


def compiled_cascades() -> ModuleType:
    """The compiled Cascades solver, as :func:`compiled_solver`."""
    return require(cascades_solve._compiled, "the compiled Cascades solver")


def compiled_circles_playout() -> ModuleType:
    """Colliding Circles' compiled playout, as :func:`compiled_solver`."""
    return require(playout._compiled, "the compiled Colliding Circles playout")


def require(module: ModuleType | None, what: str) -> ModuleType:
    """``module``; fails in CI and skips the calling module elsewhere when it is ``None``."""
    if module is None:
        if os.environ.get("CI"):
            pytest.fail(f"{what} was not built: install build-essential and python3-dev",
                        pytrace=False)
        pytest.skip(f"{what} was not built (no C compiler here)", allow_module_level=True)
    return module
