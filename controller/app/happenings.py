"""What happens in a game, as values: a move played (and by which seat), a take-back, the end
by resignation or by words from elsewhere, a take-back asked for.

A :class:`~controller.app.session.Session` keeps them in order as they happen (its
``happenings``), whoever caused them — a touch, the computer, chance, a command of the app's.
Whatever plays a seat from elsewhere reads them instead of comparing the game with its own
copy: the link between two boards sends this board's moves from the ``Played`` it finds there,
and answers a ``TakeBackAsked``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Played:
    """``move`` (named ``name`` in the game's notation) was played at ply ``ply`` (the moves
    before it) for ``player`` (``CHANCE`` for a die or a shuffle)."""

    ply: int
    move: Any
    name: str
    player: int


@dataclass(frozen=True)
class TookBack:
    """The game was taken back to ``to`` plies."""

    to: int


@dataclass(frozen=True)
class Ended:
    """The game ended other than by its rules: ``resigned`` gave up (a player's number), or it
    ended as ``termination`` says (a board elsewhere left, a game claimed); ``winner`` is the
    winner's number, or ``None``."""

    winner: int | None
    termination: str
    resigned: int | None = None


@dataclass(frozen=True)
class TakeBackAsked:
    """The people here asked to take back where that is not theirs alone to decide (a seat
    played elsewhere must agree; when that side has been away long enough, the hold claims
    the game instead)."""


Happening = Played | TookBack | Ended | TakeBackAsked
