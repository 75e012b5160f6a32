"""The one error every sub-command raises for options that do not fit together."""

from __future__ import annotations

from controller.errors import KaskadeError


class UsageError(KaskadeError, ValueError):
    """Options that do not fit together, or a value out of range; the command line reports it
    as one line and exits with status 2."""
