"""Terminal colours, used only when the output is a terminal that wants them.

Honours ``NO_COLOR`` (https://no-color.org) and ``FORCE_COLOR``, and never colours a pipe or a
file, so ``kaskade … > file`` and tests get plain text.
"""

from __future__ import annotations

import os
from typing import TextIO

RESET = "\x1b[0m"
DIM = "2"
UNDERLINE = "4"
REVERSE = "7"
WHITE_BALLS = "1;97"
BLACK_BALLS = "1;30;47"


def wants_colour(stream: TextIO, choice: bool | None = None) -> bool:
    """Whether to colour output to ``stream``: the user's explicit ``choice`` if any, else the
    environment, else whether it is a terminal."""
    if choice is not None:
        return choice
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return stream.isatty() and os.environ.get("TERM") != "dumb"


def style(text: str, *codes: str) -> str:
    """``text`` wrapped in the SGR ``codes``."""
    return f"\x1b[{';'.join(codes)}m{text}{RESET}" if codes else text
