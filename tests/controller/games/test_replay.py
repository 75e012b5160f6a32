"""Replaying records: the starting state from the tags, move errors with number and text, the
result check, and records written for games in progress."""

import pytest

from controller.games import OptionsError, PositionError, UnknownGameError, get_game
from controller.games.kaskade import KaskadeState
from controller.games.record import parse_record
from controller.games.replay import (
    ReplayError,
    check_result,
    record_text,
    replay,
    result_text,
    starting_state,
)


def test_the_start_comes_from_the_game_and_size_tags():
    state = starting_state(parse_record('[Game "kaskade"]\n[Size "4x5"]'))
    assert isinstance(state, KaskadeState)
    assert state.options() == {"size": "4x5"}


def test_a_kaskade_record_must_say_its_size():
    with pytest.raises(OptionsError, match=r"a Kaskade record must give \[Size\]"):
        starting_state(parse_record('[Game "kaskade"]'))


def test_an_unknown_game_lists_the_known_ones():
    with pytest.raises(UnknownGameError,
                       match="no game called 'chess'; the games are: big-balls, cascades, "
                             "cascades-decktet, colliding-circles, kaskade"):
        starting_state(parse_record('[Game "chess"]'))


def test_a_position_tag_sets_up_the_board_and_must_agree_with_the_size():
    record = parse_record('[Game "kaskade"]\n[Position ".../b1../w1w1. b"]')
    assert starting_state(record).plies == 3
    record = parse_record('[Game "kaskade"]\n[Size "3x3"]\n[Position ".../b1../w1w1. b"]')
    assert starting_state(record).plies == 3
    with pytest.raises(PositionError, match=r"\[Size\] tag says '4x4' but the \[Position\]"):
        starting_state(parse_record(
            '[Game "kaskade"]\n[Size "4x4"]\n[Position ".../b1../w1w1. b"]'))


@pytest.mark.parametrize(
    ("moves", "number", "text", "words"),
    [
        (["c3", "d4", "d4"], 3, "d4", "is illegal: d4 holds Black's balls"),
        (["c3", "zz9"], 2, "zz9", "is invalid: not a cell of this 6x9 board (cells are a1 to f9)"),
        (["g1"], 1, "g1", "is invalid"),
    ],
)
def test_a_bad_move_says_its_number_text_and_why(moves, number, text, words):
    state = KaskadeState(6, 9)
    with pytest.raises(ReplayError) as caught:
        replay(state, moves)
    assert caught.value.number == number
    assert caught.value.text == text
    assert str(caught.value).startswith(f"move {number} {text!r} {words}")
    assert state.plies == number - 1, "the moves before the bad one stay played"


def test_moves_after_the_end_of_the_game_are_illegal():
    state = KaskadeState(2, 2)
    with pytest.raises(ReplayError, match="move 6 'a2' is illegal: the game is over"):
        replay(state, "a1 b2 a2 b1 a1 a2".split())


def test_the_result_must_match_a_finished_game():
    finished = KaskadeState(2, 2)
    replay(finished, "a1 b2 a2 b1 a1".split())
    assert result_text(finished) == "white"
    check_result(parse_record('[Game "kaskade"]\n[Result "white"]'), finished)
    check_result(parse_record('[Game "kaskade"]\n[Result "*"]'), finished)
    with pytest.raises(PositionError, match="contradicts the moves, which end: white"):
        check_result(parse_record('[Game "kaskade"]\n[Result "black"]'), finished)
    with pytest.raises(PositionError, match="is not one of"):
        check_result(parse_record('[Game "kaskade"]\n[Result "1-0"]'), finished)


def test_an_unfinished_game_may_carry_a_result_such_as_a_resignation():
    state = KaskadeState(6, 9)
    replay(state, ["c3"])
    assert result_text(state) == "*"
    check_result(parse_record('[Game "kaskade"]\n[Result "black"]'), state)


def test_record_text_writes_the_size_the_players_and_the_result():
    start = KaskadeState(2, 2)
    text = record_text(start, "a1 b2 a2 b1 a1".split(), {"White": "Ann", "Black": "Ben"})
    assert text == (
        '[Game "kaskade"]\n[Size "2x2"]\n[White "Ann"]\n[Black "Ben"]\n[Result "white"]\n\n'
        "1. a1 b2 2. a2 b1 3. a1\n"
    )


def test_record_text_keeps_a_given_result_only_while_the_game_is_not_over():
    start = KaskadeState(3, 3)
    assert '[Result "black"]' in record_text(start, ["a1"], {"Result": "black"})
    finished = record_text(KaskadeState(2, 2), "a1 b2 a2 b1 a1".split(), {"Result": "black"})
    assert '[Result "white"]' in finished


def test_record_text_of_a_set_up_position_writes_it_as_a_tag():
    start = KaskadeState.from_position(".../b1../w1w1. b")
    text = record_text(start, ["c3"])
    record = parse_record(text)
    assert record.tag("Position") == ".../b1../w1w1. b"
    assert record.moves == ["c3"]
    assert text.splitlines()[-1] == "1... c3"


@pytest.mark.parametrize(("game", "options", "typed", "written"), [
    ("kaskade", {"size": "3x3"}, "C3 b2", "c3 b2"),
    ("big-balls", {}, "123456 654321 throw 4 a2-a3", "123456 654321 throw 4 a2xa3"),
    ("cascades", {"size": "4"}, "B2 a2", "b2 a2"),
    ("cascades-decktet", {"version": "ace"},
     "deal:AM.AS.AW.AL.AY.AK.2SY.2WL.2MK.3MW.3SK.3LY.4YK.4MS.4WL.5SW.5ML.5YK.6MW.6LK.6SY.7SK."
     "7ML.8YK.8MS.8WL.9WY.9LK.9MS.CM.CS.CW.CL.CY.CK.7WY DRAW 2MK:t",
     "deal:AM.AS.AW.AL.AY.AK.2SY.2WL.2MK.3MW.3SK.3LY.4YK.4MS.4WL.5SW.5ML.5YK.6MW.6LK.6SY.7SK."
     "7ML.8YK.8MS.8WL.9WY.9LK.9MS.CM.CS.CW.CL.CY.CK.7WY draw author:top"),
    ("colliding-circles", {}, "55421 64431 5*c6 1 c6-c5(6)", "55421 64431 5*C6 1 C6-C5"),
])
def test_a_record_writes_moves_as_the_game_names_them_not_as_typed(game, options, typed,
                                                                   written):
    start = get_game(game).new(options)
    assert parse_record(record_text(start, typed.split())).moves == written.split()
