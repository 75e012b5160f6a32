"""The diagnostic stream's readings: parsing its fields, and showing them as a map of the pads
(for ``kaskade calibrate`` and the simulator's debug pane)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from controller.profile.model import Profile
from firmware.sensors.charge import ChargeTime
from firmware.sensors.mpr121 import Mpr121Array
from firmware.sensors.shift import ShiftChain

_DRIVERS = {"mpr121": Mpr121Array, "ttp223": ShiftChain, "gpio": ChargeTime}


def default_thresholds(profile: Profile) -> tuple[int, int]:
    """The firmware's own touch and release thresholds for this board's sensors."""
    driver = _DRIVERS[profile.touch.sensor]
    return driver.touch, driver.release


def parse_readings(fields: Iterable[str]) -> list[tuple[int, int, int]]:
    """``(pad, reading, delta)`` for each well-formed ``pad:reading:delta`` field; others are
    skipped."""
    readings = []
    for field in fields:
        parts = field.split(":")
        if len(parts) == 3 and all(part.lstrip("-").isdigit() for part in parts):
            pad, reading, delta = (int(part) for part in parts)
            readings.append((pad, reading, delta))
    return readings


def readings_map(profile: Profile, deltas: Mapping[int, int], touch: int) -> str:
    """The pads as a grid, top row first: each pad's distance towards a touch in counts, marked
    ``*`` at or past the touch threshold, ``?`` where nothing was read."""
    lines = []
    for row in range(profile.rows - 1, -1, -1):
        cells = []
        for column in range(profile.columns):
            value = deltas.get(row * profile.columns + column)
            if value is None:
                cells.append("    ?")
            else:
                mark = "*" if value >= touch else " "
                cells.append(f"{max(-999, min(9999, value)):>4}{mark}")
        lines.append(f"{row + 1:>2} " + "".join(cells))
    lines.append("   " + "".join(f"{chr(ord('a') + c):>4} " for c in range(profile.columns)))
    return "\n".join(lines)
