"""LEDs through rpi_ws281x, on the Pi 1-4: PWM (GPIO 12/18 and 13/19, one or two channels), PCM
(GPIO 21) or SPI (GPIO 10), with DMA.

It drives the library's low-level interface (``_rpi_ws281x``) rather than ``PixelStrip``,
because two channels must share one controller: two ``PixelStrip`` objects would each claim the
PWM block and the DMA channel. Frames arrive with every LED's bytes already in the strip's colour
order, so the library is told the strip is RGB and passes them through unchanged, at full
brightness and with no gamma of its own.
"""

from __future__ import annotations

import sys
from array import array
from importlib import import_module
from typing import Any

from controller.devices.errors import BackendError
from controller.devices.frame import Frame
from controller.devices.interfaces import PixelsOut
from controller.profile.model import Profile
from controller.profile.pi_setup import (
    CORE_CLOCK,
    FREQUENCY,
    PWM_OR_PCM,
    SPIDEV_BUFSIZ,
    SPIDEV_DEFAULT,
    spi_bytes,
)
from hw.pi.facts import Facts

IDENTITY = list(range(256))


def check_ws281x(profile: Profile, facts: Facts) -> list[str]:
    """Why rpi_ws281x cannot drive ``profile``'s LEDs on the machine of ``facts`` (each reason
    with its fix); empty when it can."""
    generation = facts.generation
    if generation is None:
        return ["this is not a Raspberry Pi: rpi_ws281x drives the LEDs of a Pi 1-4 only (use "
                "kaskade sim here)"]
    if generation >= 5:
        return [f"rpi_ws281x does not run on this {facts.model}: set backend = \"neopixel\" (or "
                "\"auto\") under [leds] in the profile"]
    problems = []
    if "_rpi_ws281x" not in facts.modules:
        problems.append("the rpi_ws281x library is not installed: pip install rpi-ws281x (or "
                        "reinstall with the pi extra: pip install 'kaskade-board[pi]')")
    pins = [channel.gpio for channel in profile.channels]
    if any(pin in PWM_OR_PCM for pin in pins) and "/dev/mem" not in facts.usable:
        problems.append(f"GPIO {pins[0]} (PWM/PCM) needs /dev/mem, which only root may open: run "
                        "the board as root (the systemd unit does), or move the data line to "
                        "GPIO 10 (SPI)")
    if 10 in pins:
        problems += _spi_problems(profile, facts)
    if any(pin in (12, 13, 18, 19) for pin in pins) and \
            facts.config_value("dtparam=audio") not in ("off",):
        problems.append("the analogue audio uses the PWM block the LEDs need: set "
                        "dtparam=audio=off in config.txt and reboot")
    return problems


def _spi_problems(profile: Profile, facts: Facts) -> list[str]:
    """What the LEDs on SPI (GPIO 10) need here and lack: the driver, access to it and to the
    pin's function, a buffer for the longest chain, a steady core clock."""
    problems = []
    if "/dev/spidev0.0" not in facts.devices:
        problems.append("GPIO 10 (SPI) needs the SPI driver: add dtparam=spi=on to "
                        "config.txt (or sudo raspi-config → Interface Options → SPI) and "
                        "reboot")
    elif "/dev/spidev0.0" not in facts.usable:
        problems.append("this user may not open /dev/spidev0.0: sudo adduser $USER spi, then "
                        "log in again")
    if "/dev/gpiomem" in facts.devices and "/dev/gpiomem" not in facts.usable:
        problems.append("this user may not open /dev/gpiomem (rpi_ws281x sets GPIO 10 to SPI "
                        "through it): sudo adduser $USER gpio, then log in again")
    needed = spi_bytes(max(len(channel.chain) for channel in profile.channels))
    bufsiz = facts.spidev_bufsiz or SPIDEV_DEFAULT
    if "/dev/spidev0.0" in facts.devices and bufsiz < needed:
        problems.append(f"the SPI driver sends at most {bufsiz} bytes at a time, the LEDs need "
                        f"{needed}: add spidev.bufsiz={SPIDEV_BUFSIZ} to "
                        "/boot/firmware/cmdline.txt and reboot")
    setting = CORE_CLOCK.get(facts.generation or 0)
    if setting is not None and facts.config_value(setting[0]) != setting[1]:
        key, value = setting
        problems.append(f"the SPI clock follows the core clock, which changes on a "
                        f"{facts.model}: set {key}={value} in config.txt and reboot")
    return problems


