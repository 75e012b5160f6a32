"""Flat Monte Carlo: the plainest search that plays every game, and the baseline the general
search is measured against.

Each legal move gets uniform random playouts in turn (round robin, so every move gets the same
number, give or take one), and the move with the best mean result for the player to move is
played. A step is one playout, as it is one MCTS iteration, so the two compare at equal steps.
"""

from __future__ import annotations

import random
from typing import Any

from controller.ai.base import Budget, Player, Thought
from controller.games import GameState


class FlatMonteCarlo(Player):
    """Uniform random playouts per legal move, the best mean wins."""

    def __init__(self, name: str = "flat-mc") -> None:
        self.name = name

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        if state.is_over():
            raise ValueError("the game is over: there is no move to choose")
        me = state.to_move
        assert me is not None
        moves = state.legal_moves()
        rng.shuffle(moves)
        players = len(state.info.players)
        totals = [0.0] * len(moves)
        counts = [0] * len(moves)
        playouts = 0
        while True:
            index = playouts % len(moves)
            position = state.copy()
            position.play(moves[index])
            outcome = position.outcome() or position.random_playout(rng)
            totals[index] += outcome.utility(me, players)
            counts[index] += 1
            playouts += 1
            budget.step()
            if budget.spent():
                break
        best = max((index for index in range(len(moves)) if counts[index]),
                   key=lambda index: totals[index] / counts[index])
        return Thought(moves[best], totals[best] / counts[best], playouts, 1, budget.elapsed)
