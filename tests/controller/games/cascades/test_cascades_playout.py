"""Cascades' quick random playout plays the very games the rules' uniform playout plays."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games.base import GameState
from controller.games.cascades import CascadesState


def position(size: int, scoring: str, shape: str, placement: str, actions: int,
             seed: int) -> CascadesState:
    """A game ``actions`` uniformly random actions in (fewer if it ended)."""
    state = CascadesState.new({"size": str(size), "scoring": scoring, "shape": shape,
                               "placement": placement})
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over():
            break
        moves = state.legal_moves()
        state.play(moves[rng.randrange(len(moves))])
    return state


@settings(max_examples=150, deadline=None)
@given(size=st.integers(3, 9), scoring=st.sampled_from(["bottom", "territory"]),
       actions=st.integers(0, 90), seed=st.integers(0, 2**32), playout_seed=st.integers(0, 2**32))
def test_the_quick_playout_reaches_the_rules_end_from_the_same_generator(
        size, scoring, actions, seed, playout_seed):
    state = position(size, scoring, "widening", "each", actions, seed)
    before = state.position()
    quick, rules = random.Random(playout_seed), random.Random(playout_seed)
    assert state.random_playout(quick) == GameState.random_playout(state, rules)
    assert quick.getstate() == rules.getstate(), "both drew the same numbers"
    assert state.position() == before, "the playout plays on a copy"


@settings(max_examples=30, deadline=None)
@given(shape=st.sampled_from(["widening", "hexagon"]),
       placement=st.sampled_from(["each", "start"]), actions=st.integers(0, 40),
       seed=st.integers(0, 2**32))
def test_every_board_and_placement_ends_as_the_rules_do(shape, placement, actions, seed):
    state = position(4, "bottom", shape, placement, actions, seed)
    assert state.random_playout(random.Random(seed)) == \
        GameState.random_playout(state, random.Random(seed))


def test_a_finished_game_plays_out_to_its_own_end():
    state = position(3, "bottom", "widening", "each", 200, 7)
    assert state.is_over()
    assert state.random_playout(random.Random(1)) == state.outcome()


def test_playouts_end_in_wins_for_either_player_and_in_stalls():
    state = CascadesState.new({"size": "4"})
    rng = random.Random(3)
    ends = [state.random_playout(rng) for _ in range(300)]
    assert {end.winner for end in ends} >= {0, 1}
    assert any("passed" in end.reason or "neither" in end.reason for end in ends)
