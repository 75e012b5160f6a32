"""What the app and the backends know of the touch board's firmware: the version bundled with
this program, the largest threshold it takes, and how versions compare — an update is offered
only to a board that is behind; a board with a newer or a home-made firmware (a version that is
not dotted numbers) is left alone."""

from __future__ import annotations

from firmware.identity import VERSION as BUNDLED_VERSION
from firmware.pads import MAX_THRESHOLD

__all__ = ["BUNDLED_VERSION", "MAX_THRESHOLD", "is_older", "parse_version"]


def parse_version(text: str) -> tuple[int, ...] | None:
    """``"0.1.10"`` as ``(0, 1, 10)``; ``None`` for anything but dotted numbers."""
    parts = text.strip().split(".")
    if not all(part.isdigit() for part in parts):
        return None
    return tuple(int(part) for part in parts)


def is_older(version: str, than: str) -> bool:
    """Whether ``version`` comes before ``than`` (missing places count as 0: 0.1 = 0.1.0)."""
    mine, theirs = parse_version(version), parse_version(than)
    if mine is None or theirs is None:
        return False
    width = max(len(mine), len(theirs))
    return mine + (0,) * (width - len(mine)) < theirs + (0,) * (width - len(theirs))
