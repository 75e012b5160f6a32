"""Which LED backend drives a profile's LEDs on this machine: the profile's ``[leds] backend``,
or for ``auto`` the way that needs no root — rpi_ws281x on a Pi 1-4 (whose reference builds use
SPI), on a Pi 5 the kernel's WS2812 driver once config.txt sets it up, else NeoPixel through
the RP1's PIO."""

from __future__ import annotations

from collections.abc import Callable

from controller.devices.errors import BackendError
from controller.devices.interfaces import PixelsOut
from controller.profile.model import Profile
from hw.leds.ddp import DdpPixels, check_ddp
from hw.leds.neopixel import NeoPixelPixels, check_neopixel
from hw.leds.ws281x import Ws281xPixels, check_ws281x
from hw.leds.ws2812_pio import OVERLAY, Ws2812PioPixels, check_ws2812_pio
from hw.pi.facts import Facts

CHECKS: dict[str, Callable[[Profile, Facts], list[str]]] = {
    "ws281x": check_ws281x, "ws2812-pio": check_ws2812_pio, "neopixel": check_neopixel,
    "ddp": check_ddp}
OPENERS: dict[str, Callable[[Profile], PixelsOut]] = {
    "ws281x": Ws281xPixels, "ws2812-pio": Ws2812PioPixels, "neopixel": NeoPixelPixels,
    "ddp": DdpPixels}


def led_backend(profile: Profile, facts: Facts) -> str:
    """The backend for ``profile`` on the machine of ``facts``."""
    if profile.led_backend != "auto":
        return profile.led_backend
    generation = facts.generation
    if generation is None or generation < 5:
        return "ws281x"
    return "ws2812-pio" if facts.overlays(OVERLAY) else "neopixel"


def open_pixels(profile: Profile, facts: Facts) -> PixelsOut:
    """The LEDs of ``profile``; a ``BackendError`` naming every fix when they cannot be
    driven here."""
    name = led_backend(profile, facts)
    problems = CHECKS[name](profile, facts)
    if problems:
        raise BackendError(f"the LEDs ({name}) cannot be driven: " + "; ".join(problems))
    return OPENERS[name](profile)
