"""Who may drive a profile's LEDs on a machine: whether the board app must run as root, and
which device groups an ordinary service user needs instead. ``kaskade install`` runs the
service as root only where the LEDs leave no choice."""

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
