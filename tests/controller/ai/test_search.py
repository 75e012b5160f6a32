"""The Python search, the reference for the compiled one: at a fixed depth it finds the value of
a plain negamax."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from controller.ai.base import Budget
from controller.ai.kaskade.board import SearchBoard
from controller.ai.kaskade.evaluate import WIN, classical_balance
from controller.ai.kaskade.search import AlphaBeta, unit
from controller.games.kaskade import KaskadeState
from tests.controller.ai.test_kaskade_players import random_position


def negamax(board: SearchBoard, depth: int, ply: int) -> int:
    """Plain negamax, no pruning, no table: the value a search must find."""
    if board.won:
        return -(WIN - ply)
    if depth == 0:
        return classical_balance(board)
    best = -WIN - 1
    for move in board.moves():
        board.play(move)
        best = max(best, -negamax(board, depth - 1, ply + 1))
        board.undo()
    return best


@st.composite
def fixed_depth_cases(draw: st.DrawFn) -> tuple[KaskadeState, int, int]:
    """A game under way on a board of 2x2 to 4x4, a depth of 1 to 3 plies and a seed."""
    seed = draw(st.integers(0, 2**32))
    state = random_position(draw(st.integers(2, 4)), draw(st.integers(2, 4)), seed,
                            draw(st.integers(0, 20)))
    assume(not state.is_over())
    return state, draw(st.integers(1, 3)), seed


@settings(max_examples=30, deadline=None)
@given(fixed_depth_cases())
def test_at_a_fixed_depth_it_finds_the_plain_negamax_value(case):
    state, depth, seed = case
    board = SearchBoard(state)
    thought = AlphaBeta(classical_balance, depth).search(board, Budget(steps=10**9),
                                                         random.Random(seed))
    if thought.depth < depth:  # a win or loss found ends the deepening
        return
    assert thought.score == unit(negamax(board, depth, 0))
    assert board.cells == list(state.cells), "the position is left as it was"
