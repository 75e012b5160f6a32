"""The compiled playout against the Python one, its reference: from the same random numbers the
same end (winner, why and scores) on random positions of every stage, greedy or not, finished,
ended by turns without a die placed, or cut short by the limit; seeded, the same end every
time, the position left alone; and clear errors for what it does not take.

The playout is built at install where a compiler is present; in CI it must be there."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import CHANCE
from controller.games.colliding_circles import CollidingCirclesState
from controller.games.colliding_circles.board import CIRCLES, CIRCLES_OF, NEIGHBOURS
from controller.games.colliding_circles.pieces import HAND, IDLE_TURNS
from controller.games.colliding_circles.playout import (
    SEED_BITS,
    compiled_playout,
    python_playout,
    random_playout,
)
from controller.games.colliding_circles.rules import FOX, GOOSE, WOLF
from tests.support.compiled import compiled_circles_playout

core = compiled_circles_playout()


def played(seed: int, plies: int) -> CollidingCirclesState:
    """A game of random moves (placements, manoeuvres, rethrows and ends of turn alike), stopped
    after ``plies`` or at its end, its pending throws made."""
    state = CollidingCirclesState.new()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        moves = [state.sample_chance(rng)] if state.to_move == CHANCE else state.legal_moves()
        state.play(moves[int(rng.random() * len(moves))])
    while state.to_move == CHANCE:
        state.play(state.sample_chance(rng))
    return state


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 300), greedy=st.booleans(),
       limit=st.sampled_from([1, 3, 10, 600]))
def test_the_same_random_numbers_give_the_same_end(seed, plies, greedy, limit):
    state = played(seed, plies)
    if state.is_over():
        return
    reference = python_playout(state, random.Random(seed), limit, greedy)
    compiled = compiled_playout(state, limit, greedy, 0, random.Random(seed).random)
    assert (compiled.winner, compiled.reason, compiled.scores) == \
        (reference.winner, reference.reason, reference.scores)


def test_the_search_plays_it_seeded_by_one_draw_and_leaves_the_position_alone():
    state = played(7, 40)
    before = state.position()
    outcome = random_playout(state, random.Random(3), 600, greedy=True)
    seed = int(random.Random(3).random() * (1 << SEED_BITS))
    again = compiled_playout(state, 600, True, seed)
    assert (outcome.winner, outcome.reason, outcome.scores) == \
        (again.winner, again.reason, again.scores)
    assert state.position() == before


def test_seeds_give_different_games():
    state = played(11, 10)
    ends = {compiled_playout(state, 600, False, seed).scores for seed in range(40)}
    assert len(ends) > 5


def test_a_failing_source_of_random_numbers_is_raised():
    def broken() -> float:
        raise ZeroDivisionError("no more numbers")

    with pytest.raises(ZeroDivisionError, match="no more numbers"):
        compiled_playout(played(1, 20), 600, True, 0, broken)


@pytest.mark.parametrize(("change", "error", "words"), [
    ({"board": [0] * 53}, ValueError, "board: 54 fields, not 53"),
    ({"board": [13] + [0] * 53}, ValueError, "board: 13 is not between 0 and 12"),
    ({"hands": [[7], []]}, ValueError, "hand: 7 is not between 1 and 6"),
    ({"hands": [[1]]}, ValueError, "hands: one for each player"),
    ({"pools": [1, 2, 3]}, ValueError, "pools: at most 2, not 3"),
    ({"player": 2}, ValueError, "player 0 or 1, not 2"),
    ({"idle": IDLE_TURNS}, ValueError, f"idle: 0 to {IDLE_TURNS - 1} turns, not {IDLE_TURNS}"),
    ({"source": 5}, TypeError, "source: a callable"),
])
def test_what_it_does_not_take_is_refused_clearly(change, error, words):
    arguments = {"board": [0] * 54, "hands": [[1, 2], [3]], "pools": [5, 5], "player": 0,
                 "placed": 0, "opening": True, "idle": 0, "limit": 10, "greedy": False, "seed": 1}
    with pytest.raises(error, match=words):
        core.playout(**(arguments | change))


def test_a_board_it_cannot_take_leaves_the_one_it_has():
    with pytest.raises(ValueError, match="a circle has 6 fields, not 5"):
        core.configure(NEIGHBOURS, [0] * len(NEIGHBOURS), [ring[:5] for ring in CIRCLES],
                       CIRCLES_OF, (WOLF, FOX, GOOSE), HAND, IDLE_TURNS)
    with pytest.raises(ValueError, match="a hand of 1 to 32 dice, not 0"):
        core.configure(NEIGHBOURS, [0] * len(NEIGHBOURS), CIRCLES, CIRCLES_OF,
                       (WOLF, FOX, GOOSE), 0, IDLE_TURNS)
    state = played(5, 30)
    reference = python_playout(state, random.Random(5), 600, True)
    compiled = compiled_playout(state, 600, True, 0, random.Random(5).random)
    assert compiled.scores == reference.scores


def test_turns_without_a_die_placed_end_both_playouts_alike():
    """From a position nine turns into a stall, a player who cannot place ends the game at once
    in both (the random games above reach such ends only now and then)."""
    ends = set()
    for seed in range(300):
        state = played(seed, 200)
        if state.is_over() or state.idle == 0:
            continue
        state.idle = IDLE_TURNS - 1
        reference = python_playout(state, random.Random(seed), 600, True)
        compiled = compiled_playout(state, 600, True, 0, random.Random(seed).random)
        assert (compiled.winner, compiled.reason, compiled.scores) == \
            (reference.winner, reference.reason, reference.scores)
        ends.add(reference.reason)
    assert f"{IDLE_TURNS} turns in a row without a die placed" in ends
