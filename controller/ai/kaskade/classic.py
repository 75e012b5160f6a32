"""The classic Chain Reaction bot, as published bots build it, to measure the levels against
real opponents rather than only their own kind: a plain minimax to a fixed depth (2 or 3 plies;
alpha-beta only prunes, it gives the same move), judging each leaf by the widely published
heuristic from the searching player's side alone, with a win as +10,000 and a loss as
−10,000 (docs/ai.md, Baselines).

The heuristic, per cell the searching player owns: its balls; for every neighbour of the
enemy's that is one ball from overflowing, a penalty of ``5 - critical mass`` (a corner, with
few neighbours, loses most); with no such neighbour, +3 for a corner, +2 for an edge, and +2 if
the cell itself is one ball from overflowing; and +2 per cell for every block of two or more
adjacent own cells one ball from overflowing. It is ``evaluate.classical`` (and the compiled
core's, where it was built: the same numbers, found faster, so tournaments finish sooner).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from controller.ai.base import Budget, Player, Thought
from controller.ai.kaskade.board import SearchBoard, as_move
from controller.ai.kaskade.core import compiled, compiled_board
from controller.ai.kaskade.evaluate import classical
from controller.games import GameState
from controller.games.kaskade import KaskadeState

WIN = 10_000


class ClassicMinimax(Player):
    """The classic bot searching ``depth`` plies; ties go to the first move in cell order after
    a shuffle by the game's seed, so a tournament's games differ."""

    def __init__(self, depth: int) -> None:
        self.depth = depth
        self.name = f"classic-{depth}"
        self.nodes = 0

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        if not isinstance(state, KaskadeState):
            raise TypeError(f"a Kaskade player cannot play {state.info.title}")
        started = time.perf_counter()
        if compiled():
            core = compiled_board(state)
            moves = core.moves()
            rng.shuffle(moves)
            best_move, best, self.nodes = core.classic(moves, self.depth)
        else:
            best_move, best = self._search(SearchBoard(state), rng)
        score = 1.0 if best >= WIN else -1.0 if best <= -WIN else 0.0
        return as_move(state, Thought(best_move, score, steps=self.nodes, depth=self.depth,
                                      seconds=time.perf_counter() - started))

    def _search(self, board: SearchBoard, rng: random.Random) -> tuple[int, int]:
        """The move and its value, in Python: the reference the compiled ``classic`` keeps to."""
        judge = partial(classical, board)
        me = board.mover
        moves = board.moves()
        rng.shuffle(moves)
        self.nodes = 0
        best_move, best = moves[0], -WIN - 1
        for move in moves:
            won = board.play(move)
            value = WIN if won else self._value(board, judge, me, self.depth - 1, best, WIN + 1)
            board.undo()
            if value > best:
                best_move, best = move, value
        return best_move, best

    def _value(self, board: SearchBoard, judge: Callable[[int], int], me: int,
               depth: int, alpha: int, beta: int) -> int:
        """Minimax from ``me``'s side: the mover maximises when it is ``me``, else minimises."""
        self.nodes += 1
        if depth == 0:
            return judge(me)
        maximising = board.plies & 1 == me
        for move in board.moves():
            if board.play(move):
                value = WIN if maximising else -WIN
            else:
                value = self._value(board, judge, me, depth - 1, alpha, beta)
            board.undo()
            if maximising:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        return alpha if maximising else beta
