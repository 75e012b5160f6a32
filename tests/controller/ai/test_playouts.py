"""Playout policies: Cascades' fast playout is a game the rules allow, ending as the rules end
it, that places two stones a turn and passes only when it must; the general search uses each
game's policy."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai import judges
from controller.ai.levels import computer
from controller.ai.playouts import (
    BIG_BALLS_CUT,
    Estimate,
    big_balls,
    big_balls_to_end,
    cascades,
    cascades_actions,
    colliding_circles,
    playout_for,
)
from controller.games import CHANCE, Outcome, get_game
from controller.games.big_balls.pieces import CHOOSE, StoneStep
from controller.games.big_balls.state import BigBallsState
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


def big_balls_position(seed: int, moves: int) -> BigBallsState:
    """A game of Big Balls ``moves`` random actions after the deal (perhaps over)."""
    rng = random.Random(seed)
    state = get_game("big-balls").new({})
    for _ in range(moves):
        if state.is_over():
            break
        state.play(state.sample_chance(rng) if state.to_move == CHANCE else
                   rng.choice(state.legal_moves()))
    assert isinstance(state, BigBallsState)
    return state


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 30))
def test_the_big_balls_playout_to_the_end_ends_the_game_and_leaves_the_position_alone(seed,
                                                                                     moves):
    state = big_balls_position(seed, moves)
    before = state.position()
    outcome = big_balls_to_end(state, random.Random(seed))
    assert outcome.winner in (0, 1, None)
    assert state.position() == before


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(2, 60))
def test_the_big_balls_playout_is_judged_after_a_few_turns(seed, moves):
    """Cut short at the first turn's start after :data:`BIG_BALLS_CUT` actions, and judged
    there for the player to move there — unless the game ended first."""
    state = big_balls_position(seed, moves)
    if state.is_over():
        return
    judged: list[BigBallsState] = []

    def judge(position):
        judged.append(position.copy())
        return 0.25

    before = state.position()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(judges, "big_balls", judge)
        result = big_balls(state, random.Random(seed))
    assert state.position() == before
    if isinstance(result, Outcome):
        assert judged == []
        return
    [where] = judged
    assert result == Estimate(where.to_move, 0.25)
    assert where.phase == CHOOSE
    assert not where.is_over()
    assert BIG_BALLS_CUT <= where.plies - state.plies <= BIG_BALLS_CUT + 2
    assert tuple(where.moves[:len(state.moves)]) == tuple(state.moves)


def test_a_game_that_goes_on_is_judged():
    state = big_balls_position(1, 2)
    result = big_balls(state, random.Random(1))
    assert isinstance(result, Estimate)
    assert result.player in (0, 1)
    assert 0 < result.chance < 1


def test_an_estimate_is_the_expected_result_for_either_player():
    estimate = Estimate(1, 0.8)
    assert estimate.utility(1, 2) == pytest.approx(0.6)
    assert estimate.utility(0, 2) == pytest.approx(-0.6)
    assert Estimate(0, 0.5).utility(1, 2) == 0


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

