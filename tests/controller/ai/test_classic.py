"""The classic Chain Reaction bot used as a baseline: its pruned search gives exactly the
value of a plain minimax, it takes a win in one, sees a win in two at four plies (the published
depth 2), and judges leaves from its own side with the published heuristic."""

from __future__ import annotations

import random
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai.base import Budget
from controller.ai.kaskade.board import SearchBoard
from controller.ai.kaskade.classic import WIN, ClassicMinimax
from controller.ai.kaskade.evaluate import classical
from controller.ai.levels import baseline
from controller.games.kaskade import KaskadeState
from tests.controller.ai.test_kaskade_players import WIN_IN_ONE, WIN_IN_TWO


def plain(board: SearchBoard, me: int, depth: int) -> int:
    """Minimax without pruning: the reference."""
    if depth == 0:
        return classical(board, me)
    values = []
    for move in board.moves():
        if board.play(move):
            values.append(WIN if board.mover != me else -WIN)
        else:
            values.append(plain(board, me, depth - 1))
        board.undo()
    return max(values) if board.mover == me else min(values)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 24), depth=st.sampled_from([2, 3]))
def test_pruning_changes_nothing(seed, plies, depth):
    rng = random.Random(seed)
    state = KaskadeState(4, 4)
    while state.plies < plies and not state.is_over():
        moves = state.legal_moves()
        state.play(moves[int(rng.random() * len(moves))])
    if state.is_over():
        return
    board = SearchBoard(state)
    bot = ClassicMinimax(depth)
    me = board.mover
    for move in board.moves():
        won = board.play(move)
        expected = WIN if won else plain(board, me, depth - 1)
        got = WIN if won else bot._value(board, partial(classical, board), me, depth - 1,
                                         -WIN - 1, WIN + 1)
        board.undo()
        assert got == expected


def test_it_takes_a_win_in_one_and_sees_a_win_in_two_at_four_plies():
    rng = random.Random(3)
    state = KaskadeState.from_position(WIN_IN_ONE[0])
    thought = baseline("kaskade", "classic-2").think(state, Budget(seconds=1), rng)
    assert state.move_name(thought.move) == WIN_IN_ONE[1]
    assert thought.score == 1.0
    state = KaskadeState.from_position(WIN_IN_TWO[0])
    thought = baseline("kaskade", "classic-4").think(state, Budget(seconds=1), rng)
    assert state.move_name(thought.move) == WIN_IN_TWO[1]
    assert thought.depth == 4


def test_the_baselines_are_the_published_depths_in_plies():
    assert [baseline("kaskade", f"classic-{plies}").depth for plies in (2, 4, 6)] == [2, 4, 6]
