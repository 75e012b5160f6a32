"""Conformance: every registered game honours the shared state protocol.

Written only against ``GameState``, so each game added to the registry is checked by these
tests without a line more: random playouts to the end, undo round trips, notation round trips,
and the error contract for illegal moves.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from controller.games import (
    CHANCE,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    NothingToUndoError,
    Outcome,
    game_names,
    get_game,
)
from controller.games.record import parse_record
from controller.games.registry import game_entry
from controller.games.replay import record_text, replay, starting_state

GAMES = game_names()
SEEDS = range(12)


def random_game(name: str, seed: int):
    """Yield ``(state before, move, state after)`` for a random game played to its end."""
    rng = random.Random(seed)
    state = get_game(name).new()
    while not state.is_over():
        before = state.copy()
        if state.to_move == CHANCE:
            move = state.sample_chance(rng)
        else:
            legal = state.legal_moves()
            move = legal[int(rng.random() * len(legal))]
        state.play(move)
        yield before, move, state


def package_names(name: str) -> dict:
    """What ``from PACKAGE import *`` gives, PACKAGE being the module the game's registry entry
    names: where every move's ``repr`` evaluates."""
    names: dict = {}
    exec(f"from {game_entry(name).rules.partition(':')[0]} import *", names)
    return names


def check_value(move, names: dict) -> None:
    """``move`` is an immutable value: named (no bare text or number), hashable, equal to what
    its ``repr`` makes in the game's package, and unchangeable."""
    assert not isinstance(move, (str, int, float, tuple)), f"{move!r} is a bare value"
    made = eval(repr(move), names)
    assert made == move
    assert hash(made) == hash(move)
    assert type(made) is type(move)
    field = next(iter(dataclasses.fields(move)), None) if dataclasses.is_dataclass(move) \
        else None
    with pytest.raises((AttributeError, TypeError)):
        setattr(move, field.name if field else "anything", 0)


def snapshot(state: GameState) -> tuple:
    return state.position(), json.dumps(state.to_json(), sort_keys=True), state.to_move, \
        state.plies, state.outcome()


@pytest.mark.parametrize("name", GAMES)
def test_the_registry_returns_the_game_under_its_own_name(name):
    game = get_game(name)
    assert game.info.name == name
    assert get_game(name.upper()) is game
    assert len(game.info.players) >= 1


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_with_a_valid_outcome(name, seed):
    plies = 0
    for before, _, after in random_game(name, seed):
        assert before.legal_moves() or (before.to_move == CHANCE and
                                        before.chance_outcomes() is None), \
            "a game that is not over must offer a move (or a chance step to draw)"
        assert after.plies == before.plies + 1
        plies += 1
    players = len(get_game(name).info.players)
    outcome = after.outcome()
    assert isinstance(outcome, Outcome)
    assert outcome.winner is None or 0 <= outcome.winner < players
    assert outcome.reason
    assert after.to_move is None
    assert after.legal_moves() == []
    assert plies > 0


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_every_move_undoes_exactly(name, seed):
    for before, move, after in random_game(name, seed):
        again = after.copy()
        assert again.undo() == move
        assert snapshot(again) == snapshot(before)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_a_whole_game_undoes_back_to_the_start(name, seed):
    positions = [snapshot(before) for before, _, _ in random_game(name, seed)]
    state = get_game(name).new()
    for _, move, _ in random_game(name, seed):
        state.play(move)
    while positions:
        state.undo()
        assert snapshot(state) == positions.pop()
    with pytest.raises(NothingToUndoError):
        state.undo()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_notation_round_trips_for_moves_positions_and_json(name, seed):
    game = get_game(name)
    for before, _, after in random_game(name, seed):
        for move in before.legal_moves():
            assert before.parse_move(before.move_name(move)) == move
        for state in (before, after):
            assert game.from_position(state.position()).position() == state.position()
            data = json.loads(json.dumps(state.to_json()))
            assert game.from_json(data).to_json() == state.to_json()
            assert data["game"] == name
            assert {"plies", "to_move", "winner"} <= set(data)


