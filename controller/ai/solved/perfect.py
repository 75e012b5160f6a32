"""The perfect player of Kaskade's solved boards: on a board small enough to solve from any
position within a move's time, it plays from the exact solution, elsewhere as ``fallback``.

In a won position it plays a winning move (the game is a finite DAG, so a won position kept
won is a game won); in a lost one, the move whose loss the proof found longest. The search is
the exact solver's proof mode (:mod:`controller.ai.solved.exact`), which stops at the first win
(its lengths are upper bounds, so it does not always take the quickest win). The first plies of
2x6 and 3x4, where a proof takes longest, are played from opening tables solved exactly
(:mod:`controller.ai.solved.openings`): the quickest win or the longest loss, at once.

4x4 is lost for the first player, and played perfectly from the second seat only: its first
moves come from the second player's strategy table (:mod:`controller.ai.solved.strategy`), the
later ones from proofs. In the first seat it is the search: every move loses against perfect
play, and proving which loses longest would take minutes a move in the first plies, while the
search makes the most of a fallible opponent.
"""

from __future__ import annotations

import random
from typing import Any, TypeGuard

from controller.ai.base import Budget, Player, Thought
from controller.ai.solved.exact import PYTHON_CELLS, _compiled, analyse, compiled
from controller.ai.solved.openings import opening
from controller.ai.solved.strategy import Strategy, committed
from controller.games import GameState
from controller.games.kaskade.state import KaskadeState

SOLVED_SIZES = ("2x2", "2x3", "2x4", "2x5", "2x6", "3x3", "3x4")
"""The boards the perfect player plays on (and their transposes): each move proved within a
fraction of a second on a desktop once the opening tables of 2x6 and 3x4 are behind
(``kaskade solve`` prints the solutions). 4x4 is played perfectly from the second seat only
(:data:`STRATEGY_SIZES`)."""
STRATEGY_SIZES = ("4x4",)
"""The boards played perfectly from the winning seat only: a strategy table for the first
plies (its proofs there take millions of positions), then proofs."""
PROOF_TABLE_BYTES = 16 << 20
"""The proof table of a move past a strategy table (2 million slots): past 4x4's table a proof
takes some hundred thousand positions at most, and a Pi has little memory to spare."""
PERFECT = "perfect"
"""The level's name where the perfect player plays."""


def solved(state: GameState[Any], seat: int | None = None) -> TypeGuard[KaskadeState]:
    """Whether ``state`` is a Kaskade board the perfect player plays here for ``seat`` (default
    the side to move): a solved size, or the winning seat of a board with a strategy table; and
    the compiled solver built (or a board small enough for the Python one)."""
    if not isinstance(state, KaskadeState):
        return False
    grid = state.grid
    size = _size(state)
    if size in STRATEGY_SIZES:
        strategy = committed(size)
        return compiled() and strategy is not None and \
            (state.to_move if seat is None else seat) == strategy.seat
    return size in SOLVED_SIZES and (compiled() or grid.cells <= PYTHON_CELLS)


def _size(state: KaskadeState) -> str:
    """The board's size, narrow side first (a board and its transpose are the same game)."""
    grid = state.grid
    return f"{min(grid.width, grid.height)}x{max(grid.width, grid.height)}"


class Perfect(Player):
    """Plays solved Kaskade boards perfectly and hands every other position to ``fallback``.

    It takes the time the solution needs: a proof is not cut short by the budget's time or
    steps, which only the fallback obeys — only by its cancel (the player took a move back).
    The opening tables answer the first plies of 3x4 and 2x6 at once; a proof after them takes
    a tenth of a second or so.
    """

    def __init__(self, fallback: Player, name: str = PERFECT) -> None:
        self.name = name
        self.fallback = fallback

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        if not solved(state):
            return self.fallback.think(state, budget, rng)
        grid = state.grid
        legal = {move.cell: move for move in state.legal_moves()}
        strategy = committed(_size(state))
        if strategy is not None:
            return self.follow(strategy, state, legal, budget, rng)
        known = opening(grid.width, grid.height, state.cells, state.plies, rng)
        if known is not None:
            cell, value = known
            return Thought(legal[cell], 1.0 if value > 0 else -1.0, 0, abs(value),
                           budget.elapsed)
        order = list(legal)
        rng.shuffle(order)

        def cancelled(positions: int) -> bool:
            budget.step(positions)
            return budget.cancel.is_set()

        analysis = analyse(grid.width, grid.height, state.cells,
                           state.plies, exact=False, order=order, first=True, check=cancelled)
        if not analysis.complete:  # cancelled: nobody will play this move
            return Thought(legal[order[0]], 0.0, analysis.positions, 0, budget.elapsed)
        best = analysis.best()
        cell = best[int(rng.random() * len(best))]
        value = analysis.values[cell]
        return Thought(legal[cell], 1.0 if value > 0 else -1.0, analysis.positions, abs(value),
                       budget.elapsed)

    def follow(self, strategy: Strategy, state: KaskadeState, legal: dict[int, Any],
               budget: Budget, rng: random.Random) -> Thought:
        """The winning seat's move on a board with a strategy table: the table's within its
        plies, a proof after them (the proof's own move order, with a table of its own);
        before its plies in a position not in it (the game did not start with this player
        in the seat), the search's."""
        cells = list(state.cells)
        if state.plies < strategy.plies:
            cell = strategy.move(cells)
            if cell is None:
                return self.fallback.think(state, budget, rng)
            return Thought(legal[cell], 1.0, 0, 0, budget.elapsed)

        def cancelled(positions: int) -> bool:
            budget.step(positions)
            return budget.cancel.is_set()

        prover = _compiled.prover(state.grid.width, state.grid.height, PROOF_TABLE_BYTES)
        cell, value, positions, complete = _compiled.prove(prover, cells, state.plies, cancelled)
        if not complete:  # cancelled: nobody will play this move
            return Thought(next(iter(legal.values())), 0.0, positions, 0, budget.elapsed)
        return Thought(legal[cell], 1.0 if value > 0 else -1.0, positions, abs(value),
                       budget.elapsed)
