"""Moves are named and parsed in matching pairs in every game, at any position a game can
reach: ``parse_move(move_name(m)) == m`` for every legal move (and drawn chance outcome), and
the name of what a name parses to is that name again."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, GameState, game_names, get_game


def reached(name: str, seed: int, plies: int) -> GameState:
    """The position ``plies`` random moves (chance drawn too) into a new game of ``name``."""
    rng = random.Random(seed)
    state = get_game(name).new()
    while state.plies < plies and not state.is_over():
        if state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
        else:
            legal = state.legal_moves()
            state.play(legal[int(rng.random() * len(legal))])
    return state


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(game_names()), st.integers(0, 2**32 - 1), st.integers(0, 120))
def test_every_move_is_named_and_parsed_back_in_any_position(name, seed, plies):
    state = reached(name, seed, plies)
    moves = state.legal_moves()
    if state.to_move == CHANCE:
        moves.append(state.sample_chance(random.Random(seed)))
    for move in random.Random(seed).sample(moves, min(len(moves), 40)):
        text = state.move_name(move)
        again = state.parse_move(text)
        assert again == move, (state.position(), text)
        assert state.move_name(again) == text
        assert state.is_legal(again)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(game_names()), st.integers(0, 2**32 - 1), st.integers(0, 120))
def test_a_position_read_back_is_the_same_state(name, seed, plies):
    state = reached(name, seed, plies)
    game = type(state)
    assert game.from_position(state.position()) == state
    assert game.from_json(state.to_json()) == state
    assert state.copy() == state
