"""Colliding Circles rules beyond the seed's example: the four endings, throws, positions that
cannot be, and properties every random game keeps."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, PositionError
from controller.games.colliding_circles import CollidingCirclesState
from controller.games.colliding_circles.board import (
    CIRCLES,
    FIELDS,
    INDEX,
    NAMES,
    NEIGHBOURS,
    touching,
)
from controller.games.colliding_circles.pieces import (
    DICE,
    END,
    IDLE_TURNS,
    Manoeuvre,
    Place,
    Rethrow,
    value_of,
)
from controller.games.colliding_circles.rules import is_hole, reach
from controller.games.colliding_circles.state import throws


def placing_game(seed: int) -> CollidingCirclesState:
    """A game where each player places whenever it can: it fills the board."""
    state = CollidingCirclesState.new()
    rng = random.Random(seed)
    while not state.is_over():
        if state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
            continue
        moves = state.legal_moves()
        places = [m for m in moves if isinstance(m, Place)] or moves
        state.play(places[int(rng.random() * len(places))])
    return state


def test_the_board_has_the_seeds_shape():
    assert len(FIELDS) == 54
    assert len(CIRCLES) == 19
    assert sum(len(n) for n in NEIGHBOURS) == 2 * 72
    assert {NAMES[n] for n in NEIGHBOURS[INDEX["C6"]]} == {"B6", "C5", "C7"}
    for ring in CIRCLES:
        for a, b in zip(ring, ring[1:] + ring[:1]):
            assert b in NEIGHBOURS[a]


def test_six_and_one_touch():
    assert touching(6, 1)
    assert touching(3, 4)
    assert not touching(3, 5)
    assert not touching(2, 2)


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_throw_outcomes_cover_every_multiset_with_the_right_odds(count):
    outcomes = throws(count)
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert len({t.values for t, _ in outcomes}) == len(outcomes)
    assert len(throws(5)) == 252


def test_a_full_board_ends_the_game_and_the_higher_total_wins():
    state = placing_game(0)
    assert "the board is full" in state.outcome().reason
    red, black = state.scores()
    assert state.outcome().scores == (red, black)
    assert state.outcome().winner == (0 if red > black else 1)
    winner = "Red" if red > black else "Black"
    assert state.outcome().reason.endswith(
        f"; {winner} wins by {max(red, black)} points to {min(red, black)}"), \
        "the winner's score first, in words"


def test_a_board_of_holes_ends_the_game():
    state = placing_game(1)
    assert "every free field is a hole" in state.outcome().reason
    free = [f for f, cell in enumerate(state.board) if not cell]
    assert free
    assert all(is_hole(state.board, f) for f in free)
    before = state.copy()
    before.undo()
    assert not before.is_over()


BLOCKING_SECOND_PLACEMENT = (
    "red:2A3,1A6,4B2,3B3,6B6,5B7,3B9,6C1,5C2,5C4,1C6,6C7,5C8,5C10,4C11,5D1,4D2,2D6,4D8,5D9,5E2,"
    "3E4,4E5,2E9,3E10,5F3,2F6 black:1A4,6A5,6A7,1A8,2A9,1B5,4B8,4B10,4C3,6C5,3D3,2D4,1D5,4D10,"
    "5D11,4E3,3E6,2E7,3E8,6F4,1F7,6F8,1F9 hands=6/6661 pools=0/1 black second plies=178")
"""Black's second placement, 6 on C9, leaves only holes free (a random game found it)."""


def test_a_turn_that_leaves_only_holes_ends_the_game_before_the_refill():
    """The seed's first ending: nothing on the board can change once every free field is a
    hole — so the game ends with the placement, even one that also ends the turn, and the
    refill throw never comes. The position reached reads back as what it is: over."""
    state = CollidingCirclesState.from_position(BLOCKING_SECOND_PLACEMENT)
    state.play_text("6*C9")
    assert state.is_over()
    assert "every free field is a hole" in state.outcome().reason
    assert state.position().endswith("- over plies=179")
    again = CollidingCirclesState.from_position(state.position())
    assert again.is_over()
    assert again.outcome() == state.outcome()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 100_000))
