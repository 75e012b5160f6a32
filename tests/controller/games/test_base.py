"""The protocol's shared behaviour (chance steps, playouts, utilities), exercised through a
tiny dice game written here: first to 5 points, each turn a player rolls a three-sided die or
stops; a roll of 1 loses the points of the turn."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from controller.games import CHANCE, IllegalMoveError, Outcome
from tests.support.games import DiceRace


def test_chance_steps_are_explicit_and_sampled_by_their_probabilities():
    state = DiceRace()
    state.play_text("roll")
    assert state.to_move == CHANCE
    rng = random.Random(5)
    counts = Counter(state.sample_chance(rng) for _ in range(3000))
    assert set(counts) == {"1", "2", "3"}
    assert all(900 < n < 1100 for n in counts.values())


def test_asking_for_chance_when_a_player_is_to_move_is_refused():
    state = DiceRace()
    with pytest.raises(IllegalMoveError, match="no chance step is due"):
        state.chance_outcomes()


def test_the_generic_playout_handles_chance_and_leaves_the_state_alone():
    state = DiceRace()
    outcomes = Counter(state.random_playout(random.Random(seed)).winner for seed in range(200))
    assert set(outcomes) == {0, 1}
    assert state.plies == 0


def test_is_legal_and_determinize_have_sensible_defaults():
    state = DiceRace()
    assert state.is_legal("roll")
    assert not state.is_legal("2")
    twin = state.determinize(0, random.Random(1))
    assert twin is not state
    assert twin.position() == state.position()


def test_player_titles_and_utilities():
    state = DiceRace()
    assert state.player_title(1) == "Blue"
    win = Outcome(0, "reached 5")
    assert (win.utility(0, 2), win.utility(1, 2)) == (1.0, -1.0)
    assert Outcome(None, "tie").utility(0, 2) == 0.0
    assert Outcome(None, "cards left").utility(0, 1) == -1.0, "a lost solitaire is a loss"
