"""Flat Monte Carlo, the general search's baseline: the same playouts for every legal move, the
best mean played; it plays every two-player game, with dice too, and repeats under a seed."""

from __future__ import annotations

import random

import pytest

from controller.ai.base import Budget
from controller.ai.flat import FlatMonteCarlo
from controller.ai.levels import baseline
from controller.ai.tournament import play_game
from controller.games import get_game
from tests.support.games import DiceRace


def test_it_banks_points_that_win():
    state = DiceRace()
    state.scores = [3, 4]
    state.turn_points = 2
    assert FlatMonteCarlo().choose(state, Budget(steps=400), random.Random(1)) == "stop"


def test_every_move_gets_the_same_number_of_playouts():
    state = get_game("cascades").new({"size": "4"})
    budget = Budget(steps=len(state.legal_moves()) * 7)
    thought = FlatMonteCarlo().think(state, budget, random.Random(2))
    assert thought.steps == budget.steps == budget.used


@pytest.mark.parametrize("game", ["cascades", "big-balls", "colliding-circles", "kaskade"])
def test_it_is_a_baseline_of_every_two_player_game_and_repeats_under_a_seed(game):
    start = get_game(game).new({"size": "4"} if game == "cascades" else
                               {"size": "3x3"} if game == "kaskade" else {})
    first = play_game(start, [baseline(game, "flat-mc"), baseline(game, "random")],
                      [lambda: Budget(steps=8)] * 2, seed=4)
    again = play_game(start, [baseline(game, "flat-mc"), baseline(game, "random")],
                      [lambda: Budget(steps=8)] * 2, seed=4)
    assert (first.winner, first.plies) == (again.winner, again.plies)


def test_a_finished_game_has_no_move():
    state = DiceRace()
    state.scores = [10, 0]
    with pytest.raises(ValueError, match="over"):
        FlatMonteCarlo().think(state, Budget(steps=1), random.Random(1))
