"""The exact solver of small Kaskade boards: the published results on the smallest boards,
its rules against the game's engine, the compiled solver against the Python one, and its
errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from controller.ai.solved.exact import SolveError, _Solver, analyse
from controller.games.kaskade import KaskadeState
from tests.support.compiled import compiled_exact


@pytest.mark.parametrize(("width", "height", "value", "positions"), [
    (2, 2, -4, 34), (2, 3, 7, 982), (3, 2, 7, 982), (2, 4, -12, 28518)])
def test_the_python_solver_reproduces_the_smallest_boards(width, height, value, positions):
    analysis = analyse(width, height, [0] * (width * height), 0, python=True)
    assert analysis.complete
    assert analysis.value == value
    assert analysis.positions == positions


def test_every_first_move_wins_2x3_and_only_the_ends_hurry_on_2x4():
    assert analyse(2, 3, [0] * 6, 0, python=True).winning() == list(range(6))
    two_by_four = analyse(2, 4, [0] * 8, 0, python=True)
    assert two_by_four.winning() == []
    assert two_by_four.best() == [0, 1, 6, 7]  # the corners hold out longest


def test_the_compiled_solver_reproduces_3x3_and_2x5():
    compiled_exact()
    three = analyse(3, 3, [0] * 9, 0)
    assert (three.value, three.positions) == (13, 224801)
    assert three.winning() == list(range(9))
    five = analyse(2, 5, [0] * 10, 0)
    assert five.value == 15
    assert five.winning() == [0, 1, 4, 5, 8, 9]


def random_position(width: int, height: int, rng: random.Random, plies: int) -> KaskadeState:
    """A game ``plies`` random moves in (fewer if it ended: then the move before the end)."""
    state = KaskadeState(width, height)
    for _ in range(plies):
        moves = state.legal_moves()
        state.play(rng.choice(moves))
        if state.is_over():
            state.undo()
            break
    return state


@settings(max_examples=80, deadline=None)
@given(width=st.integers(2, 6), height=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_the_solvers_rules_are_the_games(width, height, seed):
    """Every move of a random game: the same board after it, and a win exactly when the game
    says so."""
    rng = random.Random(seed)
    state = KaskadeState(width, height)
    solver = _Solver(width, height, exact=True, limit=0)
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        cells = list(state.cells)
        won = solver.place(cells, move.cell, state.plies)
        state.play(move)
        assert won == state.is_over()
        if not won:
            assert cells == list(state.cells)


@settings(max_examples=25, deadline=None)
@given(size=st.sampled_from([(2, 4), (3, 3), (4, 2), (3, 4), (4, 3), (2, 6)]),
       seed=st.integers(0, 2**32), exact=st.booleans())
def test_the_compiled_solver_finds_what_the_python_one_finds(size, seed, exact):
    compiled_exact()
    width, height = size
    rng = random.Random(seed)
    state = random_position(width, height, rng, rng.randrange(width * height, 3 * width * height))
    # A random game that ended early leaves an early position: the Python solver takes minutes
    # there (2 x 6 from its fourth ply), and the whole boards are held to it above.
    assume(state.plies >= width * height)
    cells, plies = list(state.cells), state.plies
    python = _Solver(width, height, exact, 0).analyse(cells, plies, list(range(width * height)),
                                                      first=False)
    compiled = analyse(width, height, cells, plies, exact=exact)
    if exact:
        assert compiled == python
    else:  # a proof's win is a bound, found in each solver's own order; who wins agrees
        assert {m: v > 0 for m, v in compiled.values.items()} == \
            {m: v > 0 for m, v in python.values.items()}


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_4x4_proof_finds_the_winner_the_exact_search_finds(seed):
    """4x4 is settled by a proof (docs/ai.md): its symmetries (all eight), its move order and
    its look into the hash table agree with the exact search, which has none of them, on late
    positions of random games."""
    compiled_exact()
    rng = random.Random(seed)
    state = random_position(4, 4, rng, rng.randrange(26, 60))
    assume(state.plies >= 20)  # a game that ended early leaves an early position: too large
    cells, plies = list(state.cells), state.plies
    exact = analyse(4, 4, cells, plies, table_bytes=1 << 26)
    proof = analyse(4, 4, cells, plies, exact=False, table_bytes=1 << 26)
    assert exact.complete
    assert proof.complete
    assert {m: v > 0 for m, v in proof.values.items()} == \
        {m: v > 0 for m, v in exact.values.items()}


def test_a_proof_agrees_with_the_exact_solution_on_who_wins():
    exact = analyse(2, 4, [0, 1, 0, 0, -1, 0, 0, 0], 2, python=True)
    proof = analyse(2, 4, [0, 1, 0, 0, -1, 0, 0, 0], 2, exact=False, python=True)
    assert {m: v > 0 for m, v in exact.values.items()} == \
        {m: v > 0 for m, v in proof.values.items()}
    for move, value in proof.values.items():  # a proof's length is an upper bound
        assert 0 < abs(exact.values[move]) <= abs(value)


def test_first_stops_at_the_first_winning_move_in_the_order_given():
    analysis = analyse(2, 3, [0] * 6, 0, exact=False, order=[4, 0], first=True, python=True)
    assert list(analysis.values) == [4]
    assert analysis.value > 0


@pytest.mark.parametrize("python", [True, False])
def test_a_limit_leaves_the_search_incomplete(python):
    if not python:
        compiled_exact()
    analysis = analyse(3, 3, [0] * 9, 0, limit=100, python=python)
    assert not analysis.complete
    assert 0 in analysis.values.values()


@pytest.mark.parametrize(("width", "height", "cells", "plies", "python", "message"), [
    (1, 4, [0] * 4, 0, True, "not a Kaskade board"),
    (2, 2, [0] * 3, 0, True, "has 4 cells, not 3"),
    (2, 2, [2, 0, 0, 0], 2, True, "critical mass or more"),
    (2, 2, [2, 0, 0, 0], 2, False, "critical mass or more"),
    (3, 4, [0] * 12, 0, True, "needs the compiled solver"),
])
def test_bad_boards_and_positions_are_refused_clearly(width, height, cells, plies, python,
                                                      message):
    if not python:
        compiled_exact()
    with pytest.raises(SolveError, match=message):
        analyse(width, height, cells, plies, python=python)


def test_a_move_off_the_board_is_refused():
    with pytest.raises(SolveError, match="off the 2x2 board"):
        analyse(2, 2, [0] * 4, 0, order=[4])


@pytest.mark.parametrize("python", [True, False])
def test_first_takes_a_win_at_once_before_a_longer_one(python):
    if not python:
        compiled_exact()
    # White to move on 2x2 with a1 full: a1 overflows and wins at once; b2 wins too, later
    cells, plies = [1, -1, 0, 0], 2
    assert analyse(2, 2, cells, plies, python=python).values[0] == 1
    analysis = analyse(2, 2, cells, plies, exact=False, order=[3, 2, 0], first=True,
                       python=python)
    assert analysis.values == {0: 1}


@pytest.mark.parametrize("python", [True, False])
def test_a_check_that_says_stop_stops_the_search(python):
    if not python:
        compiled_exact()
    calls = []

    def stop(positions: int) -> bool:
        calls.append(positions)
        return True

    analysis = analyse(3, 3, [0] * 9, 0, check=stop, python=python)
    assert calls
    assert not analysis.complete
