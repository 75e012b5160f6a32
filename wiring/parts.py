"""A build's parts list with quantities, from its profile and its power budget."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from controller.profile.geometry import MATERIAL_NAMES
from controller.profile.model import Profile
from wiring.cuts import BORDER, strips
from wiring.pinmap import injections
from wiring.power import budget

TOP_PRICE_M2 = 45.0
"""Euros per square metre of 3 mm cast acrylic, cut to size."""
GRID_PRICE_M2 = 20.0
"""Euros per square metre of 3 mm poplar plywood (half again for the offcuts)."""
STRIP_NAMES = {"ws2812b": "WS2812B", "ws2811": "WS2811", "sk6812": "SK6812 (RGB)"}


@dataclass(frozen=True)
class Part:
    """``quantity`` of ``name``, with what it is for and a typical price of one."""

    quantity: int
    name: str
    note: str
    each: float = 0.0
    """Typical price in euros (hobby electronics shops, 2026), to budget a build."""

    @property
    def total(self) -> float:
        return self.quantity * self.each


def parts(profile: Profile) -> list[Part]:
    """Everything to buy for ``profile``, in the order a build uses them."""
    power = budget(profile)
    strip = STRIP_NAMES[profile.strip]
    shared = profile.power.other_milliamps > 0
    listed = [
        Part(1, "Raspberry Pi 4 Model B (2 GB) or Raspberry Pi 5",
             "runs the games and drives the LEDs", 50.0),
        Part(1, "microSD card, 16 GB or more", "Raspberry Pi OS Lite", 8.0),
    ]
    if not shared:
        listed.append(Part(1, "official Raspberry Pi USB-C power supply (5.1 V 3 A; 5 A for a "
                              "Pi 5)", "the Pi has its own supply; only ground is shared", 12.0))
    listed.append(Part(1, "Raspberry Pi Pico (or Pico W / Pico 2)",
                       "scans the touch pads, MicroPython", 5.0))
    listed.append(Part(1, "USB cable, micro-USB (Pico) to USB-A (Pi), 0.5 m", "touch link", 3.0))
    sizes = Counter((panel.width, panel.height) for panel in profile.panels)
    for (width, height), count in sorted(sizes.items()):
        kind = "panel" if width > 1 and height > 1 else "strip"
        listed.append(Part(count, f"{strip} {width}x{height} LED {kind} "
                                  f"({profile.colour_order})",
                           f"{width * height} LEDs each, {profile.per_pad}x{profile.per_pad} "
                           "under a pad", round(3 + 0.085 * width * height, 1)))
    listed.append(Part(1, "74AHCT125 quad level shifter (DIP-14)",
                       "3.3 V data from the Pi to 5 V for the LEDs", 1.0))
    listed.append(Part(len(profile.channels), "330 Ω resistor", "in each LED data line", 0.05))
    listed.append(Part(len(injections(profile)), "1000 µF 10 V electrolytic capacitor",
                       "across 5 V and ground at each power injection point", 0.4))
    listed.append(Part(1, f"{profile.power.supply_volts:g} V {profile.power.supply_amps:g} A "
                          "power supply", "the LEDs" + (", the Pi and the Pico" if shared
                                                        else ""),
                       round(8 + 1.2 * profile.power.supply_amps, 1)))
    listed.append(Part(1, f"{power.fuse_amps:g} A blade fuse and inline holder",
                       "in the supply's 5 V feed", 3.0))
    listed.append(Part(1, f"red and black wire, {power.feed_gauge} AWG, 1 m",
                       "the supply's feed", 2.0))
    if len(injections(profile)) > 1:
        listed.append(Part(1, f"red and black wire, {power.injection_gauge} AWG, "
                              f"{len(injections(profile))} × 0.5 m",
                           "power injection to each panel", 2.0))
    touch = profile.touch
    if touch.sensor == "mpr121":
        chips = sum(len(bus.chips) for bus in touch.buses)
        listed.append(Part(chips, "MPR121 capacitive touch breakout (12 electrodes)",
                           f"{chips * 12} channels for {profile.pads} pads", 8.0))
        muxes = sum(bus.mux is not None for bus in touch.buses)
        if muxes:
            listed.append(Part(muxes, "TCA9548A I2C multiplexer breakout (8 channels)",
                               "four MPR121s on each of its channels", 2.5))
    elif touch.sensor == "ttp223" and touch.shift is not None:
        listed.append(Part(profile.pads, "TTP223 touch module", "one under each pad", 0.3))
        listed.append(Part(touch.shift.registers, "74HC165 shift register (DIP-16)",
                           "8 touch modules each", 0.5))
        listed.append(Part(touch.shift.registers, "100 nF capacitor", "decoupling, one per "
                                                                     "74HC165", 0.05))
    else:
        listed.append(Part(len(touch.pins), "1 MΩ resistor", "charge-time sensing, one per "
                                                              "pad", 0.05))
    metres = math.ceil(profile.pads * profile.build.longest_lead_mm(profile.columns,
                                                                   profile.rows) * 0.6 / 1000)
    listed.append(Part(metres, "hook-up wire, 24 AWG stranded, 1 m (or ribbon cable)",
                       "pad leads, about 0.6 of the longest each", 0.3))
    listed.append(Part(profile.pads, "copper pad the size of a cell (copper tape or PCB)",
                       "one under each cell, wired to its sensor input", 0.15))
    gpio = profile.gpio
    listed.append(Part(2, "push button, normally open", "menu and undo", 1.0))
    if gpio.buzzer is not None:
        listed.append(Part(1, "passive piezo buzzer" if gpio.buzzer_type == "passive"
                           else "active 5 V buzzer", "sounds", 1.0))
    if gpio.status_led is not None:
        listed.append(Part(1, "3 mm LED and 330 Ω resistor", "status", 0.2))
    geometry = profile.build
    side_w = profile.columns * geometry.pad_pitch_mm + 2 * BORDER
    side_h = profile.rows * geometry.pad_pitch_mm + 2 * BORDER
    listed.append(Part(1, f"top plate, {geometry.top_mm:g} mm {MATERIAL_NAMES[geometry.top]}, "
                          f"{side_w:g} x {side_h:g} mm (top.svg)",
                       "the cells; frosted, or with a diffuser sheet under it",
                       round(max(5.0, side_w * side_h / 1e6 * TOP_PRICE_M2), 1)))
    strip_area = sum(piece.length * piece.height for piece in strips(profile)) / 1e6
    listed.append(Part(1, f"{geometry.sheet_mm:g} mm plywood or opaque acrylic for the light "
                          "grid (light-grid.svg)", "keeps each cell's light in its cell",
                       round(max(4.0, strip_area * 1.5 * GRID_PRICE_M2), 1)))
    return listed


def total(profile: Profile) -> float:
    """What the parts of ``profile`` cost, typically (euros)."""
    return round(sum(part.total for part in parts(profile)), 2)
