"""The strongest level's pacing: less of a move's budget in the opening, more late, and never
ahead of its budget after any number of moves, for either player, on any board."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from controller.ai.base import Budget
from controller.ai.kaskade.pacing import SAVING, SPENDING, pace, phases
from controller.ai.kaskade.players import Searcher
from controller.games.kaskade import KaskadeState
from controller.games.kaskade.grid import grid


@given(st.integers(2, 16), st.integers(2, 16))
def test_no_player_is_ever_ahead_of_its_budget(width, height):
    board = grid(width, height)
    for first in (0, 1):  # White moves at even plies, Black at odd ones
        used = 0.0
        for moves, plies in enumerate(range(first, board.max_plies + 1, 2), start=1):
            used += pace(board, plies)
            assert used <= moves + 1e-9, (width, height, first, plies)


@given(st.integers(2, 16), st.integers(2, 16))
def test_what_the_opening_saves_is_spent_late(width, height):
    board = grid(width, height)
    opening, late, end = phases(board)
    assert 0 <= opening <= late <= end <= board.max_plies
    saved = opening // 2 * (1 - SAVING)
    spent = (end - late) // 2 * (SPENDING - 1)
    assert spent <= saved < spent + (SPENDING - 1) + 1e-9


def test_eight_by_eight_saves_in_the_opening_and_spends_where_games_are_decided():
    board = grid(8, 8)
    assert phases(board) == (80, 90, 120)
    assert pace(board, 0) == pace(board, 79) == SAVING
    assert pace(board, 80) == pace(board, 89) == 1.0
    assert pace(board, 90) == pace(board, 119) == SPENDING
    assert pace(board, 120) == 1.0


def test_a_paced_search_takes_its_share_and_counts_it_against_the_budget():
    state = KaskadeState.new({"size": "8x8"})
    budget = Budget(steps=40_000)
    thought = Searcher("paced", paced=True).think(state, budget, random.Random(1))
    assert 0 < thought.steps <= 40_000 * SAVING + 1024
    assert budget.used == thought.steps


def test_a_share_of_a_budget_keeps_its_cancel():
    budget = Budget(seconds=2.0, steps=10)
    part = budget.share(0.25)
    assert (part.seconds, part.steps) == (0.5, 2)
    budget.cancel.set()
    assert part.spent()
