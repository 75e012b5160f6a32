"""The real MicroPython interpreter (its WebAssembly port, an npm package) under node: finding
it, installing it, and running a script on it with host folders copied into its file system.
The board emulator and the firmware's measurements build on it.

The JavaScript that runs it (``sim/micropython/*.mjs``) travels with the program; the npm
package does not. In a source checkout it is in ``sim/micropython/node_modules`` (``npm ci``
there; ``make test`` does). An installed program keeps it in the user's data folder
(``$XDG_DATA_HOME/kaskade-board/micropython``, else ``~/.local/share/…``), where
``kaskade sim device --install-interpreter`` puts it with npm, from the package's own
``package-lock.json``. The JavaScript finds it through ``KASKADE_MICROPYTHON_DIR``."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from controller.errors import KaskadeError

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "run.mjs"
LOCK_FILES = ("package.json", "package-lock.json")
"""What npm installs the interpreter from."""
DIR_VARIABLE = "KASKADE_MICROPYTHON_DIR"
"""Names the folder whose node_modules holds the interpreter, for the JavaScript."""
_PACKAGE = Path("node_modules") / "@micropython"


class EmulatorError(KaskadeError, RuntimeError):
    """MicroPython cannot run here (no node, or the interpreter is not installed), or a script
    run on it failed."""


def data_dir() -> Path:
    """Where an installed program keeps the interpreter."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kaskade-board" / "micropython"


def modules_dir() -> Path | None:
    """The folder holding the interpreter installed from this program's lock file: the
    checkout's ``sim/micropython``, else the data folder; ``None`` when neither has it (or
    the data folder's is from another release's lock file)."""
    if (HERE / _PACKAGE).is_dir():
        return HERE
    folder = data_dir()
    if (folder / _PACKAGE).is_dir() and all(
            _same(folder / name, HERE / name) for name in LOCK_FILES):
        return folder
    return None


def _same(a: Path, b: Path) -> bool:
    try:
        return a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def node() -> str:
    """The path of node, once node and the interpreter are both here."""
    found = shutil.which("node")
    if found is None:
        raise EmulatorError("MicroPython runs under Node.js, which is not installed (on Debian: "
                            "sudo apt install nodejs npm)")
    if modules_dir() is None:
        raise EmulatorError("the MicroPython interpreter is not installed: kaskade sim device "
                            f"--install-interpreter puts it in {data_dir()} with npm (in a "
                            f"source checkout, npm ci --prefix {HERE}, as make test does)")
    return found


def environment() -> dict[str, str]:
    """The environment that tells the JavaScript where the interpreter is."""
    folder = modules_dir()
    if folder is None:
        node()  # raises, saying what to run
    return {**os.environ, DIR_VARIABLE: str(folder)}


def install() -> Path:
    """Install the interpreter into the data folder with ``npm ci`` from this program's lock
    file, and return the folder."""
    npm = shutil.which("npm")
    if npm is None:
        raise EmulatorError("installing the MicroPython interpreter needs npm (on Debian: "
                            "sudo apt install nodejs npm)")
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name in LOCK_FILES:
        shutil.copyfile(HERE / name, folder / name)
    result = subprocess.run([npm, "ci", "--prefix", str(folder), "--no-audit", "--no-fund",
                             "--loglevel=error"], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise EmulatorError(f"npm ci in {folder} failed:\n{result.stdout}{result.stderr}")
    return folder


def run_script(script: Path, copies: dict[Path, str], timeout: float = 120) -> str:
    """Run ``script`` on MicroPython with host folders copied in (host path -> device path)
    and return what it printed; a script that raises is an :class:`EmulatorError` carrying its
    output and traceback."""
    command = [node(), str(RUNNER)]
    for host, device in copies.items():
        command += ["--copy", f"{host}={device}"]
    result = subprocess.run([*command, str(script)], capture_output=True, text=True,
                            timeout=timeout, check=False, env=environment())
    if result.returncode != 0:
        raise EmulatorError(f"{script.name} failed on MicroPython:\n{result.stdout}"
                            f"{result.stderr}")
    return result.stdout
