"""What the LEDs receive: the one data type that crosses from the pure drawing code
(``controller.render.output`` makes frames) to the LED backends (``hw.leds``, ``sim``, the
mock), so neither side imports the other."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Frame:
    """What the LEDs receive."""

    channels: tuple[bytes, ...]
    """For each data channel, 3 bytes per LED in chain order, each in the strip's colour order."""
    milliamps: float
    """Estimated current of the LEDs for this frame, standby included."""
    limited: bool
    """Whether the limiter had to dim this frame."""
