"""What a Kaskade board implies: whose turn, who has won, and whether a game can reach it.

A Kaskade position needs no move history: every move adds exactly one ball and no ball ever
leaves the board, so the number of balls *is* the number of moves made, and from it follow the
side to move and whether both players have placed a ball yet (the elimination rule's condition).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from controller.games.base import Outcome
from controller.games.errors import PositionError
from controller.games.kaskade.grid import Grid

PLAYERS = ("white", "black")


@dataclass(frozen=True)
class Status:
    """What the balls on a board say about the game."""

    plies: int
    counts: tuple[int, int]
    """Cells owned by White and by Black."""
    winner: int | None

    @property
    def to_move(self) -> int | None:
        """The player to move, ``None`` once the game is over (White moves on even plies)."""
        return None if self.winner is not None else self.plies % 2


def elimination(winner: int) -> Outcome:
    """The only way a Kaskade game ends: the loser owns no cell."""
    return Outcome(winner, f"{PLAYERS[1 - winner].capitalize()} has no cells left")


def derive(cells: Sequence[int]) -> Status:
    """The status of a board of signed ball counts (White positive, Black negative).

    The game is over once both players have placed a ball (two plies) and every occupied cell
    belongs to one of them.
    """
    plies = sum(abs(v) for v in cells)
    white = sum(1 for v in cells if v > 0)
    black = sum(1 for v in cells if v < 0)
    winner = None
    if plies >= 2 and not (white and black):
        winner = 0 if white else 1
    return Status(plies, (white, black), winner)


def check_reachable(board: Grid, cells: Sequence[int], side: int | None, where: str) -> Status:
    """The status of ``cells``, after checking that a game could reach them with ``side`` to
    move (``None``: over). Raises :class:`PositionError` prefixed with ``where`` otherwise."""
    status = derive(cells)
    if side != status.to_move:
        raise PositionError(
            f"{where}: it says {_turn(side)}, but with {_balls(status.plies)} on the board "
            f"{_turn(status.to_move)}"
        )
    for cell, value in enumerate(cells):
        balls, limit = abs(value), board.critical[cell]
        if status.winner is None and balls >= limit:
            raise PositionError(
                f"{where}: {board.name(cell)} holds {balls} balls and overflows at {limit}; "
                "only the last position of a finished game can hold that"
            )
        if balls > 2 * limit - 1:
            raise PositionError(
                f"{where}: {board.name(cell)} holds {balls} balls; no cascade leaves more than "
                f"{2 * limit - 1} there"
            )
    if status.winner is not None and status.winner != (status.plies - 1) % 2:
        raise PositionError(
            f"{where}: {PLAYERS[status.winner].capitalize()} owns every cell, but "
            f"{PLAYERS[1 - status.winner].capitalize()} made the last move"
        )
    return status


def _balls(count: int) -> str:
    return "1 ball" if count == 1 else f"{count} balls"


def _turn(side: int | None) -> str:
    return "the game is over" if side is None else f"{PLAYERS[side].capitalize()} is to move"