class Ws281xPixels(PixelsOut):
    """The LEDs of ``profile`` on rpi_ws281x (``library``: the ``_rpi_ws281x`` module, imported
    when not given)."""

    def __init__(self, profile: Profile, library: Any = None) -> None:
        ws = library if library is not None else _import()
        self._ws = ws
        self._leds = ws.new_ws2811_t()
        for index in range(2):  # unused channels must be zero, or the library drives them
            channel = ws.ws2811_channel_get(self._leds, index)
            ws.ws2811_channel_t_count_set(channel, 0)
            ws.ws2811_channel_t_gpionum_set(channel, 0)
            ws.ws2811_channel_t_invert_set(channel, 0)
            ws.ws2811_channel_t_brightness_set(channel, 0)
        self._channels = []
        for index, spec in enumerate(profile.channels):
            channel = ws.ws2811_channel_get(self._leds, index)
            ws.ws2811_channel_t_count_set(channel, len(spec.chain))
            ws.ws2811_channel_t_gpionum_set(channel, spec.gpio)
            ws.ws2811_channel_t_brightness_set(channel, 255)
            ws.ws2811_channel_t_strip_type_set(channel, ws.WS2811_STRIP_RGB)
            ws.ws2811_channel_t_gamma_set(channel, IDENTITY)
            self._channels.append((channel, len(spec.chain)))
        ws.ws2811_t_freq_set(self._leds, FREQUENCY)
        ws.ws2811_t_dmanum_set(self._leds, profile.channels[0].dma)
        self._pins = [spec.gpio for spec in profile.channels]
        self._call("ws2811_init", profile)

    def show(self, frame: Frame) -> None:
        self._check_open()
        set_led = self._ws.ws2811_led_set
        for (channel, count), data in zip(self._channels, frame.channels):
            for index, value in enumerate(_words(data, count)):
                set_led(channel, index, value)
        self._call("ws2811_render")

    def _release(self) -> None:
        """Dark LEDs, then the library lets go of the PWM block and the DMA channel."""
        for channel, count in self._channels:
            for index in range(count):
                self._ws.ws2811_led_set(channel, index, 0)
        try:
            self._ws.ws2811_render(self._leds)
        finally:
            self._ws.ws2811_fini(self._leds)
            self._ws.delete_ws2811_t(self._leds)

    def _describe(self) -> str:
        leds = sum(count for _, count in self._channels)
        return f"on GPIO {' and '.join(map(str, self._pins))}, {leds} LEDs"

    def _call(self, name: str, profile: Profile | None = None) -> None:
        result = getattr(self._ws, name)(self._leds)
        if result != 0:
            reason = self._ws.ws2811_get_return_t_str(result)
            raise BackendError(f"the LEDs cannot be driven ({name}: {reason}); "
                               f"{_fix(reason, profile)}")


def _words(data: bytes, count: int) -> array:
    """Each LED's three bytes as one 24-bit number (``0x00AABBCC``), as the library wants."""
    wide = bytearray(4 * count)
    wide[1::4], wide[2::4], wide[3::4] = data[0::3], data[1::3], data[2::3]
    words = array("I", bytes(wide))  # 4 bytes each on every system a Pi runs
    if sys.byteorder == "little":
        words.byteswap()
    return words


def _fix(reason: str, profile: Profile | None) -> str:
    """What to do about a failure the library reports."""
    text = reason.lower()
    if "mmap" in text or "mailbox" in text or "/dev/mem" in text or "permission" in text:
        return "run the board as root (the systemd unit does), or use SPI on GPIO 10"
    if "gpio" in text and profile is not None:
        pins = ", ".join(str(channel.gpio) for channel in profile.channels)
        return f"GPIO {pins} cannot drive LEDs here; see docs/hardware.md for the pins"
    if "hardware revision" in text:
        return "this Pi is not supported by rpi_ws281x; set backend = \"neopixel\" under [leds]"
    if "spi" in text:
        return "enable SPI (dtparam=spi=on) and enlarge its buffer (spidev.bufsiz=32768)"
    return "kaskade doctor checks the usual causes"


def _import() -> Any:
    try:
        return import_module("_rpi_ws281x")
    except ImportError:
        raise BackendError("the rpi_ws281x library is not installed: pip install rpi-ws281x (or "
                           "pip install 'kaskade-board[pi]')") from None
