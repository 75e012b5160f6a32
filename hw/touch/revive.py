"""Bringing back a board found at MicroPython's prompt instead of running its firmware: after
an update cut short (the cable pulled, the tool killed) it sits in the raw REPL, where the
firmware's Ctrl-C left it, until someone power-cycles it — unless the link does this.

Ctrl-B leaves the raw REPL (at the friendly prompt it only reprints the banner); a board at a
prompt answers with its banner or ``>>>``; Ctrl-D then soft-resets it, and the boot stage starts
the firmware. To a running firmware the bytes are garbage it drops, and the newline after them
ends the garbage, so its next command line arrives whole. Ctrl-C is never sent: it would stop
a firmware that is running."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

LEAVE_RAW = b"\r\x02\n"
SOFT_RESET = b"\x04"
PROMPTS = (b">>>", b"raw REPL", b"MicroPython", b"Traceback")


def at_prompt(serial: Any, wait: float = 1.0,
              clock: Callable[[], float] = time.monotonic) -> bool:
    """Whether the board on ``serial`` answers as MicroPython's REPL (after leaving the raw
    REPL if it was in it); reads for at most ``wait`` seconds."""
    serial.write(LEAVE_RAW)
    deadline = clock() + wait
    seen = b""
    while clock() < deadline:
        seen += serial.read(max(1, getattr(serial, "in_waiting", 0) or 1))
        if any(prompt in seen for prompt in PROMPTS):
            return True
    return False


def revive(serial: Any, wait: float = 1.0) -> bool:
    """Restart the firmware of a board found at the prompt; whether it was there."""
    if not at_prompt(serial, wait):
        return False
    serial.write(SOFT_RESET)
    return True
