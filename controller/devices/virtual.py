"""Inputs driven by code: a test, or a simulator front end, touches pads and presses buttons
by calling ``down``/``up``. Used by the mock and the simulated backends alike."""

from __future__ import annotations

from controller.devices.interfaces import (
    ButtonDown,
    ButtonsIn,
    ButtonUp,
    Device,
    InputEvent,
    PadDown,
    PadUp,
    Sink,
    TouchesIn,
    UpdateFinished,
)
from controller.errors import KaskadeError


class NotStartedError(KaskadeError, RuntimeError):
    """Input arrived before the app started listening."""


class _Virtual(Device):
    def __init__(self) -> None:
        self.sink: Sink | None = None

    def start(self, sink: Sink) -> None:
        self._check_open()
        self.sink = sink

    def _describe(self) -> str:
        return "not started" if self.sink is None else "started"

    def _send(self, event: InputEvent) -> None:
        self._check_open()
        if self.sink is None:
            raise NotStartedError(f"{type(self).__name__} got {event} before start()")
        self.sink(event)


class VirtualTouches(_Virtual, TouchesIn):
    """Pads touched by calling ``down`` and ``up``."""

    def down(self, pad: int) -> None:
        """A finger on ``pad``."""
        self._send(PadDown(pad))

    def up(self, pad: int) -> None:
        """The finger off ``pad``."""
        self._send(PadUp(pad))

    def update_firmware(self) -> None:
        """Pads driven by code have no firmware: the update fails at once, saying so."""
        self._send(UpdateFinished("these pads are simulated; there is no firmware to update"))


class VirtualButtons(_Virtual, ButtonsIn):
    """Buttons pressed by calling ``down`` and ``up``."""

    def down(self, button: str) -> None:
        """Press ``button``."""
        self._send(ButtonDown(button))

    def up(self, button: str) -> None:
        """Release ``button``."""
        self._send(ButtonUp(button))
