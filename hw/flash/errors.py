"""What can go wrong while updating a board's firmware."""

from __future__ import annotations

from controller.errors import KaskadeError


class FlashError(KaskadeError, RuntimeError):
    """A firmware update that could not be done; the message says why and what to do."""


class BundleError(FlashError, ValueError):
    """A firmware bundle that is damaged or incomplete: nothing is written from it."""


class BoardError(FlashError):
    """The board cannot be reached, or is not a MicroPython board that can be updated."""