@pytest.mark.parametrize("name", GAMES)
def test_repr_makes_the_position_again_and_str_draws_it(name):
    game = get_game(name)
    states = [before for before, _, _ in random_game(name, 1)]
    state = states[len(states) // 2]
    made = eval(repr(state), {type(state).__name__: game})
    assert made.position() == state.position()
    assert repr(state).startswith(f"{type(state).__name__}.from_position(")
    assert str(state) == state.diagram()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_a_record_replays_to_the_same_position(name, seed):
    game = get_game(name)
    start = game.new()
    names = []
    for before, move, after in random_game(name, seed):
        names.append(before.move_name(move))
        final = after
    record = parse_record(record_text(start, names, {"Event": "conformance"}))
    state = starting_state(record)
    replay(state, record.moves)
    assert snapshot(state) == snapshot(final)
    assert record.tag("Event") == "conformance"


ILLEGAL_TRIES = 6
"""Illegal moves tried in each position of a game: some of the moves played earlier that are
not legal there (every one of them in every position made the test quadratic in the game's
length: minutes for a long game of Colliding Circles)."""


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_moves_that_are_not_legal_raise_and_change_nothing(name, seed):
    rng = random.Random(seed)
    played: dict = {}  # the moves played so far, in order (a dict: the same order every run)
    for _, move, after in random_game(name, seed):
        played[move] = None
        if after.to_move == CHANCE:
            continue
        legal = set(after.legal_moves())
        illegal = [other for other in played if other not in legal]
        kept = snapshot(after)
        position = kept[0]
        for other in rng.sample(illegal, min(ILLEGAL_TRIES, len(illegal))):
            assert not after.is_legal(other)
            with pytest.raises(IllegalMoveError) as caught:
                after.play(other)
            assert caught.value.position == position
            assert caught.value.reason
        assert snapshot(after) == kept


@pytest.mark.parametrize("name", GAMES)
def test_copies_are_independent(name):
    state = get_game(name).new()
    twin = state.copy()
    rng = random.Random(1)
    twin.play(twin.legal_moves()[0] if twin.to_move != CHANCE else twin.sample_chance(rng))
    assert state.plies == 0
    assert twin.plies == 1
    twin.undo()
    assert snapshot(twin) == snapshot(state)


@pytest.mark.parametrize("name", GAMES)
def test_random_playout_leaves_the_state_alone_and_reports_an_outcome(name):
    state = get_game(name).new()
    kept = snapshot(state)
    outcome = state.random_playout(random.Random(3))
    assert isinstance(outcome, Outcome)
    assert snapshot(state) == kept


@pytest.mark.parametrize("name", GAMES)
def test_options_recreate_the_same_kind_of_game(name):
    game = get_game(name)
    state = game.new()
    assert game.new(state.options()).options() == state.options()
    assert set(state.options()) == set(game.info.options)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:2])
def test_moves_are_values_whose_repr_evaluates_in_the_games_package(name, seed):
    names = package_names(name)
    pick = random.Random(seed)
    for before, move, _ in random_game(name, seed):
        legal = before.legal_moves()
        for other in [move, *pick.sample(legal, min(len(legal), 12))]:
            check_value(other, names)
            assert other in legal or before.to_move == CHANCE


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:2])
def test_states_are_equal_when_their_positions_are(name, seed):
    game = get_game(name)
    assert game.new() == game.new()
    for before, move, after in random_game(name, seed):
        assert before != after
        assert game.from_position(after.position()) == after, "the moves played do not count"
        again = after.copy()
        again.undo()
        assert again == before
        again.play(move)
        assert again == after
    with pytest.raises(TypeError):
        hash(after)
    assert after != after.position()


@pytest.mark.parametrize("name", GAMES)
def test_bare_text_and_numbers_are_no_moves_and_change_nothing(name):
    """What moves were before they were values (a cell number, "pass", a die's 4), and junk,
    is refused with the game's own errors, by play and by move_name."""
    states = [before for before, _, _ in random_game(name, 2)]
    for state in (states[0], states[min(6, len(states) - 1)]):
        kept = snapshot(state)
        for bare in (0, 4, "pass", "end", "throw", "draw", "turn", None, [1]):
            assert not state.is_legal(bare)
            with pytest.raises(IllegalMoveError):
                state.play(bare)
            with pytest.raises(InvalidMoveError):
                state.move_name(bare)
            assert snapshot(state) == kept
