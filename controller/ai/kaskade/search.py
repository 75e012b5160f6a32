"""Iterative-deepening alpha-beta (negamax) for Kaskade.

Each deepening starts with the best move of the one before; inside the tree the transposition
table's move, two killer moves per ply and moves that make a cell overflow are tried first.
Past the horizon, a quiescence search of ``quiescence`` plies follows the captures (see
:meth:`AlphaBeta._quiesce`). The search stops when its budget runs out and plays the best move
of the deepest search it finished (or of the unfinished one, if that already found something
better).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from controller.ai.base import Budget, Thought
from controller.ai.kaskade.board import SearchBoard
from controller.ai.kaskade.evaluate import WIN
from controller.errors import KaskadeError

Evaluation = Callable[[SearchBoard], int]
CHECK_EVERY = 64
"""Nodes between looks at the clock."""
EXACT, LOWER, UPPER = 0, 1, 2
MAX_QUIESCENCE = 8
"""Plies of captures a search may follow past its horizon, at most (as in ``_core.c``)."""


class OutOfBudget(KaskadeError, RuntimeError):  # noqa: N818  (control flow, stays inside)
    """Unwinds the search when the budget is spent."""


class AlphaBeta:
    """Negamax with alpha-beta pruning over ``evaluate`` (from the side to move's view), and
    ``quiescence`` plies of captures past the horizon."""

    def __init__(self, evaluate: Evaluation, max_depth: int = 64, quiescence: int = 0) -> None:
        self.evaluate = evaluate
        self.max_depth = max_depth
        self.quiescence = quiescence
        self.table: dict[tuple[int, ...], tuple[int, int, int, int]] = {}
        self.killers: list[list[int]] = []
        self.nodes = 0
        self.budget: Budget | None = None

    def search(self, board: SearchBoard, budget: Budget, rng: random.Random) -> Thought:
        """The best move found within ``budget``; ties are broken by ``rng``."""
        self.budget = budget
        self.nodes = 0
        self.table.clear()
        root = board.plies
        moves = board.moves()
        rng.shuffle(moves)
        best_move, best_score, depth_done = moves[0], -WIN - 1, 0
        for move in moves:   # a move that wins at once needs no search
            if board.play(move):
                board.undo()
                return Thought(move, 1.0, 1, 1, budget.elapsed)
            board.undo()
        scores = dict.fromkeys(moves, 0)
        for depth in range(1, self.max_depth + 1):
            self.killers = [[-1, -1] for _ in range(depth + 2)]
            moves.sort(key=lambda m: -scores[m])
            alpha = -WIN - 1
            best_here = moves[0]  # replaced by the first move searched: any score beats alpha
            try:
                for move in moves:
                    board.play(move)
                    score = -self._negamax(board, depth - 1, 1, -WIN - 1, -alpha)
                    board.undo()
                    scores[move] = score
                    if score > alpha:
                        alpha, best_here = score, move
            except OutOfBudget:
                while board.plies > root:
                    board.undo()
                if alpha > best_score:
                    best_move, best_score = best_here, alpha
                break
            best_move, best_score, depth_done = best_here, alpha, depth
            if abs(best_score) >= WIN - 1000 or budget.spent():
                break
        return Thought(best_move, unit(best_score), self.nodes, depth_done, budget.elapsed)

    def _count(self) -> None:
        """One more node; every ``CHECK_EVERY`` nodes, stop if the budget is spent."""
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            assert self.budget is not None
            self.budget.step(CHECK_EVERY)
            if self.budget.spent():
                raise OutOfBudget

    def _negamax(self, board: SearchBoard, depth: int, ply: int, alpha: int, beta: int) -> int:
        self._count()
        if board.won:
            return -(WIN - ply)
        if depth <= 0:
            return self._quiesce(board, ply, alpha, beta, self.quiescence)
        key = tuple(board.cells)
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            stored_depth, value, kind, first = entry
            if stored_depth >= depth:
                if kind == EXACT:
                    return value
                if kind == LOWER and value >= beta:
                    return value
                if kind == UPPER and value <= alpha:
                    return value
        start_alpha = alpha
        best, best_move = -WIN - 1, -1
        for move in self._ordered(board, ply, first):
            board.play(move)
            score = -self._negamax(board, depth - 1, ply + 1, -beta, -alpha)
            board.undo()
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        killers = self.killers[ply]
                        if killers[0] != move:
                            killers[1], killers[0] = killers[0], move
                        break
        kind = EXACT if start_alpha < best < beta else (LOWER if best >= beta else UPPER)
        self.table[key] = (depth, best, kind, best_move)
        return best

    def _quiesce(self, board: SearchBoard, ply: int, alpha: int, beta: int, plies: int) -> int:
        """The evaluation once the mover has made the best of its captures and the other side
        of its answers, up to ``plies`` of them. The evaluation counts what each side holds, so
        where the mover is about to take half the board it is wrong by half the board; either
        side may stop capturing and keep the evaluation, so the value is the larger of the
        two (the compiled core's ``quiesce`` finds the same)."""
        stand = self.evaluate(board)
        if stand >= beta or plies <= 0:
            return stand
        best = stand
        alpha = max(alpha, stand)
        for move in board.captures():
            self._count()
            if board.play(move):
                value = WIN - ply - 1
            else:
                value = -self._quiesce(board, ply + 1, -beta, -alpha, plies - 1)
            board.undo()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _ordered(self, board: SearchBoard, ply: int, first: int) -> Sequence[int]:
        moves = board.moves()
        cells, critical = board.cells, board.critical
        sign = 1 - 2 * (board.plies & 1)
        killers = self.killers[ply] if ply < len(self.killers) else (-1, -1)

        def priority(move: int) -> int:
            if move == first:
                return 0
            if move in killers:
                return 1
            return 2 if cells[move] * sign + 1 >= critical[move] else 3

        moves.sort(key=priority)
        return moves


def unit(score: int) -> float:
    """A search score as -1 … +1 (±1 a proven result)."""
    if abs(score) >= WIN - 1000:
        return 1.0 if score > 0 else -1.0
    return max(-0.99, min(0.99, score / 200))