def test_every_position_of_a_game_reads_back_over_exactly_when_it_is(seed):
    """The engine and the position reader agree on when the game ends, at every ply of a
    random game (manoeuvres and rethrows included)."""
    state = CollidingCirclesState.new()
    rng = random.Random(seed)
    while not state.is_over() and state.plies < 400:
        if state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            state.play(moves[int(rng.random() * len(moves))])
        again = CollidingCirclesState.from_position(state.position())
        assert again.is_over() == state.is_over()


def test_equal_totals_are_a_draw():
    state = placing_game(9)
    assert state.outcome().winner is None
    red, _ = state.scores()
    assert state.outcome().reason.endswith(f"; a draw at {red} points each")


def test_a_position_must_account_for_all_28_dice():
    red = ",".join(f"{v}{f}" for v, f in [(5, "C6")])
    text = f"red:{red} black:6C5 hands=4/64321 pools=0/22 red manoeuvre plies=40"
    with pytest.raises(PositionError, match="28 dice"):
        CollidingCirclesState.from_position(text)


def last_die_position() -> CollidingCirclesState:
    """A player holds the last die, pool empty, and can place it: the first placing game that
    ended that way, taken back one move."""
    for seed in range(100):
        state = placing_game(seed)
        if "placed the last die" in state.outcome().reason:
            state.undo()
            return state
    raise AssertionError("no placing game ended by the last die")


def test_the_last_die_of_hand_and_pool_ends_the_game_without_the_opponents_turn():
    state = last_die_position()
    player = state.to_move
    assert state.pools[player] == 0
    assert len(state.hands[player]) == 1
    state.play(state.placements()[0])
    assert state.is_over()
    assert f"{state.player_title(player)} placed the last die" in state.outcome().reason


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_every_die_on_the_board_obeys_the_adjacency_rule_and_dice_are_counted(seed):
    state = CollidingCirclesState.new()
    rng = random.Random(seed)
    while not state.is_over():
        for field, cell in enumerate(state.board):
            if cell:
                assert all(not state.board[n] or touching(value_of(cell),
                                                          value_of(state.board[n]))
                           for n in NEIGHBOURS[field])
        for player in (0, 1):
            used = sum(1 for c in state.board if c and (c > 6) == bool(player))
            assert used + len(state.hands[player]) + state.pools[player] == DICE
        if state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            state.play(moves[int(rng.random() * len(moves))])


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_manoeuvre_values_match_the_length_of_a_path(seed):
    state = placing_game(seed % 50)
    while state.is_over() or state.to_move == CHANCE:
        state.undo()
    for origin, cell in enumerate(state.board):
        if not cell:
            continue
        for target, values in reach(state.board, origin, 0).items():
            assert state.board[target] == 0
            for value in values:
                assert 1 <= value <= 6
                assert value != value_of(cell)
                own = cell <= 6
                assert (value < value_of(cell)) == own


@pytest.mark.parametrize(("text", "reason"), [
    ("red:5C6,2C5 black:- hands=54321/54321 pools=21/23 black manoeuvre plies=5", "adjacency"),
    ("red:5C6,3C5 black:- hands=54321/54321 pools=21/23 black manoeuvre plies=5",
     "C5 always shows an even number"),
    ("red:5C6 black:- hands=54321/54321 pools=23/23 black manoeuvre plies=5", "28 dice"),
    ("red:5C6 black:- hands=543210/54321 pools=22/23 black manoeuvre plies=5", "hand"),
    ("red:5C6 black:- hands=5432/54321 pools=22/23 black opening plies=5", "opening"),
    ("red:- black:- hands=54321/54321 pools=23/23 black manoeuvre plies=5", "holds a die"),
    ("red:5C6 black:- hands=54321/54321 pools=22/23 - over plies=5", "not over"),
    ("red:5Z6 black:- hands=54321/54321 pools=22/23 black manoeuvre plies=5", "not a die"),
    ("red:5C6 black:- hands=54321/54321", "write"),
])
def test_impossible_positions_are_refused_with_the_reason(text, reason):
    with pytest.raises(PositionError, match=reason):
        CollidingCirclesState.from_position(text)


