"""The published Chain Reaction program's minimax (notshridhar/chain-reaction-ai), rebuilt
to choose as it does: the yardstick Kaskade's levels are measured against (``docs/ai.md``,
"The published bot").

The program plays on a board stored row by row — its cell ``i`` is ours, rows of ``width``
cells from a1 — and scores every move to its "depth": a move of each side per depth, so
depth 3 is six plies. A score is the searching player's heuristic after the last reply (per
own cell: its balls; for every enemy neighbour one ball from overflowing, ``5 - critical
mass`` off; with none, +3 a corner, +2 an edge, +2 a cell one ball from overflowing; +2 a
cell one ball from overflowing next to another of its own), +10,000 a win and −10,000 a
loss. It scores the moves in cell order with alpha-beta and plays the best, ties to the
first in cell order; a move that wins at once ends the list. With ``randomness`` N above 1
it draws among its N best moves scoring above 0, weighted 6, 4, 2, 1, 1, unless the best
wins (the program ships with depth 1 and randomness 3).

Two ways to the same choice: :func:`published_scores` walks the tree exactly as the program
does, so every number of its score list is the program's, bounds included (what a draw among
the best moves ranks by, and what ``tests/controller/ai/published/`` holds it to); with
randomness 1 only the first best move counts, and the compiled core's ``classic`` finds it
far sooner — the same minimax with overflowing moves and killers tried first inside the tree,
which changes what is pruned, never a value, with the root moves in cell order so ties fall
as the program's do.
"""

from __future__ import annotations

import random
import time
from typing import Any

from controller.ai.base import Budget, Player, Thought
from controller.ai.kaskade.board import SearchBoard, as_move
from controller.ai.kaskade.core import compiled, compiled_board
from controller.ai.kaskade.evaluate import classical
from controller.games import GameState
from controller.games.kaskade import KaskadeState

WIN = 10_000
ILLEGAL = -20_000
"""The program's score of a cell the opponent holds."""
WEIGHTS = (6, 4, 2, 1, 1)
"""The program's weights for its best moves when it draws among them."""


class ClassicMinimax(Player):
    """The published program at ``depth`` plies (twice its own depth) and ``randomness``."""

    def __init__(self, depth: int, randomness: int = 1) -> None:
        if depth < 2 or depth % 2:
            raise ValueError("the published program searches a move of each side per depth: "
                             "an even number of plies from 2")
        if not 1 <= randomness <= len(WEIGHTS):
            raise ValueError(f"randomness: 1 to {len(WEIGHTS)}")
        self.depth = depth
        self.randomness = randomness
        self.name = f"classic-{depth}"
        self.nodes = 0

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        if not isinstance(state, KaskadeState):
            raise TypeError(f"a Kaskade player cannot play {state.info.title}")
        started = time.perf_counter()
        if self.randomness == 1 and compiled():
            core = compiled_board(state)
            move, best, self.nodes = core.classic(core.moves(), self.depth)
        else:
            scores = self.scores(state)
            move = choose(scores, self.randomness, rng)
            best = scores[move]
        budget.step(self.nodes)
        score = 1.0 if best >= WIN else -1.0 if best <= -WIN else 0.0
        return as_move(state, Thought(move, score, steps=self.nodes, depth=self.depth,
                                      seconds=time.perf_counter() - started))

    def scores(self, state: KaskadeState) -> list[int]:
        """The program's score list for the player to move (compiled where it was built)."""
        if compiled():
            scores, self.nodes = compiled_board(state).published(self.depth // 2)
            return list(scores)
        walk = _Walk(SearchBoard(state))
        scores = walk.scores(self.depth // 2)
        self.nodes = walk.nodes
        return scores


def choose(scores: list[int], randomness: int, rng: random.Random) -> int:
    """The program's choice from its score list: the best score, ties to the first cell; with
    ``randomness`` N, a weighted draw among the N best scoring above 0 unless the best is a
    win (its ``best_move``)."""
    ranked = sorted(range(len(scores)), key=lambda cell: -scores[cell])
    good = [cell for cell in ranked if scores[cell] > 0][:randomness]
    if scores[ranked[0]] == WIN or len(good) <= 1:
        return ranked[0]
    return rng.choices(good, WEIGHTS[: len(good)])[0]


def published_scores(state: KaskadeState, depth: int) -> list[int]:
    """The program's score list at its ``depth`` (a move of each side per depth), in Python:
    the reference the compiled ``published`` is tested against."""
    return _Walk(SearchBoard(state)).scores(depth)


class _Walk:
    """The program's tree walk on a search board: cells in order, a win ends a node at once,
    and a node returns the score it had when alpha-beta cut it off (a bound), as there."""

    def __init__(self, board: SearchBoard) -> None:
        self.board = board
        self.me = board.mover
        self.nodes = 0

    def scores(self, depth: int) -> list[int]:
        board = self.board
        scores = [0] * board.size
        legal = set(board.moves())
        alpha = -WIN
        for cell in range(board.size):
            if cell not in legal:
                scores[cell] = ILLEGAL
                continue
            self.nodes += 1
            if board.play(cell):
                board.undo()
                scores[cell] = WIN
                break
            score = self._min(depth - 1, alpha, WIN)
            board.undo()
            scores[cell] = score
            alpha = max(alpha, score)
        return scores

    def _max(self, depth: int, alpha: int, beta: int) -> int:
        board = self.board
        score = -WIN
        for cell in board.moves():
            self.nodes += 1
            if board.play(cell):
                board.undo()
                return WIN
            child = self._min(depth - 1, alpha, beta)
            board.undo()
            score = max(score, child)
            alpha = max(alpha, score)
            if alpha >= beta:
                return score
        return score

    def _min(self, depth: int, alpha: int, beta: int) -> int:
        board = self.board
        score = WIN
        for cell in board.moves():
            self.nodes += 1
            if board.play(cell):
                board.undo()
                return -WIN
            child = classical(board, self.me) if depth == 0 else self._max(depth, alpha, beta)
            board.undo()
            score = min(score, child)
            beta = min(beta, score)
            if alpha >= beta:
                return score
        return score
