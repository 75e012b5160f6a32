"""Who sits at a game, as the app writes it in the game's record, one tag per player: ``human``
(a person not named), a person's name (``[White "Anna"]``, see ``people.py``), ``computer N``
(N a level: ``[Black "computer 3"]``) or ``remote NAME`` (a board elsewhere, through the
broker: ``remote Anna``)."""

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


def remote_seat(name: str) -> str:
    """The tag value for the board called ``name`` elsewhere (``remote`` alone while its
    name is not known)."""
    return f"{REMOTE} {name}".rstrip()


def remote_name(text: str) -> str | None:
    """The other board's name a seat names, or ``None`` for a seat at this board."""
    kind, _, name = text.partition(" ")
    return name or NOT_JOINED if kind == REMOTE else None


def person_name(text: str) -> str | None:
    """The name of the person at this board a seat carries, or ``None`` (the computer, a
    board elsewhere, or a person not named)."""
    if text == HUMAN or text.split()[:1] in ([COMPUTER], [REMOTE]) or not text.strip():
        return None
    return text


def competitor(text: str) -> str | None:
    """Who a seat is for the scores: ``level 3`` for the computer, a person's name, or
    ``None`` for a person not named or a board elsewhere (not scored: who played there is
    not known)."""
    level = computer_level(text)
    if level is not None:
        return f"level {level}"
    return person_name(text)
