"""The status LED beside the grid, for when the grid cannot say it: steady while the board
runs, blinking while the touch sensors are unreachable, dark once the app has stopped (so a
dark grid with a lit status LED is a board that runs but shows nothing)."""

from __future__ import annotations

from typing import Any

from controller.devices.interfaces import Device

BLINK_SECONDS = 0.25


class StatusLed(Device):
    """The LED on ``pin``."""

    def __init__(self, pin: int, pin_factory: Any = None) -> None:
        from gpiozero import LED  # noqa: PLC0415  (a Pi board's)

        self.led = LED(pin, pin_factory=pin_factory)
        self.led.on()

    def touches(self, reachable: bool) -> None:
        """Show whether the touch sensors can be reached."""
        self._check_open()
        if reachable:
            self.led.on()
        else:
            self.led.blink(on_time=BLINK_SECONDS, off_time=BLINK_SECONDS)

    def _release(self) -> None:
        self.led.off()
        self.led.close()

    def _describe(self) -> str:
        return f"on {self.led.pin}"
