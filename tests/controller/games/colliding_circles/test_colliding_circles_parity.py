"""The odd/even pattern no game of Colliding Circles can leave: every die on a field shows that
field's parity, so a position breaking it is refused, naming the field."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, PositionError
from controller.games.colliding_circles import CollidingCirclesState
from controller.games.colliding_circles.board import (
    COLUMNS,
    FIELDS,
    NAMES,
    NEIGHBOURS,
    PARITY,
    PRINTED,
)
from controller.games.colliding_circles.pieces import Manoeuvre, value_of


def test_every_link_joins_an_odd_field_and_an_even_one():
    for field, near in enumerate(NEIGHBOURS):
        for other in near:
            assert PARITY[field] != PARITY[other], (NAMES[field], NAMES[other])


def test_every_printed_number_has_its_fields_parity():
    for field, number in PRINTED.items():
        assert PARITY[field] == number % 2, NAMES[field]


def test_the_pattern_is_column_plus_row():
    """As the docs put it: a die's value has the parity of its column's number (A = 1 … F = 6)
    plus its row."""
    for field, (column, row) in enumerate(FIELDS):
        assert PARITY[field] == (COLUMNS.index(column) + 1 + row) % 2, NAMES[field]


def random_game(seed: int, plies: int | None = None) -> tuple[CollidingCirclesState, int]:
    """A game of uniformly random moves (manoeuvres of either colour included), stopped after
    ``plies`` moves or at its end; with the number of manoeuvres made."""
    state = CollidingCirclesState.new()
    rng = random.Random(seed)
    manoeuvres = 0
    while not state.is_over() and (plies is None or state.plies < plies):
        if state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
            continue
        moves = state.legal_moves()
        move = moves[int(rng.random() * len(moves))]
        manoeuvres += isinstance(move, Manoeuvre)
        state.play(move)
    return state, manoeuvres


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000))
def test_every_position_of_a_random_game_keeps_the_pattern_and_is_accepted(seed):
    """And so no hole has fewer than three dice round it."""
    state = CollidingCirclesState.new()
    rng = random.Random(seed)
    while not state.is_over():
        for field, cell in enumerate(state.board):
            if cell:
                assert value_of(cell) % 2 == PARITY[field], (NAMES[field], state.position())
        assert CollidingCirclesState.from_position(state.position()).position() == \
            state.position()
        for hole in state.holes():
            assert sum(1 for n in NEIGHBOURS[hole] if state.board[n]) == 3, \
                "two dice round a field always leave it a value"
        if state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            state.play(moves[int(rng.random() * len(moves))])
    assert CollidingCirclesState.from_position(state.position()).is_over()


def test_the_random_games_manoeuvre():
    """The property above is tried on games that move dice about, not only place them."""
    assert sum(random_game(seed)[1] for seed in range(3)) > 0


def test_the_example_position_is_refused_naming_c5():
    text = "red:1C5 black:4C7 hands=54321/5432 pools=22/23 black manoeuvre plies=5"
    with pytest.raises(PositionError, match="the die on C5 shows 1, but a die on C5 always "
                                            "shows an even number"):
        CollidingCirclesState.from_position(text)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(4, 120), st.data())
def test_a_die_of_the_wrong_parity_is_refused_naming_its_field(seed, plies, data):
    state, _ = random_game(seed, plies)
    dice = [field for field, cell in enumerate(state.board) if cell]
    assert dice, "the opening placed a die at the third move"
    field = data.draw(st.sampled_from(dice))
    cell = state.board[field]
    wrong = data.draw(st.sampled_from([v for v in range(1, 7) if v % 2 != PARITY[field]]))
    text, count = re.subn(f"(?<=[:,]){value_of(cell)}{NAMES[field]}(?=[, ])",
                          f"{wrong}{NAMES[field]}", state.position())
    assert count == 1
    with pytest.raises(PositionError, match=f"the die on {NAMES[field]} shows {wrong}"):
        CollidingCirclesState.from_position(text)
    data_json = json.loads(json.dumps(state.to_json()))
    for entry in data_json["dice"]:
        if entry["field"] == NAMES[field]:
            entry["value"] = wrong
    with pytest.raises(PositionError, match=f"die on {NAMES[field]}"):
        CollidingCirclesState.from_json(data_json)
