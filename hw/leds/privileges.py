"""Who may drive a profile's LEDs on a machine: whether the board app must run as root, which
device groups an ordinary service user needs instead, and which device files the LEDs use.
``kaskade install`` runs the service as root only where the LEDs leave no choice, and lets it
open those device files and no others."""

from __future__ import annotations

from controller.profile.model import Profile
from controller.profile.pi_setup import PWM_OR_PCM
from hw.leds.choose import led_backend
from hw.leds.ws2812_pio import DRIVER
from hw.pi.facts import Facts

ROOT_COST = ("the service runs as root: a fault in the app that ran code would run it with "
             "the Pi's every right. The reference builds' SPI (GPIO 10) needs no root: move the "
             "data line there (one channel; dtparam=spi=on) and install again")
"""What driving the LEDs through /dev/mem costs, said by kaskade install and kaskade doctor."""


def root_needed(profile: Profile, facts: Facts) -> str | None:
    """Why driving ``profile``'s LEDs here needs root, or ``None`` when a user in
    :func:`device_groups` can: rpi_ws281x's PWM and PCM feed the LEDs by DMA set up through
    ``/dev/mem``, which only root opens (NeoPixel on a Pi 1-4 goes through rpi_ws281x, so the
    same holds); its SPI mode, the kernel's WS2812 driver and NeoPixel on a Pi 5 (the RP1's
    PIO), and DDP use device files a group may open, or the network."""
    backend = led_backend(profile, facts)
    pi_1_to_4 = facts.generation is None or facts.generation < 5
    if backend == "ws281x" or (backend == "neopixel" and pi_1_to_4):
        pins = [channel.gpio for channel in profile.channels if channel.gpio in PWM_OR_PCM]
        if pins:
            through = " (NeoPixel goes through rpi_ws281x on a Pi 1-4)" \
                if backend == "neopixel" else ""
            return f"GPIO {pins[0]} (PWM/PCM) is driven through /dev/mem, which only root " \
                f"opens{through}"
    return None


def device_groups(profile: Profile, facts: Facts) -> tuple[str, ...]:
    """The groups a service user needs for the LEDs, buttons and buzzer: on a Pi ``gpio``
    (gpiozero's pins, the RP1's PIO, the SPI pin's function), and ``spi`` when the LEDs go
    through SPI; elsewhere none (no pins; the kernel's WS2812 devices go to the service's own
    group by ``kaskade install``'s udev rule)."""
    if facts.generation is None:
        return ()
    spi = led_backend(profile, facts) == "ws281x" and \
        any(channel.gpio == 10 for channel in profile.channels)
    return ("gpio", "spi") if spi else ("gpio",)


def led_devices(profile: Profile, facts: Facts) -> tuple[str, ...]:
    """The device files the LEDs of ``profile`` are driven through here, as the unit's
    ``DeviceAllow=`` lists them. rpi_ws281x's PWM and PCM map the PWM, PCM, clock, GPIO and
    DMA registers through ``/dev/mem`` and get their DMA memory from the VideoCore's mailbox
    ``/dev/vcio``; its SPI mode writes ``/dev/spidev0.0`` and sets the pin's function through
    ``/dev/gpiomem``. The kernel's WS2812 driver is its own character devices (``/dev/ledsN``,
    named by its driver so that a device that appears late is allowed too). NeoPixel goes
    through rpi_ws281x on a Pi 1-4 (Blinka's pins through ``/dev/gpiomem`` beside it) and
    through the RP1's PIO, ``/dev/pio0``, on a Pi 5. DDP needs no device."""
    backend = led_backend(profile, facts)
    pins = {channel.gpio for channel in profile.channels}
    pi5 = facts.generation is not None and facts.generation >= 5
    devices: list[str] = []
    if backend == "ws281x" or (backend == "neopixel" and not pi5):
        if pins & PWM_OR_PCM:
            devices += ["/dev/mem", "/dev/vcio"]
        if 10 in pins:
            devices += ["/dev/spidev0.0", "/dev/gpiomem"]
    if backend == "ws2812-pio":
        devices.append(f"char-{DRIVER}")
    if backend == "neopixel":
        devices.append("/dev/pio0" if pi5 else "/dev/gpiomem")
    return tuple(dict.fromkeys(devices))
