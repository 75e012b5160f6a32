"""Errors for bad moves, positions, options and game names.

Move errors carry the input as the user wrote it and the position it was tried in, so a
message such as ``illegal move 'c3' in position …: c3 holds Black's balls`` can be shown to a
player, written to a log, or turned into a test case without any further context.
"""

from __future__ import annotations

from controller.errors import KaskadeError


class MoveError(KaskadeError, ValueError):
    """A move that cannot be played. Base of :class:`InvalidMoveError` and
    :class:`IllegalMoveError`."""

    adjective = "bad"

    def __init__(self, move_text: str, position: str, reason: str) -> None:
        self.move_text = move_text
        self.position = position
        self.reason = reason
        super().__init__(f"{self.adjective} move {move_text!r} in position {position}: {reason}")


class InvalidMoveError(MoveError):
    """The text is not a move in this game's notation (or names something off the board)."""

    adjective = "invalid"


class IllegalMoveError(MoveError):
    """A well-formed move that the rules do not allow in this position."""

    adjective = "illegal"


class PositionError(KaskadeError, ValueError):
    """A position (text or JSON) that cannot be read, or that no game could reach."""


class OptionsError(KaskadeError, ValueError):
    """Game options that the game does not have or does not accept (e.g. a 1 x 9 board)."""


class UnknownGameError(KaskadeError, LookupError):
    """No game is registered under this short name."""


class NothingToUndoError(KaskadeError, IndexError):
    """Undo was asked for with no move played since the game (or loaded position) began."""


class RegistrationError(KaskadeError, ValueError):
    """A game entry that cannot be registered: a name already taken, or a target that does not
    say ``module:name``."""
