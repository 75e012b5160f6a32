"""Running code on the real MicroPython interpreter (the WebAssembly port under node)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from sim.micropython.board import MicroPythonBoard
from sim.micropython.interpreter import EmulatorError, node, run_script


def micropython(script: Path, copies: dict[Path, str], timeout: float = 120) -> str:
    """Run ``script`` on MicroPython with host folders copied in (host path -> device path);
    its output. A script that raises fails the test with its traceback."""
    needs_interpreter()
    try:
        return run_script(script, copies, timeout)
    except EmulatorError as error:
        pytest.fail(str(error))


def needs_interpreter() -> None:
    """Skip when node or the MicroPython interpreter is not here, naming the fix; in CI, where
    every test must run, fail instead."""
    try:
        node()
    except EmulatorError as error:
        if os.environ.get("CI"):
            pytest.fail(str(error))
        pytest.skip(str(error))


@contextlib.contextmanager
def powered_board(flash: Path) -> Iterator[MicroPythonBoard]:
    """A MicroPython board emulator with its flash in ``flash``, on, then off."""
    needs_interpreter()
    board = MicroPythonBoard(flash)
    board.power_on()
    try:
        yield board
    finally:
        board.close()
