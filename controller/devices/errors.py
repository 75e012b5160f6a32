"""The error a backend raises when it cannot be opened here."""

from __future__ import annotations

from controller.errors import KaskadeError


class BackendError(KaskadeError, RuntimeError):
    """A backend that cannot be opened here; the message says why and what to do."""
