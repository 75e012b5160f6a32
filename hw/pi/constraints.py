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
