"""Quick judges of single moves, by game: the order in which the general search's progressive
widening adds a decision's untried moves (:class:`controller.ai.mcts.Mcts`'s ``prior``).

Widening tries a few of a decision's moves first and adds more as the decision is visited; with
dozens of moves and a couple of hundred iterations most are never tried, so which come first
matters. In Colliding Circles a move that completes a circle for its player (or takes one from
the opponent) is tried before the rest, one that hands a circle over after them, and passing
moves (a rethrow, ending the turn) and aimless manoeuvres last.
"""

from __future__ import annotations

from typing import Any

from controller.ai.mcts import Prior
from controller.games import GameState
from controller.games.colliding_circles.board import CIRCLES_OF
from controller.games.colliding_circles.pieces import Manoeuvre, Place, die, owner_of
from controller.games.colliding_circles.playout import completion_gain
from controller.games.colliding_circles.rules import circle_value
from controller.games.colliding_circles.state import CollidingCirclesState


def colliding_circles(state: GameState[Any], move: Any) -> float:
    """The points ``move`` wins its player in the circles it completes or breaks (the
    opponent's count against), a placement's die value as a tie-break (a higher die weighs more
    in a circle's totals), manoeuvres without gain after placements, and ending the turn or
    rethrowing after those."""
    assert isinstance(state, CollidingCirclesState)
    mover = state.player
    if isinstance(move, Place):
        return completion_gain(state.board, move.field, move.value, mover) + 0.05 * move.value
    if isinstance(move, Manoeuvre):
        board = state.board[:]
        circles = set(CIRCLES_OF[move.origin]) | set(CIRCLES_OF[move.target])
        before = _points(board, circles, mover)
        board[move.target] = die(owner_of(board[move.origin]), move.value)
        board[move.origin] = 0
        return _points(board, circles, mover) - before - 0.5
    return -1.0


def _points(board: list[int], circles: set[int], player: int) -> int:
    """``player``'s points minus the opponent's in ``circles``."""
    points = 0
    for circle in circles:
        value = circle_value(board, circle)
        if value is not None:
            points += value[1] if value[0] == player else -value[1]
    return points


PRIORS: dict[str, Prior] = {"colliding-circles": colliding_circles}
