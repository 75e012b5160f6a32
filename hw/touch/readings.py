"""The diagnostic stream's readings: parsing its fields strictly."""

from __future__ import annotations

import re
from collections.abc import Iterable

_READING = re.compile(r"([0-9]{1,4}):(-?[0-9]{1,9}):(-?[0-9]{1,9})")


def parse_readings(fields: Iterable[str]) -> list[tuple[int, int, int]]:
    """``(pad, reading, delta)`` for each well-formed ``pad:reading:delta`` field (a pad number,
    two whole numbers that may be negative); others are skipped."""
    readings = []
    for field in fields:
        match = _READING.fullmatch(field)
        if match is not None:
            pad, reading, delta = (int(part) for part in match.groups())
            readings.append((pad, reading, delta))
    return readings
