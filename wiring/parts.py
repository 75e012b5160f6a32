"""A build's parts list with quantities, from its profile and its power budget."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from controller.profile.model import Profile
from wiring.pinmap import injections
from wiring.power import budget

STRIP_NAMES = {"ws2812b": "WS2812B", "ws2811": "WS2811", "sk6812": "SK6812 (RGB)"}


@dataclass(frozen=True)
class Part:
    """``quantity`` of ``name``, with what it is for."""

    quantity: int
    name: str
    note: str


def parts(profile: Profile) -> list[Part]:
    """Everything to buy for ``profile``, in the order a build uses them."""
    power = budget(profile)
    strip = STRIP_NAMES[profile.strip]
    shared = profile.power.other_milliamps > 0
    listed = [
        Part(1, "Raspberry Pi 4 Model B (2 GB) or Raspberry Pi 5",
             "runs the games and drives the LEDs"),
        Part(1, "microSD card, 16 GB or more", "Raspberry Pi OS Lite"),
    ]
    if not shared:
        listed.append(Part(1, "official Raspberry Pi USB-C power supply (5.1 V 3 A; 5 A for a "
                              "Pi 5)", "the Pi has its own supply; only ground is shared"))
    listed.append(Part(1, "Raspberry Pi Pico (or Pico W / Pico 2)",
                       "scans the touch pads, MicroPython"))
    listed.append(Part(1, "USB cable, micro-USB (Pico) to USB-A (Pi), 0.5 m", "touch link"))
    sizes = Counter((panel.width, panel.height) for panel in profile.panels)
    for (width, height), count in sorted(sizes.items()):
        kind = "panel" if width > 1 and height > 1 else "strip"
        listed.append(Part(count, f"{strip} {width}x{height} LED {kind} "
                                  f"({profile.colour_order})",
                           f"{width * height} LEDs each, {profile.per_pad}x{profile.per_pad} "
                           "under a pad"))
    listed.append(Part(1, "74AHCT125 quad level shifter (DIP-14)",
                       "3.3 V data from the Pi to 5 V for the LEDs"))
    listed.append(Part(len(profile.channels), "330 Ω resistor", "in each LED data line"))
    listed.append(Part(len(injections(profile)), "1000 µF 10 V electrolytic capacitor",
                       "across 5 V and ground at each power injection point"))
    listed.append(Part(1, f"{profile.power.supply_volts:g} V {profile.power.supply_amps:g} A "
                          "power supply", "the LEDs" + (", the Pi and the Pico" if shared
                                                        else "")))
    listed.append(Part(1, f"{power.fuse_amps:g} A blade fuse and inline holder",
                       "in the supply's 5 V feed"))
    listed.append(Part(1, f"red and black wire, {power.feed_gauge} AWG, 1 m",
                       "the supply's feed"))
    if len(injections(profile)) > 1:
        listed.append(Part(1, f"red and black wire, {power.injection_gauge} AWG, "
                              f"{len(injections(profile))} × 0.5 m",
                           "power injection to each panel"))
    touch = profile.touch
    if touch.sensor == "mpr121":
        chips = sum(len(bus.chips) for bus in touch.buses)
        listed.append(Part(chips, "MPR121 capacitive touch breakout (12 electrodes)",
                           f"{chips * 12} channels for {profile.pads} pads"))
    elif touch.sensor == "ttp223" and touch.shift is not None:
        listed.append(Part(profile.pads, "TTP223 touch module", "one under each pad"))
        listed.append(Part(touch.shift.registers, "74HC165 shift register (DIP-16)",
                           "8 touch modules each"))
        listed.append(Part(touch.shift.registers, "100 nF capacitor", "decoupling, one per "
                                                                     "74HC165"))
    else:
        listed.append(Part(len(touch.pins), "1 MΩ resistor", "charge-time sensing, one per "
                                                              "pad"))
    listed.append(Part(profile.pads, "copper pad the size of a cell (copper tape or PCB)",
                       "one under each cell, wired to its sensor input"))
    gpio = profile.gpio
    listed.append(Part(2, "push button, normally open", "menu and undo"))
    if gpio.buzzer is not None:
        listed.append(Part(1, "passive piezo buzzer" if gpio.buzzer_type == "passive"
                           else "active 5 V buzzer", "sounds"))
    if gpio.status_led is not None:
        listed.append(Part(1, "3 mm LED and 330 Ω resistor", "status"))
    listed.append(Part(1, "translucent top (frosted acrylic, 3 mm) and a grid of cell "
                          "dividers", "the cells"))
    return listed
