"""What a build's LED pins ask of the Raspberry Pi: the lines of its boot configuration that the
way each Pi drives them needs, and who the board app may then run as. One place for the build
sheets (``kaskade wiring``), ``kaskade doctor``'s checks and the LED backends.

The reference builds put their one data line on GPIO 10 (SPI0 MOSI) because that needs no root
anywhere: on a Pi 1-4 rpi_ws281x sends the bits through the SPI driver, on a Pi 5 the kernel's
WS2812 driver sends them from the RP1's PIO. The PWM pins (GPIO 12, 13, 18, 19) and PCM (GPIO
21) remain for builds that choose them, at a price: their DMA is set up through ``/dev/mem``,
so the board app runs as root.
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.profile.model import Profile

FREQUENCY = 800_000
"""Hz on the data line: every strip this board supports (WS2812B, WS2811, SK6812) runs at it."""
SPI_PIN = 10
PWM_OR_PCM = frozenset({12, 13, 18, 19, 21})
"""Pins whose hardware needs /dev/mem (and so root); SPI (GPIO 10) does not."""
SPIDEV_DEFAULT = 4096
"""The SPI driver's largest transfer unless ``spidev.bufsiz`` says otherwise."""
SPIDEV_BUFSIZ = 32768
CORE_CLOCK = {3: ("core_freq", "250"), 4: ("core_freq_min", "500")}
"""The setting that keeps the SPI clock steady, by the Pi's family (rpi_ws281x's README): on a
Pi 3 (and Zero 2) the core clock changes with the CPU's, on a Pi 4 it scales down when idle."""
WS2812_OVERLAY = "ws2812-pio"


def spi_bytes(leds: int) -> int:
    """The bytes rpi_ws281x sends over SPI for a chain of ``leds`` (its ``PCM_BYTE_COUNT``):
    each LED's bits as three SPI bits at three times the LEDs' rate, room for four colours an
    LED, then the reset time, rounded down to eight bytes, and eight more."""
    bits = leds * 4 * 8 * 3 + 55 * FREQUENCY * 3 // 1_000_000
    return ((bits >> 3) & ~7) + 8


@dataclass(frozen=True)
class Setting:
    """A line of the Pi's boot configuration a build needs."""

    pis: str
    """Which Pis need it (``Pi 1-4``, ``Pi 3 and Zero 2`` …)."""
    file: str
    """``config.txt`` or ``cmdline.txt`` (both in ``/boot/firmware``)."""
    line: str
    why: str


def on_spi(profile: Profile) -> bool:
    return all(channel.gpio == SPI_PIN for channel in profile.channels)


def overlay_line(gpio: int, leds: int) -> str:
    """config.txt's line for the kernel's WS2812 driver on ``gpio`` with ``leds`` LEDs."""
    return f"dtoverlay={WS2812_OVERLAY},gpio={gpio},num_leds={leds}"


def settings(profile: Profile) -> list[Setting]:
    """What the Pi's boot configuration must say for ``profile``'s LEDs, by model (for the
    backend ``auto`` picks there; a maker's other choice has its own needs, which ``kaskade
    doctor`` names)."""
    if profile.led_backend == "ddp":
        return []
    found = []
    longest = max(len(channel.chain) for channel in profile.channels)
    pins = {channel.gpio for channel in profile.channels}
    if SPI_PIN in pins:
        found.append(Setting("Pi 1-4", "config.txt", "dtparam=spi=on",
                             "the SPI driver the LEDs' data goes through"))
        if spi_bytes(longest) > SPIDEV_DEFAULT:
            found.append(Setting("Pi 1-4", "cmdline.txt", f"spidev.bufsiz={SPIDEV_BUFSIZ}",
                                 f"a frame is {spi_bytes(longest)} bytes, more than the SPI "
                                 f"driver's {SPIDEV_DEFAULT} at a time"))
        found.append(Setting("Pi 3 and Zero 2", "config.txt", "core_freq=250",
                             "a steady SPI clock (it follows the core clock)"))
        found.append(Setting("Pi 4", "config.txt", "core_freq_min=500",
                             "a steady SPI clock (the core clock must not scale down)"))
    if pins & {12, 13, 18, 19}:
        found.append(Setting("Pi 1-4", "config.txt", "dtparam=audio=off",
                             "the analogue audio uses the PWM block the LEDs need"))
    found += [Setting("Pi 5", "config.txt", overlay_line(channel.gpio, len(channel.chain)),
                      f"the kernel's WS2812 driver for data line {index} (/dev/leds{index})")
              for index, channel in enumerate(profile.channels)]
    return found


def needs_root(profile: Profile) -> bool:
    """Whether a Pi 1-4 must run the board app as root for these LED pins (PWM, PCM)."""
    return profile.led_backend in ("auto", "ws281x") and \
        any(channel.gpio in PWM_OR_PCM for channel in profile.channels)
