"""Quick judges of whole positions, by game: the chance that the player to move wins, read off
the board without playing on — where a playout cut short ends (:mod:`controller.ai.playouts`).

Big Balls is decided by the die as much as by the players, so one playout to the end says
little about a position: two positions a playout tells apart by a few percent need thousands
of playouts to be told apart at all. A judge of the board does it at once. Big Balls' judge
counts, for each side, what a stone race is decided by:

* **the race**: each stone needs ``7 − rank`` steps to a7 (a stone may step north-west or
  north-east, so every hole of a rank is as far), and a throw moves it with the chance of the
  faces that name it (its own number, and the numbers of stones gone whose nearest remaining
  stone it is); the side's race is ``1 / (1 + t)``, ``t`` the fewest throws its quickest stone
  needs on average;
* the rank of its most advanced stone, and how far all its stones have climbed;
* its stones a big ball can crush next turn (a ball in a hole above them), and how many it has.

The weights are a logistic regression of the side to move's result in the search's own
playouts (``playouts.big_balls_to_end``) on those figures, both sides' differences, fitted on
10,000 positions of such playouts (up to 60 actions into a game). On 400 positions not fitted
on, its guess is off the mean of 40 playouts by 0.011 in squared error (as a chance, 0 … 1),
where one playout's result is off it by 0.23: the judge is worth some twenty playouts, and
costs less than one (``docs/ai.md``, "Against flat Monte Carlo").
"""

from __future__ import annotations

import math
from typing import Any

from controller.games import GameState
from controller.games.big_balls.pieces import BALL, NUMBERS, number, owner
from controller.games.big_balls.state import BigBallsState
from controller.games.big_balls.triangle import APEX, HOLES, RANKS, ROLLS

RANK = tuple(rank for _, rank in HOLES)
ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(origin for origin, targets in enumerate(ROLLS) if hole in targets)
    for hole in range(len(HOLES))
)
"""For each hole, the holes a big ball rolls onto it from."""

TO_MOVE = 0.0557
"""The weight of having the move."""
WEIGHTS = {"stones": 0.0145, "climbed": 0.0574, "top": 0.1915, "crushable": -0.0399,
           "race": 5.727}
"""Each figure's weight, on the difference between the side to move's and the other's."""


def side(board: list[int], player: int) -> dict[str, float]:
    """``player``'s figures on ``board`` (all 0 when it has no stones)."""
    stones = {number(value): hole for hole, value in enumerate(board)
              if value > 0 and owner(value) == player}
    if not stones:
        return dict.fromkeys(WEIGHTS, 0.0)
    faces = dict.fromkeys(stones, 0)
    for face in NUMBERS:
        if face in stones:
            faces[face] += 1
            continue
        lower = [n for n in stones if n < face]
        higher = [n for n in stones if n > face]
        if lower:
            faces[max(lower)] += 1
        if higher:
            faces[min(higher)] += 1
    throws = min((RANKS - RANK[hole]) * len(NUMBERS) / faces[n] for n, hole in stones.items())
    return {
        "stones": len(stones),
        "climbed": sum(RANK[hole] - 1 for hole in stones.values()),
        "top": max(RANK[hole] for hole in stones.values()),
        "crushable": sum(1 for hole in stones.values()
                         if any(board[origin] == BALL for origin in ABOVE[hole])),
        "race": 1 / (1 + throws),
    }


def big_balls(state: GameState[Any]) -> float:
    """The chance that Big Balls' player to move wins from ``state`` (a position between
    turns, not over), by :data:`WEIGHTS`."""
    assert isinstance(state, BigBallsState) and state.board[APEX] <= 0
    me = state.turn_player()
    mine, theirs = side(state.board, me), side(state.board, 1 - me)
    score = TO_MOVE + sum(weight * (mine[name] - theirs[name])
                          for name, weight in WEIGHTS.items())
    return 1 / (1 + math.exp(-score))
