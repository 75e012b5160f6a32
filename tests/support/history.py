"""Finished games for the history's tests: who sat where and who won, the rest filled in."""

from __future__ import annotations

from collections.abc import Iterable

from controller.app.history import History, Match


def finished(number: int, white: str, black: str, result: str) -> Match:
    """Kaskade game ``number`` (finished ``number`` minutes past noon) between the seats
    ``white`` and ``black`` (``Anna``, ``computer 2``, ``human``), won by ``result``."""
    return Match(f"game{number}", "kaskade", {"size": "3x3"}, {"white": white, "black": black},
                 "", f"2026-11-21T12:{number:02}", result, "over", 5, f"record {number}")


def add_games(history: History, games: Iterable[tuple[str, str, str]]) -> None:
    """Put ``games`` — ``(white, black, result)`` each — in ``history``, one a minute."""
    for number, (white, black, result) in enumerate(games):
        history.add(finished(number, white, black, result))
