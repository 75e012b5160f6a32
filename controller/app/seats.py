"""Who sits at a game, as the app writes it in the game's record, one tag per player: ``human``
(a person not named), a person's name (``[White "Anna"]``, see ``people.py``) or ``computer N``
(N a level: ``[Black "computer 3"]``)."""

from __future__ import annotations

HUMAN = "human"
COMPUTER = "computer"


def seat(level: int | None, name: str | None = None) -> str:
    """The tag value for the computer at ``level``, else the person called ``name`` (or one
    not named)."""
    if level is not None:
        return f"{COMPUTER} {level}"
    return name or HUMAN


def computer_level(text: str) -> int | None:
    """The computer's level a seat names, or ``None`` for a person (or a seat that names no
    level: saved games are checked when loaded)."""
    words = text.split()
    if len(words) == 2 and words[0] == COMPUTER and words[1].isdigit():
        return int(words[1])
    return None


def person_name(text: str) -> str | None:
    """The person's name a seat carries, or ``None`` (the computer, or a person not named)."""
    if text == HUMAN or text.split()[:1] == [COMPUTER] or not text.strip():
        return None
    return text


def competitor(text: str) -> str | None:
    """Who a seat is for the scores: ``level 3`` for the computer, a person's name, or
    ``None`` for a person not named (not scored: who it was is not known)."""
    level = computer_level(text)
    if level is not None:
        return f"level {level}"
    return person_name(text)
