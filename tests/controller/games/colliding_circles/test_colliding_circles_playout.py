"""The quick playout's judge of a placement: what it gains in the circles it completes is
exactly the change in the marker totals the rules count."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import CHANCE
from controller.games.colliding_circles import CollidingCirclesState
from controller.games.colliding_circles.pieces import Place, die
from controller.games.colliding_circles.playout import completion_gain, random_playout
from controller.games.colliding_circles.rules import scores


def placed_game(seed: int, placements: int) -> CollidingCirclesState:
    """A game in which each player places whenever it can, stopped after ``placements``."""
    state = CollidingCirclesState.new()
    rng = random.Random(seed)
    while not state.is_over() and placements > 0:
        if state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
            continue
        moves = state.legal_moves()
        places = [m for m in moves if isinstance(m, Place)]
        placements -= bool(places)
        state.play(rng.choice(places or moves))
    return state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), placements=st.integers(10, 50))
def test_a_placements_gain_is_the_change_in_the_scores(seed, placements):
    state = placed_game(seed, placements)
    if state.is_over() or state.to_move == CHANCE:
        return
    player = state.to_move
    assert player is not None
    before = scores(state.board)
    for move in state.placements():
        board = state.board[:]
        board[move.field] = die(player, move.value)
        after = scores(board)
        change = (after[player] - before[player]) - (after[1 - player] - before[1 - player])
        assert completion_gain(state.board, move.field, move.value, player) == change


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), placements=st.integers(0, 40))
def test_the_greedy_playout_ends_the_game_and_leaves_the_position_alone(seed, placements):
    state = placed_game(seed, placements)
    if state.is_over():
        return
    before = state.position()
    outcome = random_playout(state, random.Random(seed), 600, greedy=True)
    assert outcome.scores is not None
    red, black = outcome.scores
    assert outcome.winner == (None if red == black else 0 if red > black else 1)
    assert state.position() == before
