"""The example game of the original rules, as far as its text tells it: every move it names is
played, and every claim it makes about the positions is checked — legal and illegal moves,
paths, holes, owners and worths of circles, the score."""

from __future__ import annotations

import pytest

from controller.games import IllegalMoveError
from controller.games.colliding_circles import CollidingCirclesState
from controller.games.colliding_circles.board import CIRCLE_INDEX, INDEX, NAMES
from controller.games.colliding_circles.pieces import (
    BLACK,
    RED,
    Manoeuvre,
    Place,
    die,
)
from controller.games.colliding_circles.rules import FOX, GOOSE, WOLF, circle_value, reach

F = INDEX


def play(state: CollidingCirclesState, *moves: str) -> None:
    for move in moves:
        state.play_text(move)


def opened() -> CollidingCirclesState:
    """Red threw 5 5 4 2 1, Black 6 4 4 3 1; Red attracted a 5 to C6 and threw a 1."""
    state = CollidingCirclesState.new()
    play(state, "55421", "64431", "5*C6", "1")
    return state


def names(moves) -> set[str]:
    return {NAMES[m.origin] + "-" + NAMES[m.target] + f"={m.value}" for m in moves}


def test_red_opens_only_by_attracting_a_die_to_its_printed_number():
    state = CollidingCirclesState.new()
    play(state, "55421", "64431")
    assert {state.move_name(m) for m in state.legal_moves()} == {"5*C6", "4*C5", "2*D6",
                                                                 "1*D7"}
    with pytest.raises(IllegalMoveError, match="printed"):
        state.play_text("5*C5")
    with pytest.raises(IllegalMoveError):
        state.play_text("end")


def test_after_the_opening_the_hands_and_pools_are_as_the_seed_gives_them():
    state = opened()
    assert state.hands == [(5, 4, 2, 1, 1), (6, 4, 4, 3, 1)]
    assert state.pools == [22, 23]
    assert state.to_move == BLACK


def test_black_can_only_raise_the_red_five_by_one_field():
    state = opened()
    manoeuvres = [m for m in state.legal_moves() if isinstance(m, Manoeuvre)]
    assert names(manoeuvres) == {"C6-B6=6", "C6-C5=6", "C6-C7=6"}
    assert state.move_name(Manoeuvre(F["C6"], F["C5"], 6)) == "C6-C5"


def test_black_could_attract_twice_and_start_three_growth_areas():
    state = opened()
    play(state, "1*D7", "3*D5")
    assert state.board[F["D7"]] == die(BLACK, 1)
    assert state.board[F["D5"]] == die(BLACK, 3)


def test_a_printed_three_next_to_a_six_is_no_place_for_a_three():
    state = opened()
    play(state, "6*C5")
    assert not state.is_legal(Place(3, F["D5"]))
    with pytest.raises(IllegalMoveError, match="may not stand next to 6"):
        state.play_text("3*D5")
    assert state.is_legal(Place(1, F["D7"])), "the 1 could still be attracted to D7"


def example() -> CollidingCirclesState:
    """The first four turns of the example game; the throws the text does not give are
    chosen to fit what it says happened next (Black's third turn is not told: a pass)."""
    state = opened()
    play(state, "6*C5", "4*C7", "62")             # Black 1: hand 6 4 3 2 1, pool 21
    play(state, "5*D7", "1*D5", "65")             # Red 2
    return state


def test_black_may_make_the_red_five_a_six_on_d8():
    state = example()
    assert state.pools[BLACK] == 21
    play(state, "3*C8", "2*B8", "55")             # Black 2: the wolf threat on BC7
    state2 = state.copy()
    state2.board[F["D7"]], state2.player = die(RED, 5), BLACK
    assert 6 in reach(state2.board, F["D7"], BLACK)[F["D8"]]


def test_red_six_on_b6_would_win_the_wolf_even_with_a_black_one_on_b7():
    state = example()
    play(state, "3*C8", "2*B8", "55")
    board = state.board[:]
    board[F["B6"]], board[F["B7"]] = die(RED, 6), die(BLACK, 1)
    assert circle_value(board, CIRCLE_INDEX["BC7"]) == (RED, WOLF)
    totals = [sum(board[F[n]] for n in ("B6", "C6")), sum(board[F[n]] - 6 for n in
                                                            ("B7", "B8", "C7", "C8"))]
    assert totals == [11, 10]


def test_without_the_red_five_on_b5_black_could_move_the_four_out():
    state = example()
    play(state, "3*C8", "2*B8", "55")
    board = state.board[:]
    board[F["B6"]] = die(RED, 4)
    assert reach(board, F["B6"], BLACK)[F["B5"]] == [5]


def fourth_turn() -> CollidingCirclesState:
    state = example()
    play(state, "3*C8", "2*B8", "55")             # Black 2
    play(state, "4*B6", "5*B5", "43")             # Red 3
    play(state, "end")                            # Black 3: misses the goose with 3*B7
    return state


def test_a_black_three_on_b7_would_have_made_a_black_goose():
    state = fourth_turn()
    board = state.board[:]
    board[F["B7"]] = die(BLACK, 3)
    assert circle_value(board, CIRCLE_INDEX["BC7"]) == (BLACK, GOOSE)


def test_the_four_cannot_become_a_one_on_b7_in_one_manoeuvre():
    state = fourth_turn()
    assert not state.is_legal(Manoeuvre(F["B6"], F["B7"], 1))
    assert state.destinations(F["B6"])[F["B7"]] == [3]
    assert state.destinations(F["B6"])[F["A7"]] == [2]


