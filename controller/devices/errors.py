"""The errors of the board's parts: a backend that cannot be opened here, a part used after it
was closed."""

from __future__ import annotations

from controller.errors import KaskadeError


class BackendError(KaskadeError, RuntimeError):
    """A backend that cannot be opened here; the message says why and what to do."""


class DeviceClosed(KaskadeError, RuntimeError):  # noqa: N818  (gpiozero's name, which makers know)
    """A part of the board, or the board, used after ``close()``: it refuses, as gpiozero's
    devices do (its ``DeviceClosed``), rather than light LEDs or sound a buzzer whose pins it
    has let go of, or start a thread nobody will stop."""
