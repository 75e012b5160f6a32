"""What the simulator says about one pad — the pad under the window's mouse or the terminal's
cursor: the screen's own words for it (a cell in the game's notation, what a touch there would
do), with the pad's name in front only where the words do not already begin with it (so never
"d3 · d3 · …")."""

from __future__ import annotations

from controller.app.screens.base import Screen


def pad_caption(screen: Screen, pad_name: str, pad: int) -> str:
    """``d3 · empty · touch: a ball goes here``; ``pad a8 · Kaskade · touch: its name`` where
    the words name something other than the pad; ``pad d3`` where the screen says nothing."""
    words = screen.pad_words(pad)
    if not words:
        return f"pad {pad_name}"
    if words == pad_name or words.startswith(f"{pad_name} · "):
        return words
    return f"pad {pad_name} · {words}"