def test_the_json_lists_circles_holes_and_scores():
    state = placing_game(1)
    data = json.loads(json.dumps(state.to_json()))
    assert data["winner"] in ("red", "black")
    assert data["stage"] == "over"
    assert sum(c["worth"] for c in data["circles"] if c["owner"] == "red") == \
        data["scores"]["red"]
    assert set(data["holes"]) == {NAMES[f] for f in state.holes()}
    assert CollidingCirclesState.from_json(data).position() == state.position()
    broken = dict(data, dice=[{"field": "Z9", "player": "red", "value": 1}])
    with pytest.raises(PositionError):
        CollidingCirclesState.from_json(broken)


def test_an_unqualified_manoeuvre_without_a_path_is_refused_not_guessed_wrong():
    state = CollidingCirclesState.from_position(
        "red:5C6 black:- hands=54321/54321 pools=22/23 black manoeuvre plies=5")
    move = state.parse_move("C6-C9")
    assert isinstance(move, Manoeuvre)
    assert not state.is_legal(move)


def stalled(turns: int, seed: int = 3) -> CollidingCirclesState:
    """Red's opening placed, then ``turns`` turns ended at once (each a pass)."""
    state = CollidingCirclesState.new()
    rng = random.Random(seed)
    while state.to_move == CHANCE:
        state.play(state.sample_chance(rng))
    state.play(next(m for m in state.legal_moves() if isinstance(m, Place)))
    for _ in range(turns):
        while state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
        state.play(END)
    return state


def test_ten_turns_in_a_row_without_a_die_placed_end_the_game_as_it_stands():
    """Passing, manoeuvring and rethrowing could go on for ever; ten turns of it end the game,
    scored as it stands."""
    state = stalled(IDLE_TURNS - 1)
    assert not state.is_over()
    assert state.idle == IDLE_TURNS - 1
    state.play(END)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == f"{IDLE_TURNS} turns in a row without a die placed; a draw at 0 " \
        "points each"
    assert (outcome.winner, outcome.scores) == (None, (0, 0))
    assert state.legal_moves() == []
    state.undo()
    assert not state.is_over()
    assert state.idle == IDLE_TURNS - 1


def test_a_placement_starts_the_count_again_and_a_manoeuvre_or_rethrow_does_not():
    state = stalled(4)
    assert state.idle == 4
    rng = random.Random(1)
    while not state.is_over() and state.idle:
        while state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
        moves = state.legal_moves()
        quiet = [m for m in moves if isinstance(m, (Manoeuvre, Rethrow))]
        places = [m for m in moves if isinstance(m, Place)]
        before = state.idle
        if quiet and before < 7:
            state.play(quiet[0])
            if isinstance(quiet[0], Manoeuvre):
                state.play(END)
            assert state.idle == before + 1
        else:
            state.play(places[0])
            state.play(END)
            assert state.idle == 0


def test_the_count_of_turns_without_a_die_placed_is_part_of_the_position():
    state = stalled(3)
    text = state.position()
    assert text.endswith(" idle=3")
    assert CollidingCirclesState.from_position(text).idle == 3
    assert CollidingCirclesState.from_json(json.loads(json.dumps(state.to_json()))).idle == 3
    over = stalled(IDLE_TURNS)
    again = CollidingCirclesState.from_position(over.position())
    assert again.is_over()
    assert again.outcome() == over.outcome()
    assert CollidingCirclesState.from_position(text.replace(" idle=3", "")).idle == 0


@pytest.mark.parametrize(("change", "reason"), [
    ((" idle=3", f" idle={IDLE_TURNS}"), f"{IDLE_TURNS} turns in a row without a die placed end"),
    ((" idle=3", f" idle={IDLE_TURNS + 1}"), "without a die placed end the game"),
    ((" idle=3", " idle=x"), "pools, plies and idle are whole numbers"),
    ((" idle=3", " idle=3 more"), "write red:DICE"),
])
def test_a_count_no_game_could_have_is_refused(change, reason):
    text = stalled(3).position().replace(*change)
    with pytest.raises(PositionError, match=reason):
        CollidingCirclesState.from_position(text)
