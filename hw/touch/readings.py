"""The diagnostic stream's readings: parsing its fields, and showing them as a map of the pads
(for ``kaskade calibrate`` and the simulator's debug pane)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from controller.profile.model import Profile
from controller.render.heatmap import heat_colour

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


def readings_map(profile: Profile, deltas: Mapping[int, int], touch: int,
                 colour: bool = False) -> str:
    """The pads as a grid, top row first: each pad's distance towards a touch in counts, marked
    ``*`` at or past the touch threshold, ``?`` where nothing was read; with ``colour``, on the
    heat map's colours (a terminal with 24-bit colour)."""
    lines = []
    for row in range(profile.rows - 1, -1, -1):
        cells = []
        for column in range(profile.columns):
            value = deltas.get(row * profile.columns + column)
            if value is None:
                cells.append("    ?")
            else:
                mark = "*" if value >= touch else " "
                cell = f"{max(-999, min(9999, value)):>4}{mark}"
                if colour:
                    red, green, blue = heat_colour(value, touch)
                    ink = "30" if red + green > 250 else "97"
                    cell = f"\x1b[{ink};48;2;{red};{green};{blue}m{cell}\x1b[0m"
                cells.append(cell)
        lines.append(f"{row + 1:>2} " + "".join(cells))
    lines.append("   " + "".join(f"{chr(ord('a') + c):>4} " for c in range(profile.columns)))
    return "\n".join(lines)
