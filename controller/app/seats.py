"""Who sits at a game, as the app writes it in the game's record: ``human``, ``computer N``
(N a level) or ``remote NAME`` (a board elsewhere, through the broker: ``remote Anna``), one tag
per player (``[White "computer 3"]``)."""

from __future__ import annotations

import re

HUMAN = "human"
COMPUTER = "computer"
REMOTE = "remote"
REMOTE_NAME = re.compile(r"remote( [^\x00-\x1f\x7f]{1,24})?")
"""A remote seat as a saved game may name it: the board's name, 1-24 printable characters
(none before it joined)."""
NOT_JOINED = "a board yet to join"
"""The name of a remote seat before its board has joined."""


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


def remote_seat(name: str) -> str:
    """The tag value for the board called ``name`` elsewhere (``remote`` alone while its
    name is not known)."""
    return f"{REMOTE} {name}".rstrip()


def remote_name(text: str) -> str | None:
    """The other board's name a seat names, or ``None`` for a seat at this board."""
    kind, _, name = text.partition(" ")
    return name or NOT_JOINED if kind == REMOTE else None
