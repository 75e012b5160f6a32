"""The menu and undo buttons: each a push button from its GPIO to ground, read with the Pi's
internal pull-up. Presses and releases become ``ButtonDown`` and ``ButtonUp``; the app itself
times holds (holding undo, say), as it does for pads, so a hold means the same on every board."""

from __future__ import annotations

from typing import Any

from controller.devices.interfaces import ButtonDown, ButtonsIn, ButtonUp, Sink
from controller.profile.model import Gpio

BOUNCE_SECONDS = 0.02
"""Contact bounce ignored after each edge."""


class GpioButtons(ButtonsIn):
    """The buttons on the pins of ``gpio``."""

    def __init__(self, gpio: Gpio, pin_factory: Any = None) -> None:
        from gpiozero import Button  # noqa: PLC0415  (only a Pi board needs gpiozero)

        self.buttons = {
            name: Button(pin, pull_up=True, bounce_time=BOUNCE_SECONDS, pin_factory=pin_factory)
            for name, pin in (("menu", gpio.menu_button), ("undo", gpio.undo_button))}
        self._sink: Sink | None = None

    def start(self, sink: Sink) -> None:
        self._check_open()
        self._sink = sink
        for name, button in self.buttons.items():
            button.when_pressed = lambda _device, name=name: sink(ButtonDown(name))
            button.when_released = lambda _device, name=name: sink(ButtonUp(name))

    def _release(self) -> None:
        for button in self.buttons.values():
            button.close()

    def _describe(self) -> str:
        return ", ".join(f"{name} on {button.pin}" for name, button in self.buttons.items())
