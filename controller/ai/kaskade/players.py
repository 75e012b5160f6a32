"""Kaskade's computer players: the levels people play against, and the baselines they are
measured by."""

from __future__ import annotations

import random
import threading
from typing import Any

from controller.ai.base import Budget, Player, Thought
from controller.ai.kaskade.board import SearchBoard, as_move
from controller.ai.kaskade.core import compiled, compiled_search, new_table
from controller.ai.kaskade.evaluate import classical_balance
from controller.ai.kaskade.openings import book_answer
from controller.ai.kaskade.pacing import pace
from controller.ai.kaskade.search import MAX_QUIESCENCE, AlphaBeta
from controller.games import GameState
from controller.games.kaskade import KaskadeState


def _board(state: GameState[Any]) -> SearchBoard:
    if not isinstance(state, KaskadeState):
        raise TypeError(f"a Kaskade player cannot play {state.info.title}")
    return SearchBoard(state)


class Gentle(Player):
    """Level 1: a move at random, except that it never misses a win in one."""

    name = "gentle"

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        board = _board(state)
        moves = board.moves()
        for move in moves:
            if board.play(move):
                return as_move(state, Thought(move, 1.0, len(moves)))
            board.undo()
        return as_move(state, Thought(moves[int(rng.random() * len(moves))], steps=len(moves)))


class Greedy(Player):
    """One ply deep: the move that leaves the mover the most cells (a win above all); ties at
    random (a baseline)."""

    name = "greedy"

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        board = _board(state)
        mover = board.mover
        best, choices = None, []
        for move in board.moves():
            won = board.play(move)
            score = 10_000 if won else board.counts[mover] - board.counts[1 - mover]
            board.undo()
            if best is None or score > best:
                best, choices = score, [move]
            elif score == best:
                choices.append(move)
        return as_move(state, Thought(choices[int(rng.random() * len(choices))],
                                      steps=len(board.moves())))


class Searcher(Player):
    """Iterative-deepening alpha-beta over the classical evaluation, to ``max_depth`` plies or
    until the budget runs out: in the compiled core where it was built (``engine="auto"``),
    else — or with ``engine="python"`` — in Python. ``paced``: each move takes the share of
    the budget :func:`~controller.ai.kaskade.pacing.pace` gives (less in the opening, more
    late), the budget still holding on average. ``keep_table``: the compiled search keeps its
    transposition table from move to move (16 MB), so the positions it looked at for the last
    move answer this one; a think that finds the table in use (the hint beside the computer's
    own move) takes a fresh one. ``threads``: the compiled search's threads, sharing one table
    (the Python search has one). ``quiescence``: plies of captures searched past the horizon
    (``docs/ai.md``). ``book``: plays the first moves from the book
    (:mod:`~controller.ai.kaskade.openings`) without searching, where it has one."""

    def __init__(self, name: str, max_depth: int = 64, engine: str = "auto",
                 paced: bool = False, keep_table: bool = False, threads: int = 1,
                 quiescence: int = 0, book: bool = False) -> None:
        if engine not in ("auto", "python"):
            raise ValueError(f"engine: auto or python, not {engine!r}")
        if threads < 1:
            raise ValueError(f"threads: at least 1, not {threads}")
        if not 0 <= quiescence <= MAX_QUIESCENCE:
            raise ValueError(f"quiescence: 0 to {MAX_QUIESCENCE} plies, not {quiescence}")
        self.name = name
        self.max_depth = max_depth
        self.engine = engine
        self.paced = paced
        self.keep_table = keep_table
        self.threads = threads
        self.quiescence = quiescence
        self.book = book
        self._table: bytearray | None = None
        self._table_lock = threading.Lock()

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        if not isinstance(state, KaskadeState):
            raise TypeError(f"a Kaskade player cannot play {state.info.title}")
        answer = book_answer(state) if self.book else None
        if answer is not None:
            return Thought(answer, 0.0, 0, 0, budget.elapsed)
        part = budget.share(pace(state.grid, state.plies)) if self.paced else budget
        if self.engine == "auto" and compiled():
            thought = self._compiled(state, part, rng)
        else:
            thought = as_move(state, AlphaBeta(classical_balance, self.max_depth,
                                               self.quiescence).search(_board(state), part, rng))
        if part is not budget:
            budget.step(thought.steps)
        return thought

    def _compiled(self, state: KaskadeState, budget: Budget, rng: random.Random) -> Thought:
        if not self.keep_table or not self._table_lock.acquire(blocking=False):
            return compiled_search(state, budget, rng, self.max_depth, threads=self.threads,
                                   quiescence=self.quiescence)
        try:
            if self._table is None:
                self._table = new_table()
            return compiled_search(state, budget, rng, self.max_depth, self._table,
                                   self.threads, self.quiescence)
        finally:
            self._table_lock.release()
