"""The constraints a Pi installs the program with: every dependency pinned, each with its
hashes (``constraints.txt``, written by ``make constraints``). A wheel carries it in this
package; a source checkout has it at its root."""

from __future__ import annotations

from pathlib import Path

from controller.errors import KaskadeError

NAME = "constraints.txt"
PACKAGED = Path(__file__).resolve().with_name(NAME)
"""Where a wheel (or an sdist's build) puts it."""
CHECKOUT = Path(__file__).resolve().parents[2] / NAME
"""Where a source checkout keeps it."""


class NoConstraintsError(KaskadeError, FileNotFoundError):
    """This installation has no constraints file."""


def constraints_file() -> Path:
    """The constraints file of this installation: the packaged copy, else the checkout's."""
    for path in (PACKAGED, CHECKOUT):
        if path.is_file():
            return path
    raise NoConstraintsError(f"no {NAME} in {PACKAGED.parent} or {CHECKOUT.parent}: this "
                             "installation is incomplete; install the program from its wheel "
                             "or a checkout")


def pinned(path: Path, name: str) -> str:
    """The requirement that pins ``name`` in the constraints file ``path``, with its hashes
    (``pip==26.3 --hash=sha256:…``), to install it on its own."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        if line.lower().startswith(f"{name.lower()}=="):
            found = [line.rstrip(" \\")]
            for following in lines[index + 1:]:
                if not following.strip().startswith("--hash="):
                    break
                found.append(following.strip().rstrip(" \\"))
            if len(found) == 1:
                raise NoConstraintsError(f"{path} pins {name} without a hash: make constraints")
            return " ".join(found)
    raise NoConstraintsError(f"{path} does not pin {name}: make constraints")
