"""Cascades: one test per point of the rules page (``docs/games/cascades.md``)."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import IllegalMoveError, OptionsError, PositionError
from controller.games.cascades import END, PASS, CascadesState, Passed, Place, Slope, StonePlaced
from controller.games.cascades.moves import Move
from controller.games.cascades.state import TurnEnded


def cells(state: CascadesState, *names: str) -> list[int]:
    return [state.slope.find(name) for name in names]


def play(state: CascadesState, *moves: str | Move) -> CascadesState:
    for move in moves:
        if isinstance(move, str):
            state.play_text(move)
        else:
            state.play(move)
    return state


# -- the board --------------------------------------------------------------------------------

@pytest.mark.parametrize(("top", "rows", "total"), [(8, (8, 9, 10, 11, 12, 13, 14, 15), 92),
                                                    (10, tuple(range(10, 20)), 145),
                                                    (3, (3, 4, 5), 12)])
def test_rows_widen_by_one_from_the_top_width(top, rows, total):
    slope = Slope(top)
    assert slope.widths == rows
    assert slope.cells == total
    assert len(slope.bottom) == 2 * top - 1


@pytest.mark.parametrize("top", [2, 14])
def test_widths_outside_3_to_13_are_refused(top):
    with pytest.raises(OptionsError, match="3 to 13"):
        CascadesState.new({"size": str(top)})


def test_a_cell_touches_two_cells_below_and_up_to_two_above():
    slope = Slope(8)
    assert [slope.name(c) for c in slope.below[slope.find("c2")]] == ["c3", "d3"]
    assert [slope.name(c) for c in slope.above[slope.find("c3")]] == ["b2", "c2"]
    assert [slope.name(c) for c in slope.above[slope.find("a3")]] == ["a2"]
    assert [slope.name(c) for c in slope.above[slope.find("j3")]] == ["i2"]
    assert slope.below[slope.find("a8")] == ()


def test_the_hexagon_narrows_back_to_the_top_width():
    slope = Slope(4, "hexagon")
    assert slope.widths == (4, 5, 6, 7, 6, 5, 4)
    assert len(slope.bottom) == 4
    assert [slope.name(c) for c in slope.below[slope.find("a4")]] == ["a5"]
    assert [slope.name(c) for c in slope.below[slope.find("c4")]] == ["b5", "c5"]
    assert [slope.name(c) for c in slope.below[slope.find("g4")]] == ["f5"]


# The inventor: "after the bottom row is filled, the game can be continued where the board
# progressively narrows instead of widens."

def test_the_narrowing_rows_open_only_once_the_widest_row_is_full():
    state = CascadesState.new({"size": "3", "shape": "hexagon"})  # rows 3 4 5 4 3
    play(state, *"d2 c2 c3 b2 d3 pass e3 a2 pass b3 end pass".split())
    assert [state.slope.name(c) for c in state.slope.widest] == ["a3", "b3", "c3", "d3", "e3"]
    assert state.cells[state.slope.find("a3")] == -1, "a3 is still empty"
    with pytest.raises(IllegalMoveError, match="below the widest row, which opens the "
                                               "narrowing rows only once it is full"):
        state.play_text("d4")
    assert not any(state.slope.narrowing(m.cell) for m in state.legal_moves()
                   if isinstance(m, Place))
    play(state, "a3")
    assert state.narrowing_open()
    assert "a4" in {state.move_name(m) for m in state.legal_moves()}, \
        "the second stone of the turn may go below the row it filled"
    play(state, "a4")


@pytest.mark.parametrize("top", [1 + 2, 4])
def test_the_top_row_alternates_with_white_on_the_rightmost_cell(top):
    state = CascadesState.new({"size": str(top)})
    row = state.position().split()[0].split("/")[0]
    assert row[-1] == "w"
    assert row == ("wbw" if top == 3 else "bwbw"), "odd: White has the extra cell"


# -- setup ------------------------------------------------------------------------------------

def test_each_player_starts_with_alternating_stones_the_second_player_leftmost():
    state = CascadesState.new()
    assert state.position().split()[0].split("/")[0] == "bwbwbwbw"
    assert state.to_move == 0


def test_for_an_odd_width_the_first_player_gets_the_extra_top_cell():
    state = CascadesState.new({"size": "5"})
    assert state.position().split("/")[0] == "wbwbw"


# -- turns ------------------------------------------------------------------------------------

def test_the_first_turn_is_exactly_one_stone_and_cannot_be_passed():
    state = CascadesState.new()
    assert PASS not in state.legal_moves()
    assert END not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="cannot be passed"):
        state.play(PASS)
    events = state.play_text("b2")
    assert events == [StonePlaced(state.slope.find("b2"), 0, False), TurnEnded(0)]
    assert state.to_move == 1


def test_later_turns_place_one_or_two_stones_or_pass():
    state = play(CascadesState.new(), "b2")
    assert PASS in state.legal_moves()
    play(state, "a2")
    assert state.to_move == 1
    assert END in state.legal_moves()
    assert PASS not in state.legal_moves()
    events = state.play_text("c2")
    assert events[-1] == TurnEnded(1)
    assert state.to_move == 0
    play(state, "d2", END)
    assert state.to_move == 1
    assert state.play(PASS) == [Passed(1)]
    assert state.to_move == 0


def test_a_stone_goes_only_on_an_empty_cell_below_a_stone_of_its_colour():
    state = play(CascadesState.new(), "b2")
    with pytest.raises(IllegalMoveError, match="is not below a Black stone"):
        state.play_text("c3")
    with pytest.raises(IllegalMoveError, match="b2 is taken"):
        state.play_text("b2")
    state = CascadesState.new()
    with pytest.raises(IllegalMoveError, match="is not below a White stone"):
        state.play_text("a2")


def test_the_second_stone_may_go_below_the_first():
    state = play(CascadesState.new(), "b2", "a2")
    assert state.is_legal(state.parse_move("a3"))
    play(state, "a3")
    assert state.to_move == 0


def test_with_placement_start_both_stones_must_be_legal_at_the_start_of_the_turn():
    state = play(CascadesState.new({"placement": "start"}), "b2", "a2")
    with pytest.raises(IllegalMoveError, match="only below this turn's first stone"):
        state.play_text("a3")
    play(state, "c2")


def test_a_turn_ends_by_itself_when_no_second_stone_fits():
    state = play(CascadesState.new({"size": "3"}), "a2", "b2", "b3", "c2", "d2")
    events = state.play_text("c3")
    assert events[-1] == TurnEnded(1), "c3 is on the bottom row and b2, c2 have no room left"
    assert state.to_move == 0


# -- the end ----------------------------------------------------------------------------------

def test_a_majority_of_the_bottom_row_wins_at_once_even_mid_turn():
    state = play(CascadesState.new({"size": "3"}),
                 "d2", "c2", "c3", "b2", "d3", PASS, "e3", "a2", PASS)
    events = state.play_text("b3")
    assert state.outcome().winner == 0
    assert state.outcome().reason == "White holds 3 of the 5 bottom cells"
    assert state.to_move is None
    assert state.legal_moves() == []
    assert type(events[-1]).__name__ == "GameOver"
    assert CascadesState.from_position(state.position()).is_over()


def test_the_game_is_decided_once_someone_holds_n_of_the_2n_minus_1_bottom_cells():
    state = CascadesState.new({"size": "4"})
    rng = random.Random(5)
    while not state.is_over():
        moves = [m for m in state.legal_moves() if m != PASS] or state.legal_moves()
        state.play(moves[int(rng.random() * len(moves))])
    if "holds" in state.outcome().reason:
        assert state.score(state.outcome().winner) == 4


def test_two_passes_in_succession_end_the_game_equal_bottom_cells_draw():
    state = play(CascadesState.new({"size": "3"}), "a2", "c2", "c3", "b3", "a3", "b2", "d3")
    play(state, PASS)
    assert not state.is_over()
    play(state, PASS)
    outcome = state.outcome()
    assert outcome.winner is None
    assert outcome.reason == "both players passed; 2 bottom cells each: a draw"
    assert outcome.scores == (2, 2)


def test_a_stone_between_passes_starts_the_count_again():
    state = play(CascadesState.new({"size": "3"}), "b2", PASS, PASS)
    assert state.is_over()
    state = play(CascadesState.new({"size": "3"}), "b2", PASS, "a2", END, PASS)
    assert not state.is_over()
    assert state.passes == 1


def test_two_passes_with_more_bottom_cells_win_for_that_player():
    state = play(CascadesState.new({"size": "3"}), "a2", "b2", "b3", "c2", "d2", "c3",
                 PASS, PASS)
    assert state.outcome().winner == 1
    assert "Black has more bottom cells (2 to 0)" in state.outcome().reason


def test_when_neither_can_place_the_game_ends_equal_counts_draw():
    state = CascadesState.new({"size": "4", "shape": "hexagon"})
    play(state, *"e2 d2 c2 b2 e3 c3 d4 f3 f4 d3 end e4 b3 c4 end b4 end a2 end g4 a3 end pass "
         "a4 c5 a5 e5 b6 end e6 a6 b7 d5 d7 d6 b5 end a7 end c6 c7".split())
    assert not state.is_over()
    play(state, "f5")
    assert state.outcome().winner is None
    assert state.outcome().reason == "neither player can place a stone; 2 bottom cells each: " \
        "a draw"


def test_territory_scoring_counts_every_stone():
    state = play(CascadesState.new({"size": "3", "scoring": "territory"}),
                 *"a2 pass a3 end b2 b3 pass c3 c2 pass d3 pass pass".split())
    assert state.outcome().winner == 1
    assert state.outcome().reason == "both players passed; Black has more stones (6 to 4)"


def test_territory_scoring_ends_once_someone_holds_most_of_the_board():
    state = play(CascadesState.new({"size": "3", "scoring": "territory"}),
                 *"d2 c2 c3 b2 d3 pass e3".split())
    assert not state.is_over()
    state.play_text("a2")
    assert state.outcome().reason == "White holds 7 of the 12 cells of the board"
    assert CascadesState.from_position(state.position()).outcome() == state.outcome()


# -- positions --------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "reason"), [
    ("wbw/..../..... white plies=0 first=- passes=0", "write the rows"),
    ("wbw/.../..... white plies=0 first=- passes=0 placement=each scoring=bottom",
     "no Cascades board"),
    ("bwb/..../..... white plies=0 first=- passes=0 placement=each scoring=bottom",
     "top row must hold"),
    ("wbw/..../w.... white plies=2 first=- passes=0 placement=each scoring=bottom",
     "no stone of its colour above"),
    ("wbw/w.../..... white plies=0 first=- passes=0 placement=each scoring=bottom",
     "more than plies"),
    ("wbw/..../..... black plies=0 first=- passes=0 placement=each scoring=bottom",
     "White makes the first move"),
    ("wbw/..../..... white plies=0 first=- passes=0 placement=each scoring=best",
     "scoring 'best'"),
    ("wbw/..x./..... white plies=0 first=- passes=0 placement=each scoring=bottom",
     "row 2 has 'x'"),
])
def test_bad_positions_say_what_is_wrong(text, reason):
    with pytest.raises(PositionError, match=reason):
        CascadesState.from_position(text)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="wb./ =-0123456789abcdefghijklmnopqrstuvwxyz", max_size=80))
def test_any_text_is_a_position_or_a_position_error(text):
    with contextlib.suppress(PositionError):
        CascadesState.from_position(text)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["widening", "hexagon"]),
       st.sampled_from(["each", "start"]), st.integers(3, 7))
def test_every_stone_below_the_top_row_hangs_from_one_of_its_colour(seed, shape, placement,
                                                                       top):
    state = CascadesState.new({"size": str(top), "shape": shape, "placement": placement})
    rng = random.Random(seed)
    while not state.is_over():
        moves = state.legal_moves()
        state.play(moves[int(rng.random() * len(moves))])
        for cell in range(top, state.slope.cells):
            owner = state.cells[cell]
            if owner >= 0:
                assert any(state.cells[c] == owner for c in state.slope.above[cell])
                assert not state.slope.narrowing(cell) or \
                    all(state.cells[c] >= 0 for c in state.slope.widest)
        assert state.to_move is None or state.legal_moves()


def test_a_position_with_stones_below_an_unfilled_widest_row_is_refused():
    state = CascadesState.new({"size": "3", "shape": "hexagon"})
    play(state, *"d2 c2 c3 b2 d3 pass e3 a2 pass b3 end pass a3 a4".split())
    text = state.position()
    assert CascadesState.from_position(text).position() == text
    early = text.replace("wwbww", "wwbw.", 1)  # the widest row loses its last stone
    with pytest.raises(PositionError, match="stones below the widest row, which is not full"):
        CascadesState.from_position(early)
