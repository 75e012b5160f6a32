"""Who may drive a profile's LEDs on a machine: whether the board app must run as root, which
device groups an ordinary service user needs instead, and which device files the LEDs use.
``kaskade install`` runs the service as root only where the LEDs leave no choice, and lets it
open those device files and no others."""

from __future__ import annotations

from controller.profile.model import Profile
from hw.leds.choose import led_backend
from hw.leds.ws281x import PWM_OR_PCM
from hw.pi.facts import Facts


def root_needed(profile: Profile, facts: Facts) -> str | None:
    """Why driving ``profile``'s LEDs here needs root, or ``None`` when a user in
    :func:`device_groups` can: rpi_ws281x's PWM and PCM feed the LEDs by DMA set up through
    ``/dev/mem``, which only root opens (and NeoPixel on a Pi 1-4 goes through rpi_ws281x);
    its SPI mode and NeoPixel on a Pi 5 (the RP1's PIO) use device files a group may open."""
    backend = led_backend(profile, facts)
    if backend == "ws281x":
        pins = [channel.gpio for channel in profile.channels if channel.gpio in PWM_OR_PCM]
        if pins:
            return f"GPIO {pins[0]} (PWM/PCM) is driven through /dev/mem, which only root opens"
        return None
    if facts.generation is None or facts.generation < 5:
        return "NeoPixel on a Pi 1-4 goes through rpi_ws281x and /dev/mem, which only root opens"
    return None


def device_groups(profile: Profile, facts: Facts) -> tuple[str, ...]:
    """The groups a service user needs for the LEDs, buttons and buzzer: ``gpio`` always
    (gpiozero's pins, the RP1's PIO), ``spi`` when the LEDs go through SPI."""
    spi = led_backend(profile, facts) == "ws281x" and \
        any(channel.gpio == 10 for channel in profile.channels)
    return ("gpio", "spi") if spi else ("gpio",)


def led_devices(profile: Profile, facts: Facts) -> tuple[str, ...]:
    """The device files the LEDs of ``profile`` are driven through here, as the unit's
    ``DeviceAllow=`` lists them. rpi_ws281x's PWM and PCM map the PWM, PCM, clock, GPIO and
    DMA registers through ``/dev/mem`` and get their DMA memory from the VideoCore's mailbox
    ``/dev/vcio``; its SPI mode writes ``/dev/spidev0.0`` and sets the pin's function through
    ``/dev/gpiomem``. NeoPixel goes through rpi_ws281x on a Pi 1-4 (Blinka's pins through
    ``/dev/gpiomem`` beside it) and through the RP1's PIO, ``/dev/pio0``, on a Pi 5."""
    backend = led_backend(profile, facts)
    pins = {channel.gpio for channel in profile.channels}
    pi5 = facts.generation is not None and facts.generation >= 5
    devices: list[str] = []
    if backend == "ws281x" or not pi5:
        if pins & PWM_OR_PCM:
            devices += ["/dev/mem", "/dev/vcio"]
        if 10 in pins:
            devices += ["/dev/spidev0.0", "/dev/gpiomem"]
    if backend == "neopixel":
        devices.append("/dev/pio0" if pi5 else "/dev/gpiomem")
    return tuple(dict.fromkeys(devices))
