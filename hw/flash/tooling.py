"""The MicroPython tools the update works through, checked before they are used: mpremote's
serial transport is not a public API, so only the releases the update is tested with are
taken (an older one fails half-way with a TypeError, a newer one may have moved things)."""

from __future__ import annotations

from importlib import metadata

from hw.flash.errors import FlashError

MPREMOTE = ((1, 25), (1, 30))
"""The mpremote releases the update works with: from 1.25 (``timeout_overall``; 1.24 brought
the progress callback) up to, not including, 1.30 — as ``pyproject.toml`` asks."""


def check_mpremote() -> str:
    """The installed mpremote's version; :class:`FlashError` with the fix when it is missing or
    outside :data:`MPREMOTE`."""
    low, high = MPREMOTE
    wanted = f"mpremote>={low[0]}.{low[1]},<{high[0]}.{high[1]}"
    try:
        version = metadata.version("mpremote")
    except metadata.PackageNotFoundError:
        raise FlashError(f"updating the firmware needs mpremote: pip install '{wanted}'") \
            from None
    numbers = tuple(int(part) for part in version.split(".")[:2] if part.isdigit())
    if len(numbers) != 2 or not low <= numbers < high:
        raise FlashError(f"mpremote {version} is not one the firmware update works with: pip "
                         f"install '{wanted}'")
    return version
