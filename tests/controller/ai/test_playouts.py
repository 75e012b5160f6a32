"""Playout policies: Cascades' fast playout is a game the rules allow, ending as the rules end
it, that places two stones a turn and passes only when it must; the general search uses each
game's policy."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai.levels import computer
from controller.ai.playouts import (
    big_balls,
    cascades,
    cascades_actions,
    colliding_circles,
    playout_for,
)
from controller.games import CHANCE, get_game
from controller.games.big_balls.pieces import StoneStep
from controller.games.big_balls.triangle import APEX
from controller.games.cascades.moves import PASS, Place
from controller.games.cascades.state import CascadesState


def some_position(size: int, seed: int, moves: int) -> CascadesState:
    rng = random.Random(seed)
    state = get_game("cascades").new({"size": str(size)})
    for _ in range(moves):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
    assert isinstance(state, CascadesState)
    return state


@settings(max_examples=150, deadline=None)
@given(size=st.integers(3, 10), seed=st.integers(0, 2**32), moves=st.integers(1, 40))
def test_the_cascades_playout_is_a_legal_game_ending_as_the_rules_end_it(size, seed, moves):
    state = some_position(size, seed, moves)
    if state.is_over():
        return
    outcome, actions = cascades_actions(state, random.Random(seed))
    replay = state.copy()
    for action in actions:
        if action == PASS:
            assert not replay.can_place(replay.to_move), "it passes only when it must"
        elif replay.first is not None:
            assert isinstance(action, Place)
        replay.play(action)
    assert replay.outcome() is not None
    assert (replay.outcome().winner, replay.outcome().scores) == (outcome.winner, outcome.scores)


def test_the_first_turn_and_other_options_fall_back_to_the_uniform_playout():
    state = get_game("cascades").new({"size": "4", "placement": "start"})
    state.play(state.legal_moves()[0])
    assert cascades_actions(state, random.Random(1))[1] == []
    assert cascades_actions(get_game("cascades").new({"size": "4"}), random.Random(1))[1] == []
    assert cascades(state, random.Random(1)).winner in (0, 1, None)


def test_each_game_gets_its_policy_and_the_search_uses_it():
    assert playout_for("cascades") is cascades
    assert playout_for("big-balls") is big_balls
    assert playout_for("colliding-circles") is colliding_circles
    assert computer("cascades", 4).player.playout is cascades  # type: ignore[attr-defined]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 30))
def test_the_big_balls_playout_ends_the_game_and_leaves_the_position_alone(seed, moves):
    rng = random.Random(seed)
    state = get_game("big-balls").new({})
    for _ in range(moves):
        if state.is_over():
            break
        state.play(state.sample_chance(rng) if state.to_move == CHANCE else
                   rng.choice(state.legal_moves()))
    before = state.position()
    outcome = big_balls(state, rng)
    assert outcome.winner in (0, 1, None)
    assert state.position() == before


def test_the_big_balls_playout_steps_onto_a7_when_it_can():
    """Black's stone on a6 with the die thrown for it: the playout's first action wins."""
    rng = random.Random(5)
    for _ in range(200):
        state = get_game("big-balls").new({})
        while state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
        while not state.is_over():
            moves = state.legal_moves() if state.to_move != CHANCE else [state.sample_chance(rng)]
            steps = [m for m in moves if isinstance(m, StoneStep) and m.target == APEX]
            if steps:
                mover = state.to_move
                assert big_balls(state, random.Random(1)).winner == mover
                return
            state.play(rng.choice(moves))
    pytest.fail("no game reached a step onto a7")

