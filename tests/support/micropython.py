"""Running code on the real MicroPython interpreter (the WebAssembly port under node)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
RUNNER = ROOT / "sim" / "micropython" / "run.mjs"
INTERPRETER = ROOT / "sim" / "micropython" / "node_modules" / "@micropython"


def micropython(script: Path, copies: dict[Path, str], timeout: float = 120) -> str:
    """Run ``script`` on MicroPython with host folders copied in (host path -> device path);
    its output. Fails the test, naming the fix, when node or the interpreter is missing."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (CI installs it); the MicroPython tests need it")
    if not INTERPRETER.is_dir():
        pytest.fail("the MicroPython interpreter is not installed: run "
                    "'npm ci --prefix sim/micropython' (make test does)")
    command = [node, str(RUNNER)]
    for host, device in copies.items():
        command += ["--copy", f"{host}={device}"]
    result = subprocess.run([*command, str(script)], capture_output=True, text=True,
                            timeout=timeout, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def needs_interpreter() -> None:
    """Skip (fail in CI) when node or the MicroPython interpreter is not here."""
    import os

    problem = None
    if shutil.which("node") is None:
        problem = "node is not installed (CI installs it)"
    elif not INTERPRETER.is_dir():
        problem = ("the MicroPython interpreter is not installed: run 'npm ci --prefix "
                   "sim/micropython' (make test does)")
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(problem)
        pytest.skip(problem)
