"""Kaskade notation: moves, position text and JSON read back what they write, and bad input
gets a clear error that changes nothing."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.games import InvalidMoveError, OptionsError, PositionError
from controller.games.kaskade import KaskadeState
from controller.games.kaskade.grid import parse_size


@st.composite
def states(draw):
    width, height = draw(st.integers(2, 16)), draw(st.integers(2, 16))
    state = KaskadeState(width, height)
    for pick in draw(st.lists(st.integers(0, 2**16), max_size=200)):
        legal = state.legal_moves()
        if not legal:
            break
        state.play(legal[pick % len(legal)])
    return state


@given(states())
def test_move_names_parse_back_to_the_same_move(state):
    for move in state.grid.places:
        assert state.parse_move(state.move_name(move)) == move
        assert state.parse_move(state.move_name(move).upper()) == move


@given(states())
def test_position_text_reads_back_to_the_same_state(state):
    again = KaskadeState.from_position(state.position())
    assert again.position() == state.position()
    assert again.to_json() == state.to_json()
    assert again.plies == state.plies
    assert again.to_move == state.to_move
    assert again.outcome() == state.outcome()
    assert again.legal_moves() == state.legal_moves()


@given(states())
def test_json_reads_back_to_the_same_state(state):
    data = json.loads(json.dumps(state.to_json()))
    again = KaskadeState.from_json(data)
    assert again.to_json() == state.to_json()
    assert again.position() == state.position()


def test_json_has_exactly_the_documented_shape():
    state = KaskadeState.new({"size": "6x9"})
    for move in "c3 d4 c3".split():
        state.play_text(move)
    assert state.to_json() == {
        "game": "kaskade",
        "size": [6, 9],
        "plies": 3,
        "to_move": "black",
        "winner": None,
        "cells": {"c3": {"owner": "white", "balls": 2}, "d4": {"owner": "black", "balls": 1}},
    }


def test_json_of_a_finished_game_names_the_winner_and_no_one_to_move():
    state = KaskadeState.from_position(".../b1../w1.. w")
    state.play_text("a1")
    data = state.to_json()
    assert data["to_move"] is None
    assert data["winner"] == "white"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not of the form RANKS SIDE"),
        ("..../.... x", "not of the form RANKS SIDE"),
        ("../.. w extra", "not of the form RANKS SIDE"),
        (".../..x/... w", "rank 2 '..x': 'x' is not a cell"),
        (".../w0../... w", "'w0..' is not a cell"),
        ("..../... w", "rank 1 has 3 cells, the top rank 4"),
        ("./. w", "is 1x2; boards are 2x2 to 16x16"),
        ("..........................................................", "not of the form"),
        (".../.w1./... w", "it says White is to move, but with 1 ball on the board Black is"),
        (".../.w1./... -", "it says the game is over, but with 1 ball"),
        ("w2../.../b1.. b", "a3 holds 2 balls and overflows at 2"),
        (".../b1../w1w1. -", "it says the game is over"),
        ("b1b1/b1. -", "Black owns every cell, but White made the last move"),
    ],
)
def test_bad_position_text_is_refused_with_the_reason(text, message):
    with pytest.raises(PositionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        KaskadeState.from_position(text)


def test_a_finished_position_may_hold_overflowing_cells_but_not_impossible_ones():
    assert KaskadeState.from_position(".w3/w2. -").outcome().winner == 0
    with pytest.raises(PositionError, match="no cascade leaves more than 3 there"):
        KaskadeState.from_position(".w4/w1. -")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], '"game": "kaskade"'),
        ({"game": "chess"}, '"game": "kaskade"'),
        ({"game": "kaskade", "size": [6]}, r'"size" must be \[width, height\]'),
        ({"game": "kaskade", "size": [1, 9], "cells": {}}, "must be 2 to 16"),
        ({"game": "kaskade", "size": [True, 9]}, '"size" must be'),
        ({"game": "kaskade", "size": [3, 3], "cells": []}, '"cells" must be an object'),
        ({"game": "kaskade", "size": [3, 3], "cells": {"d1": {}}}, "'d1' is not a cell"),
        ({"game": "kaskade", "size": [3, 3], "cells": {"a1": 3}}, 'a1: expected'),
        ({"game": "kaskade", "size": [3, 3], "cells": {}}, "missing 'plies', 'to_move', 'winner'"),
        ({"game": "kaskade", "size": [3, 3], "cells": {"a1": {"owner": "red", "balls": 1}}},
         '"owner" must be'),
        ({"game": "kaskade", "size": [3, 3], "cells": {"a1": {"owner": "white", "balls": 0}}},
         '"balls" must be a whole number'),
        ({"game": "kaskade", "size": [3, 3], "plies": 1, "to_move": "black", "winner": "white",
          "cells": {"a1": {"owner": "white", "balls": 1}}}, "'winner' is 'white', but the cells"),
        ({"game": "kaskade", "size": [3, 3], "plies": 2, "to_move": "white", "winner": None,
          "cells": {"a1": {"owner": "white", "balls": 1}}}, "it says White is to move, but"),
        ({"game": "kaskade", "size": [3, 3], "plies": 5, "to_move": "black", "winner": None,
          "cells": {"a1": {"owner": "white", "balls": 1}}}, "'plies' is 5, but the cells say 1"),
        ({"game": "kaskade", "size": [3, 3], "plies": 1, "to_move": "purple", "winner": None,
          "cells": {"a1": {"owner": "white", "balls": 1}}}, '"to_move" must be'),
    ],
)
def test_bad_json_is_refused_with_the_reason(data, message):
    with pytest.raises(PositionError, match=message):
        KaskadeState.from_json(data)


def test_a_cell_named_twice_is_refused():
    data = {"game": "kaskade", "size": [3, 3], "plies": 2, "to_move": "white", "winner": None,
            "cells": {"a1": {"owner": "white", "balls": 1}, "A1": {"owner": "black", "balls": 1}}}
    with pytest.raises(PositionError, match='a1 is named twice in "cells"'):
        KaskadeState.from_json(data)


# -- parsers never fail in any other way ----------------------------------------------------

position_alphabet = st.sampled_from(list("./wbWB0123456789 -x"))
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(
        ["kaskade", "white", "black", "a1", "c3", "p16", "3x3"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["game", "size", "plies", "to_move", "winner", "cells", "owner",
                         "balls", "a1", "b2", "c3"]), inner, max_size=6),
    max_leaves=20,
)


@given(st.text(position_alphabet, max_size=60) | st.text(max_size=30))
def test_any_position_text_reads_or_is_refused_with_a_position_error(text):
    try:
        state = KaskadeState.from_position(text)
    except PositionError:
        return
    assert KaskadeState.from_position(state.position()).position() == state.position()


@given(st.fixed_dictionaries({"game": st.just("kaskade"), "size": st.just([3, 3])},
                             optional={"plies": json_values, "to_move": json_values,
                                       "winner": json_values, "cells": json_values})
       | json_values)
def test_any_json_reads_or_is_refused_with_a_position_error(data):
    try:
        state = KaskadeState.from_json(data)
    except PositionError:
        return
    assert state.to_json() == data


@given(st.text(max_size=12))
def test_any_move_text_names_a_cell_or_is_refused_with_an_invalid_move_error(text):
    state = KaskadeState(16, 16)
    try:
        move = state.parse_move(text)
    except InvalidMoveError as error:
        refused = error
    else:
        assert state.move_name(move) == text.strip().lower()
        return
    assert refused.move_text == text


@given(st.text(st.sampled_from(list("0123456789xX× ")), max_size=12) | st.text(max_size=8))
def test_any_size_text_is_a_size_or_is_refused_with_an_options_error(text):
    try:
        width, height = parse_size(text)
    except OptionsError:
        return
    assert 2 <= width <= 16
    assert 2 <= height <= 16
