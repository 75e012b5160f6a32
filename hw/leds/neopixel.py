"""LEDs through Adafruit's NeoPixel library and Blinka, for the Pi 5 (whose RP1 chip drives
WS281x from its PIO on any GPIO) and other boards where rpi_ws281x does not run.

One ``NeoPixel`` object per data channel, told the strip is RGB so that frames (already in
the strip's colour order) pass through unchanged, at full brightness, sent only on ``show``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from controller.devices.errors import BackendError
from controller.devices.frame import Frame
from controller.devices.interfaces import PixelsOut
from controller.profile.model import Profile
from hw.pi.facts import Facts

PI5_HELPER = "adafruit_raspberry_pi5_neopixel_write"
"""The module a Pi 5 drives NeoPixels through (package Adafruit-Blinka-Raspberry-Pi5-Neopixel)."""
PACKAGES = "pip install adafruit-circuitpython-neopixel adafruit-blinka (on a Pi 5 also " \
    "Adafruit-Blinka-Raspberry-Pi5-Neopixel), or pip install 'kaskade-board[pi]'"


def check_neopixel(profile: Profile, facts: Facts) -> list[str]:
    """Why NeoPixel cannot drive ``profile``'s LEDs on the machine of ``facts`` (each reason
    with its fix); empty when it can."""
    del profile
    if facts.generation is None:
        return ["this is not a Raspberry Pi: the board's LEDs need one (use kaskade sim here)"]
    missing = [name for name in ("neopixel", "board") if name not in facts.modules]
    if missing:
        return [f"{' and '.join(missing)} cannot be imported: {PACKAGES}"]
    if facts.generation >= 5 and PI5_HELPER not in facts.modules:
        return [f"on a {facts.model} NeoPixel needs its RP1 helper ({PI5_HELPER} cannot be "
                "imported): pip install 'Adafruit-Blinka-Raspberry-Pi5-Neopixel>=1.0.0rc2' (or "
                "reinstall with the pi extra: pip install 'kaskade-board[pi]')"]
    if facts.generation < 5 and "/dev/mem" not in facts.usable:
        return ["on a Pi 1-4 NeoPixel goes through rpi_ws281x and needs /dev/mem: run the board "
                "as root (the systemd unit does)"]
    return []


class NeoPixelPixels(PixelsOut):
    """The LEDs of ``profile`` through NeoPixel (``board_module`` and ``neopixel_module``:
    Blinka's ``board`` and ``neopixel``, imported when not given)."""

    def __init__(self, profile: Profile, board_module: Any = None,
                 neopixel_module: Any = None) -> None:
        board = board_module if board_module is not None else _import("board")
        neopixel = neopixel_module if neopixel_module is not None else _import("neopixel")
        self._pins = [channel.gpio for channel in profile.channels]
        self._leds = sum(len(channel.chain) for channel in profile.channels)
        self._strips = []
        for channel in profile.channels:
            pin = getattr(board, f"D{channel.gpio}", None)
            if pin is None:
                raise BackendError(f"GPIO {channel.gpio} is not a pin of this board for "
                                   "NeoPixel; choose another [[leds.channels]] gpio")
            try:
                strip = neopixel.NeoPixel(pin, len(channel.chain), bpp=3, brightness=1.0,
                                          auto_write=False, pixel_order=neopixel.RGB)
            except (RuntimeError, OSError, ValueError) as error:
                raise BackendError(f"NeoPixel cannot drive GPIO {channel.gpio}: {error}; "
                                   "kaskade doctor checks the usual causes") from None
            self._strips.append(strip)

    def show(self, frame: Frame) -> None:
        self._check_open()
        for strip, data in zip(self._strips, frame.channels):
            strip[:] = list(zip(data[0::3], data[1::3], data[2::3]))
            strip.show()

    def _release(self) -> None:
        """Dark LEDs, and the pins let go."""
        for strip in self._strips:
            strip.fill((0, 0, 0))
            strip.show()
            strip.deinit()
        self._strips = []

    def _describe(self) -> str:
        return f"on GPIO {' and '.join(map(str, self._pins))}, {self._leds} LEDs"


def _import(name: str) -> Any:
    try:
        return import_module(name)
    except ImportError:
        raise BackendError(f"NeoPixel is not installed ({name} is missing): {PACKAGES}") \
            from None
    except (NotImplementedError, RuntimeError) as error:  # Blinka on a board it does not know
        raise BackendError(f"Blinka does not know this board ({error}); the LEDs need a "
                           "Raspberry Pi") from None
