"""The touch firmware's configuration, made from a board profile.

The microcontroller never reads TOML: at flash time (and in the simulator) the profile's touch
section becomes a small JSON document, ``board.json`` beside the firmware, that says which
sensor driver to run, on which pins and buses, and which pad each sensor channel belongs to.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from controller.profile.model import Profile
from firmware.sensors.charge import ChargeTime
from firmware.sensors.mpr121 import Mpr121Array
from firmware.sensors.shift import ShiftChain

SCAN_HZ = 100
"""Scans per second: a touch is confirmed after three scans (on the board the second and third
come half a period apart, so within 10 ms of the first)."""
CONFIRM = 3
MAX_HOLD_S = 30
"""A pad held longer than this is taken to be stuck and recalibrated."""


_BOARD_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}")
_DRIVERS: dict[str, Any] = {"mpr121": Mpr121Array, "ttp223": ShiftChain, "gpio": ChargeTime}


def default_thresholds(profile: Profile) -> tuple[int, int]:
    """The firmware's own touch and release thresholds for this board's sensors."""
    return sensor_thresholds(profile.touch.sensor)


def sensor_thresholds(sensor: str) -> tuple[int, int]:
    """The firmware's touch and release thresholds of ``sensor`` (one of ``SENSORS``)."""
    driver = _DRIVERS[sensor]
    return driver.touch, driver.release


def board_id(profile: Profile) -> str:
    """The name the firmware reports in its hello: the profile file's name without ``.toml``
    when that is a short word of ASCII letters, digits and ``. _ -`` (every reference build's
    is); else those characters with the rest made ``-`` and six hex digits of the full name
    added, so that ``mein brett.toml`` or ``plateau-𝔞.toml`` still give a word the wire
    protocol carries, and two such names stay apart."""
    stem = Path(profile.source).stem
    if _BOARD_ID.fullmatch(stem):
        return stem
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-.")[:24] or "board"
    return f"{safe}-{hashlib.sha256(stem.encode('utf-8')).hexdigest()[:6]}"


def firmware_config(profile: Profile) -> dict[str, Any]:
    """The firmware's configuration for ``profile`` (see ``firmware/main.py``)."""
    touch = profile.touch
    config: dict[str, Any] = {
        "board": board_id(profile),
        "pads": profile.pads,
        "sensor": touch.sensor,
        "map": list(touch.pads),
        "scan_hz": SCAN_HZ,
        "confirm": CONFIRM,
        "max_hold_s": MAX_HOLD_S,
    }
    if touch.sensor == "mpr121":
        config["buses"] = [{"sda": bus.sda, "scl": bus.scl, "chips": list(bus.chips),
                            **({"mux": bus.mux, "channels": list(bus.channels)}
                               if bus.mux is not None else {}),
                            **({"irq": bus.irq} if bus.irq is not None else {})}
                           for bus in touch.buses]
    elif touch.sensor == "ttp223":
        assert touch.shift is not None
        shift = touch.shift
        config["shift"] = {"clock": shift.clock, "latch": shift.latch, "data": shift.data,
                           "registers": shift.registers}
    else:
        config["pins"] = list(touch.pins)
    return config
