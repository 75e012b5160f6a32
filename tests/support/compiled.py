"""The compiled solver, for the tests that hold it to the Python one: built at install where a
compiler is present; in CI it must be there, elsewhere its tests are skipped with the reason."""

from __future__ import annotations

import os
from types import ModuleType

import pytest

from controller.ai import solitaire


def compiled_solver() -> ModuleType:
    """The compiled solver module; fails in CI and skips the calling module elsewhere when it
    was not built."""
    if solitaire._compiled is None:
        if os.environ.get("CI"):
            pytest.fail("the compiled solver was not built: install build-essential and "
                        "python3-dev", pytrace=False)
        pytest.skip("the compiled solver was not built (no C compiler here)",
                    allow_module_level=True)
    return solitaire._compiled
