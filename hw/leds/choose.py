"""Which LED backend drives a profile's LEDs on this machine: the profile's ``[leds] backend``,
or for ``auto`` rpi_ws281x on a Pi 1-4 and NeoPixel on a Pi 5."""

from __future__ import annotations

from controller.devices.errors import BackendError
from controller.devices.interfaces import PixelsOut
from controller.profile.model import Profile
from hw.leds.neopixel import NeoPixelPixels, check_neopixel
from hw.leds.ws281x import Ws281xPixels, check_ws281x
from hw.pi.facts import Facts

CHECKS = {"ws281x": check_ws281x, "neopixel": check_neopixel}


def led_backend(profile: Profile, facts: Facts) -> str:
    """``ws281x`` or ``neopixel`` for ``profile`` on the machine of ``facts``."""
    if profile.led_backend != "auto":
        return profile.led_backend
    generation = facts.generation
    return "neopixel" if generation is not None and generation >= 5 else "ws281x"


def open_pixels(profile: Profile, facts: Facts) -> PixelsOut:
    """The LEDs of ``profile``; a ``BackendError`` naming every fix when they cannot be
    driven here."""
    name = led_backend(profile, facts)
    problems = CHECKS[name](profile, facts)
    if problems:
        raise BackendError(f"the LEDs ({name}) cannot be driven: " + "; ".join(problems))
    return Ws281xPixels(profile) if name == "ws281x" else NeoPixelPixels(profile)
