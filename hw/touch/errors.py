"""What can go wrong between the Pi and the touch microcontroller."""

from __future__ import annotations

from controller.errors import KaskadeError


class LinkError(KaskadeError, OSError):
    """The touch link failed; the message says what happened and what to do."""


class NoBoardError(LinkError):
    """No board (or more than one) among the USB serial devices."""


class PortBusyError(LinkError):
    """Another program holds the board's port."""


class HandshakeError(LinkError):
    """Something answers on the port, but not the board's firmware."""


class VersionError(LinkError):
    """The board's firmware speaks another version of the protocol."""


class WrongBoardError(LinkError):
    """The firmware is configured for another board profile."""


class SilenceError(LinkError):
    """The board stopped sending heartbeats."""


class NoAnswerError(HandshakeError):
    """Nothing answered the handshake: no firmware running (a board at MicroPython's prompt,
    one still starting, or one without the firmware)."""
