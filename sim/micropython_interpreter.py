"""The real MicroPython interpreter (its WebAssembly port, installed by npm in
``sim/micropython``) under node: finding it, and running a script on it with host folders
copied into its file system. The board emulator and the firmware's measurements build on it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from controller.errors import KaskadeError

HERE = Path(__file__).resolve().parent / "micropython"
RUNNER = HERE / "run.mjs"


class EmulatorError(KaskadeError, RuntimeError):
    """MicroPython cannot run here (no node, or the interpreter is not installed), or a script
    run on it failed."""


def node() -> str:
    """The path of node, once node and the interpreter are both here."""
    found = shutil.which("node")
    if found is None:
        raise EmulatorError("MicroPython runs under Node.js, which is not installed (on Debian: "
                            "sudo apt install nodejs npm)")
    if not (HERE / "node_modules" / "@micropython").is_dir():
        raise EmulatorError(f"the MicroPython interpreter is not installed: npm ci --prefix "
                            f"{HERE} (make test does)")
    return found


def run_script(script: Path, copies: dict[Path, str], timeout: float = 120) -> str:
    """Run ``script`` on MicroPython with host folders copied in (host path -> device path)
    and return what it printed; a script that raises is an :class:`EmulatorError` carrying its
    output and traceback."""
    command = [node(), str(RUNNER)]
    for host, device in copies.items():
        command += ["--copy", f"{host}={device}"]
    result = subprocess.run([*command, str(script)], capture_output=True, text=True,
                            timeout=timeout, check=False)
    if result.returncode != 0:
        raise EmulatorError(f"{script.name} failed on MicroPython:\n{result.stdout}"
                            f"{result.stderr}")
    return result.stdout
