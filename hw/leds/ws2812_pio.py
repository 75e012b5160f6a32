"""LEDs through the kernel's own WS2812 driver on a Pi 5: the RP1's PIO sends the bits, set up
by the ``ws2812-pio`` device-tree overlay (one ``dtoverlay=ws2812-pio,gpio=N,num_leds=M`` line
in config.txt per data line; Raspberry Pi's kernels from 2025 on). Each line is a character
device, ``/dev/leds0`` for the first, that takes a whole frame in one write — no library, no
root: the service's user writes it once ``kaskade install``'s udev rule gives it the device.

The driver takes four bytes an LED (red, green, blue, white), sends them in the order of a
WS2812B (green, red, blue) and puts every value through a gamma curve of its own first. Frames
here are already gamma-corrected and in the strip's own colour order, so each byte goes in
where the driver will send it, through the inverse of its curve.
"""

from __future__ import annotations

import math
import os

from controller.devices.errors import BackendError
from controller.devices.frame import Frame
from controller.devices.interfaces import PixelsOut
from controller.profile.model import Profile
from controller.profile.pi_setup import WS2812_OVERLAY, overlay_line
from hw.pi.facts import WS2812_DRIVER, Facts, Overlay

OVERLAY = WS2812_OVERLAY
DEVICE = "/dev/leds{}"
"""The device of data line ``N`` (the overlay's default name; the driver numbers its
instances in the order they start)."""
DRIVER = WS2812_DRIVER
FULL = 255
"""The driver's brightness, set once at open (a one-byte write): frames carry their own."""


def driver_gamma(value: int) -> int:
    """What the driver sends for ``value`` at full brightness: ``255 * (value/255)^(1/0.45)``,
    rounded down (its table, ``ws2812_gamma`` in ``drivers/misc/ws2812-pio-rp1.c``)."""
    return math.floor(255 * (value / 255) ** (1 / 0.45))


def _inverse() -> bytes:
    """For each value wanted on the wire, the value to write: the one the driver's curve sends
    closest to it (the lower one when two are as close)."""
    sent = [driver_gamma(value) for value in range(256)]
    return bytes(min(range(256), key=lambda given: (abs(sent[given] - wanted), given))
                 for wanted in range(256))


INVERSE = _inverse()


def wire_bytes(data: bytes) -> bytes:
    """A channel's frame (3 bytes an LED, in the order they go on the wire) as the driver
    takes it: 4 bytes an LED, red in the slot it sends second, green in the one it sends
    first, blue third, white (unused) last, each through :data:`INVERSE`."""
    mapped = data.translate(INVERSE)
    out = bytearray(len(data) // 3 * 4)
    out[0::4], out[1::4], out[2::4] = mapped[1::3], mapped[0::3], mapped[2::3]
    return bytes(out)


def check_ws2812_pio(profile: Profile, facts: Facts) -> list[str]:
    """Why the kernel's driver cannot drive ``profile``'s LEDs on the machine of ``facts``
    (each reason with its fix); empty when it can."""
    if facts.generation is None:
        return ["this is not a Raspberry Pi: the kernel's WS2812 driver runs on a Pi 5 (use "
                "kaskade sim here)"]
    if facts.generation < 5:
        return [f"the kernel's WS2812 PIO driver needs a Pi 5's RP1, not this {facts.model}: "
                "set backend = \"auto\" (or \"ws281x\") under [leds] in the profile"]
    problems = []
    overlays = facts.overlays(OVERLAY)
    for index, channel in enumerate(profile.channels):
        leds = len(channel.chain)
        line = overlay_line(channel.gpio, leds)
        device = DEVICE.format(index)
        given: Overlay | None = overlays[index] if index < len(overlays) else None
        if given is None:
            problems.append(f"data line {index + 1} (GPIO {channel.gpio}) has no WS2812 "
                            f"driver: add {line} to config.txt and reboot (Raspberry Pi's "
                            "kernel from 2025 on: sudo apt full-upgrade)")
            continue
        if given.value("gpio") != str(channel.gpio) or given.value("num_leds") != str(leds):
            problems.append(f"config.txt's {given.line} does not match data line {index + 1}: "
                            f"make it {line} and reboot")
        elif given.has("rgbw"):
            problems.append(f"config.txt's {given.line} sends four colours an LED, the strip "
                            f"takes three: make it {line} and reboot")
        elif device not in facts.devices:
            problems.append(f"{device} is missing though config.txt sets it up: the kernel "
                            "predates the driver (sudo apt full-upgrade, then reboot)")
        elif device not in facts.usable:
            problems.append(f"this user may not write {device}: kaskade install's udev rule "
                            "gives it to group kaskade (sudo adduser $USER kaskade, then log "
                            "in again)")
    return problems


class Ws2812PioPixels(PixelsOut):
    """The LEDs of ``profile`` through ``/dev/leds0`` (and ``/dev/leds1`` for a second data
    line); ``devices`` names other files, for tests."""

    def __init__(self, profile: Profile, devices: list[str] | None = None) -> None:
        paths = devices or [DEVICE.format(index) for index in range(len(profile.channels))]
        self._paths = paths
        self._lengths = [len(channel.chain) for channel in profile.channels]
        self._files: list[int] = []
        for path in paths:
            try:
                descriptor = os.open(path, os.O_WRONLY | os.O_CLOEXEC)
                self._files.append(descriptor)
                os.write(descriptor, bytes((FULL,)))
            except OSError as error:
                self._close_files()
                raise BackendError(f"the LEDs cannot be driven through {path}: "
                                   f"{error.strerror or error}; kaskade doctor checks the usual "
                                   "causes") from None

    def show(self, frame: Frame) -> None:
        self._check_open()
        for descriptor, data in zip(self._files, frame.channels):
            os.pwrite(descriptor, wire_bytes(data), 0)

    def _release(self) -> None:
        """Dark LEDs; the devices closed."""
        try:
            for descriptor, leds in zip(self._files, self._lengths):
                os.pwrite(descriptor, bytes(4 * leds), 0)
        finally:
            self._close_files()

    def _close_files(self) -> None:
        for descriptor in self._files:
            os.close(descriptor)
        self._files = []

    def _describe(self) -> str:
        return f"through {' and '.join(self._paths)}, {sum(self._lengths)} LEDs"