def test_red_completes_the_wolf_black_planned_and_leads_five_to_nothing():
    state = fourth_turn()
    play(state, "B6-A7", "6*B6", "1*B7")
    assert state.board[F["A7"]] == die(RED, 2)
    assert state.circle(CIRCLE_INDEX["BC7"]) == (RED, WOLF)
    assert state.scores() == (5, 0)
    assert "Red 5/0 Black" in state.diagram()


def test_black_may_not_manoeuvre_out_of_the_circle_red_owns():
    state = fourth_turn()
    play(state, "B6-A7", "6*B6", "1*B7", "61")
    assert state.to_move == BLACK
    assert state.destinations(F["C7"]) == {}
    with pytest.raises(IllegalMoveError, match="owns"):
        state.play(Manoeuvre(F["C7"], F["D8"], 5))


def position(text: str) -> CollidingCirclesState:
    return CollidingCirclesState.from_position(text)


def test_a_manoeuvre_is_qualified_only_when_a_longer_path_gives_another_value():
    state = position("red:- black:6D4 hands=54321/54321 pools=23/22 black manoeuvre plies=9")
    assert state.destinations(F["D4"])[F["E3"]] == [4, 2]
    assert state.destinations(F["D4"])[F["E2"]] == [3]
    assert state.move_name(Manoeuvre(F["D4"], F["E3"], 4)) == "D4-E3"
    assert state.move_name(Manoeuvre(F["D4"], F["E3"], 2)) == "D4-E3(2)"
    assert state.move_name(Manoeuvre(F["D4"], F["E2"], 3)) == "D4-E2"
    assert state.parse_move("D4-E3") == Manoeuvre(F["D4"], F["E3"], 4)
    assert state.parse_move("d4-e3(4)") == Manoeuvre(F["D4"], F["E3"], 4)


@pytest.mark.parametrize(("dice", "hole"), [
    ("red:1D5,5D7 black:3E6", "D6"),          # three different odd numbers (picture 11)
    ("red:2D2 black:6C3,4D4", "D3"),          # three different even numbers (picture 14)
])
def test_holes_where_the_seed_finds_them(dice, hole):
    red, black = (len(part.split(":")[1].split(",")) for part in dice.split())
    state = position(f"{dice} hands=54321/54321 pools={23 - red}/{23 - black} red manoeuvre "
                     "plies=20")
    assert hole in {NAMES[f] for f in state.holes()}
    assert all(not state.is_legal(Place(v, F[hole])) for v in range(1, 7))


def test_only_black_can_move_the_red_one_that_makes_the_hole():
    text = "red:1D5,5D7 black:3E6 hands=54321/54321 pools=21/22 {} manoeuvre plies=20"
    red = position(text.format("red"))
    assert red.destinations(F["D5"]) == {}, "Red cannot lower a 1"
    black = position(text.format("black"))
    assert 3 in black.destinations(F["D5"])[F["E4"]]
    black.play_text("D5-E4")
    assert black.board[F["E4"]] == die(RED, 3)
    assert F["D6"] not in black.holes()


def board_of(dice: dict[str, tuple[int, int]]) -> list[int]:
    board = [0] * len(NAMES)
    for name, (player, value) in dice.items():
        board[F[name]] = die(player, value)
    return board


def test_red_breaks_his_goose_on_bc5_and_closes_it_as_a_fox():
    goose = {"B6": (RED, 6), "B5": (RED, 5), "B4": (RED, 4), "C4": (BLACK, 5),
             "C5": (BLACK, 6), "C6": (RED, 5)}
    assert circle_value(board_of(goose), CIRCLE_INDEX["BC5"]) == (RED, GOOSE)
    board = board_of(goose)
    assert reach(board, F["B4"], RED)[F["A3"]] == [2]
    fox = dict(goose, B4=(RED, 6))
    assert circle_value(board_of(fox), CIRCLE_INDEX["BC5"]) == (RED, FOX)


def test_the_wolves_of_the_example():
    ab4 = {"A5": (RED, 4), "A4": (RED, 3), "A3": (RED, 2), "B3": (RED, 1), "B4": (RED, 6),
           "B5": (RED, 5)}
    assert circle_value(board_of(ab4), CIRCLE_INDEX["AB4"]) == (RED, WOLF)
    cd8 = {"C9": (BLACK, 2), "C8": (BLACK, 3), "C7": (BLACK, 4), "D7": (RED, 5),
           "D8": (BLACK, 6), "D9": (BLACK, 1)}
    assert circle_value(board_of(cd8), CIRCLE_INDEX["CD8"]) == (BLACK, WOLF)


def test_the_centre_circle_of_the_final_picture_is_a_black_goose():
    # Black shows 6 + 5 + 4 + 4 = 19 against Red's two fives, 10 (round it: 4 5 4 5 6 5).
    centre = {"C7": (BLACK, 4), "C6": (RED, 5), "C5": (BLACK, 4), "D5": (RED, 5),
              "D6": (BLACK, 6), "D7": (BLACK, 5)}
    assert circle_value(board_of(centre), CIRCLE_INDEX["CD6"]) == (BLACK, GOOSE)


def test_a_rethrow_is_written_with_the_value_thrown_away_and_ends_the_turn():
    state = fourth_turn()
    play(state, "B6-A7", "6*B6", "+1")
    assert state.moves[-1] == state.parse_move("+1")
    assert state.hands[RED] == (4, 3, 2)
    assert state.throw_count() == 2
