"""Help text from a command module's docstring, so the two never say different things."""

from __future__ import annotations


def description(doc: str) -> str:
    """``"``kaskade x``: do this. More."`` as ``"Do this. More."``."""
    text = doc.replace("``", "").split(": ", 1)[1]
    return text[0].upper() + text[1:]
