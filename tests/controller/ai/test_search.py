"""The Python search, the reference for the compiled one: at a fixed depth it finds the value of
a plain negamax, with and without plies of captures past its horizon."""

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


def negamax(board: SearchBoard, depth: int, ply: int, quiescence: int = 0) -> int:
    """Plain negamax, no pruning, no table: the value a search must find; past the horizon,
    ``quiescence`` plies of captures."""
    if board.won:
        return -(WIN - ply)
    if depth == 0:
        return quiesce(board, ply, quiescence)
    best = -WIN - 1
    for move in board.moves():
        board.play(move)
        best = max(best, -negamax(board, depth - 1, ply + 1, quiescence))
        board.undo()
    return best


def quiesce(board: SearchBoard, ply: int, plies: int) -> int:
    """The evaluation, or — the mover free to stop capturing — the best of the captures
    followed ``plies`` deep, whichever is larger: plain, every capture searched."""
    if board.won:
        return -(WIN - ply)
    best = classical_balance(board)
    for move in board.captures() if plies else ():
        board.play(move)
        best = max(best, -quiesce(board, ply + 1, plies - 1))
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


@settings(max_examples=40, deadline=None)
@given(fixed_depth_cases(), st.integers(0, 3))
def test_at_a_fixed_depth_it_finds_the_plain_negamax_value(case, quiescence):
    state, depth, seed = case
    board = SearchBoard(state)
    thought = AlphaBeta(classical_balance, depth, quiescence).search(
        board, Budget(steps=10**9), random.Random(seed))
    if thought.depth < depth:  # a win or loss found ends the deepening
        return
    assert thought.score == unit(negamax(board, depth, 0, quiescence))
    assert board.cells == list(state.cells), "the position is left as it was"


@settings(max_examples=40, deadline=None)
@given(width=st.integers(2, 9), height=st.integers(2, 9), seed=st.integers(0, 2**32),
       plies=st.integers(0, 120))
def test_a_capture_takes_an_enemy_cell_at_once(width, height, seed, plies):
    """What the quiescence search follows: a move of the mover's that overflows into an enemy
    cell — so takes it, or wins."""
    state = random_position(width, height, seed, plies)
    board = SearchBoard(state)
    enemy = 1 - board.mover
    held = board.counts[enemy]
    for move in board.captures():
        assert move in board.moves()
        board.play(move)
        assert board.won or board.counts[enemy] < held, f"capture {move} took nothing"
        board.undo()
    assert board.cells == list(state.cells)
