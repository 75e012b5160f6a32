"""The project's root error.

Every error the project raises on purpose inherits :class:`KaskadeError` *and* the built-in
exception that describes it best (``ValueError``, ``LookupError``, ``OSError`` …), so callers can
catch either "anything Kaskade Board refused" or the usual Python category.
"""

from __future__ import annotations


class KaskadeError(Exception):
    """Base class of every error the project raises deliberately."""
