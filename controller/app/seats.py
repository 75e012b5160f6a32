"""Who sits at a game, as the app writes it in the game's record: ``human`` or ``computer N``
(N a level), one tag per player (``[White "computer 3"]``)."""

from __future__ import annotations

HUMAN = "human"
COMPUTER = "computer"


def seat(level: int | None) -> str:
    """The tag value for a person (``None``) or the computer at ``level``."""
    return HUMAN if level is None else f"{COMPUTER} {level}"


def computer_level(text: str) -> int | None:
    """The computer's level a seat names, or ``None`` for a person (or a seat that names no
    level: saved games are checked when loaded)."""
    words = text.split()
    if len(words) == 2 and words[0] == COMPUTER and words[1].isdigit():
        return int(words[1])
    return None
