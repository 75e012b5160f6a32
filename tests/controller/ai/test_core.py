"""The compiled core against the pure-Python engine, its reference: many random games played
through both give the same cells, counts and winner after every move and every take-back, the
same classical evaluation for both players, and playouts that repeat under a seed.

The core is built at install where a compiler is present; in CI it must be there."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai.kaskade.board import SearchBoard
from controller.ai.kaskade.core import compiled, compiled_board
from controller.ai.kaskade.evaluate import classical
from controller.games.kaskade import KaskadeState

if not compiled():
    if os.environ.get("CI"):
        pytest.fail("the compiled core was not built: install build-essential and python3-dev",
                    pytrace=False)
    pytest.skip("the compiled core was not built (no C compiler here)", allow_module_level=True)


def same(python: SearchBoard, core) -> None:
    assert core.cells == python.cells
    assert core.counts == python.counts
    assert core.plies == python.plies
    assert core.won == python.won
    assert core.moves() == python.moves()


@settings(max_examples=60, deadline=None)
@given(width=st.integers(2, 9), height=st.integers(2, 9), seed=st.integers(0, 2**32))
def test_random_games_give_the_same_positions_and_winners(width, height, seed):
    rng = random.Random(seed)
    state = KaskadeState(width, height)
    python, core = SearchBoard(state), compiled_board(state)
    same(python, core)
    for _ in range(400):
        moves = python.moves()
        if not moves:
            break
        move = moves[int(rng.random() * len(moves))]
        assert core.play(move) == python.play(move)
        same(python, core)
        for player in (0, 1):
            assert core.classical(player) == classical(python, player)
        if rng.random() < 0.15 and python.plies > 1:  # take back and play on another way
            python.undo()
            core.undo()
            same(python, core)
    assert python.won, "every random game ends"


def test_the_largest_board_and_positions_from_the_middle_of_a_game():
    rng = random.Random(7)
    for width, height in ((16, 16), (6, 9), (8, 8)):
        state = KaskadeState(width, height)
        while not state.is_over() and state.plies < 120:
            moves = state.legal_moves()
            state.play(moves[int(rng.random() * len(moves))])
            if state.plies % 10 == 0 and not state.is_over():
                same(SearchBoard(state), compiled_board(state))


def test_playouts_repeat_under_a_seed_and_leave_the_position_alone():
    state = KaskadeState(6, 9)
    core = compiled_board(state)
    first = core.playouts(500, 11)
    assert sum(first) == 500
    assert core.playouts(500, 11) == first
    assert core.playouts(500, 12) != first
    same(SearchBoard(state), core)


def test_bad_input_is_refused_with_the_reason():
    core = compiled_board(KaskadeState(3, 3))
    core.play(0)
    with pytest.raises(ValueError, match="cell 0 is not a legal move"):
        core.play(0)  # White's ball: Black may not play there
    with pytest.raises(ValueError, match="not a legal move"):
        core.play(99)
    core.undo()
    with pytest.raises(IndexError, match="no move to take back"):
        core.undo()
    with pytest.raises(ValueError, match="one count per cell"):
        type(core)(3, 3, [0] * 8, 0)
    with pytest.raises(ValueError, match="2x2 to 256 cells"):
        type(core)(20, 20, [0] * 400, 0)
