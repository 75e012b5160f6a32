"""Kaskade's rules, one test per point of the rules page, and the original's worked examples.

Positions are written in the position notation (ranks from the top, ``w``/``b`` plus the ball
count, ``.`` empty, then the side to move) so each test shows its board.
"""

import pytest

from controller.games import GameOver, IllegalMoveError, InvalidMoveError, OptionsError
from controller.games.kaskade import CellContent, Generation, KaskadeState, Place, Placed


def board(text: str) -> KaskadeState:
    return KaskadeState.from_position(text)


def content(state: KaskadeState, name: str) -> tuple:
    cell = state.cell(state.parse_move(name).cell)
    return cell.owner, cell.balls


# -- board and players -----------------------------------------------------------------------


def test_white_moves_first_then_black():
    state = KaskadeState(6, 9)
    assert state.to_move == 0
    state.play_text("c3")
    assert state.to_move == 1
    state.play_text("d4")
    assert state.to_move == 0


@pytest.mark.parametrize(("width", "height"), [(2, 2), (2, 16), (16, 2), (16, 16), (6, 9)])
def test_every_size_from_2x2_to_16x16_is_playable(width, height):
    state = KaskadeState(width, height)
    assert len(state.legal_moves()) == width * height
    assert state.move_name(Place(width * height - 1)) == f"{'abcdefghijklmnop'[width - 1]}{height}"


@pytest.mark.parametrize("size", ["1x9", "9x1", "1x1", "17x4", "4x17", "0x5"])
def test_boards_outside_2x2_to_16x16_are_refused_clearly(size):
    with pytest.raises(OptionsError, match=r"must be 2 to 16 cells"):
        KaskadeState.new({"size": size})


def test_a1_is_bottom_left_and_files_run_left_to_right():
    state = KaskadeState(6, 9)
    assert state.parse_move("a1") == Place(0)
    assert state.parse_move("b1") == Place(1)
    assert state.parse_move("a2") == Place(6)
    assert state.parse_move("f9") == Place(53)
    assert state.parse_move(" C3 ") == state.parse_move("c3") == Place(14)


@pytest.mark.parametrize("text", ["g1", "a10", "a0", "", "c", "3c", "c3d", "c-3", "zz9"])
def test_names_off_the_board_are_invalid_and_say_which_cells_exist(text):
    state = KaskadeState(6, 9)
    with pytest.raises(InvalidMoveError) as caught:
        state.parse_move(text)
    assert caught.value.move_text == text
    assert "a1 to f9" in caught.value.reason
    assert caught.value.position == state.position()


# -- a move ----------------------------------------------------------------------------------


def test_seed_picture_1_black_may_play_an_empty_cell_or_its_own_but_not_whites():
    state = board("...../...../.b1w1../..w1../..... b")
    assert state.to_move == 1
    assert state.is_legal(state.parse_move("a1"))   # empty
    assert state.is_legal(state.parse_move("b3"))   # Black's own
    assert not state.is_legal(state.parse_move("c3"))  # White's
    with pytest.raises(IllegalMoveError, match="c3 holds White's balls") as caught:
        state.play_text("c3")
    assert caught.value.position == "...../...../.b1w1../..w1../..... b"
    assert state.position() == "...../...../.b1w1../..w1../..... b"  # nothing changed


def test_a_ball_on_own_cell_adds_to_it():
    state = board("..../..../.w1../b1... w")
    events = state.play_text("b2")
    assert events == [Placed(state.grid.find("b2"), 0, 2)]
    assert content(state, "b2") == (0, 2)


# -- overflow --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "cell", "kind"),
    [
        ("...../...../...../...../w1..b1. w", "a1", "corner"),
        ("...../...../...../...../.w2.b2. w", "b1", "edge"),
        ("...../...../..w3../...../b1.... w", "c3", "interior"),
    ],
)
def test_seed_picture_3_corner_full_at_1_edge_at_2_interior_at_3(position, cell, kind):
    state = board(position)
    critical = {"corner": 2, "edge": 3, "interior": 4}[kind]
    assert state.grid.critical[state.grid.find(cell)] == critical
    events = state.play_text(cell)
    assert isinstance(events[1], Generation), f"a full {kind} cell overflows with one more ball"
    assert content(state, cell) == (None, 0)


def test_seed_picture_2_a_full_interior_cell_overflows_and_captures():
    # (3,3) holds three Black balls; (3,2) one White ball. Black adds a fourth to (3,3).
    state = board("w1..../...../..b3../..w1../..... b")
    events = state.play_text("c3")
    assert content(state, "c3") == (None, 0)
    for name in ("b3", "d3", "c4"):
        assert content(state, name) == (1, 1)
    assert content(state, "c2") == (1, 2), "White's ball beside it becomes a Black cell of 2"
    generation = events[1]
    assert generation.number == 1
    assert generation.overflowing == (state.grid.find("c3"),)
    assert generation.captured == (state.grid.find("c2"),)
    assert len(events) == 2


def test_seed_picture_4_an_overflow_into_a_full_neighbour_overflows_it_next_generation():
    state = board("...../...../.b3b3../...../w1.... b")
    events = state.play_text("b3")
    generations = [e for e in events if isinstance(e, Generation)]
    names = [[state.grid.name(c) for c in g.overflowing] for g in generations]
    assert names == [["b3"], ["c3"]]
    assert content(state, "c3") == (None, 0)
    assert content(state, "b3") == (1, 1), "c3 pushed one ball back into b3"
    assert content(state, "d3") == (1, 1)


def test_neighbours_become_the_movers_with_every_ball_on_them():
    state = board("...w1/w1w1../b2w2../.... b")
    state.play_text("a2")
    assert content(state, "a3") == (1, 2)
    assert content(state, "b2") == (1, 3)
    assert content(state, "a1") == (1, 1)
    assert content(state, "b3") == (0, 1), "not a neighbour: stays White's"


def test_several_balls_in_one_generation_overflow_once_keeping_the_remainder():
    # b2 overflows; a2 and b1 (both full) overflow together next; a1 receives two balls, holds
    # three, overflows once in the third generation and keeps one.
    state = board("..w1/b2b3./b1b2. b")
    events = state.play_text("b2")
    generations = [e for e in events if isinstance(e, Generation)]
    assert [[state.grid.name(c) for c in g.overflowing] for g in generations] == [
        ["b2"], ["b1", "a2"], ["a1"]
    ]
    after_second = {state.grid.name(c.cell): c for c in generations[1].changes}
    assert after_second["a1"] == CellContent(0, 1, 3)
    assert content(state, "a1") == (1, 1)
    assert state.outcome() is None


# -- end of the game -------------------------------------------------------------------------


def test_whites_first_ball_does_not_win():
    state = KaskadeState(3, 3)
    state.play_text("b2")
    assert state.outcome() is None
    assert state.to_move == 1


def test_capturing_every_opponent_cell_wins():
    state = board(".../b1../w1.. w")
    events = state.play_text("a1")
    assert isinstance(events[-1], GameOver)
    assert events[-1].outcome.winner == 0
    assert events[-1].outcome.reason == "Black has no cells left"
    assert state.to_move is None
    assert state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.play_text("c3")


def test_the_cascade_stops_as_soon_as_the_opponent_owns_no_cell_on_a_saturated_board():
    # Every cell full; White adds a ball: the overflow could never end, but Black's last cell
    # falls in the second generation and the game stops there, cells still over critical mass.
    state = KaskadeState.new({"size": "2x2"})
    for move in "a1 b2 a2 b1".split():
        state.play_text(move)
    events = state.play_text("a1")
    generations = [e for e in events if isinstance(e, Generation)]
    assert len(generations) == 2
    assert isinstance(events[-1], GameOver)
    assert events[-1].outcome.winner == 0
    assert content(state, "a1") == (0, 2)
    assert content(state, "b2") == (0, 3)
    assert state.position() == ".w3/w2. -"


def test_the_stop_comes_mid_cascade_even_when_more_cells_are_due():
    state = board("w1b1/b1b1 w")
    events = state.play_text("a2")
    assert isinstance(events[-1], GameOver)
    assert events[-1].outcome.winner == 0
    due = [state.grid.name(c) for c in range(4) if state.cell(c).balls >= state.grid.critical[c]]
    assert due == ["b1", "a2"], "these would overflow next, but the game is already won"


# -- undo ------------------------------------------------------------------------------------


def test_undo_takes_back_a_winning_cascade_exactly():
    state = KaskadeState.new({"size": "2x2"})
    for move in "a1 b2 a2 b1".split():
        state.play_text(move)
    before = state.to_json()
    state.play_text("a1")
    assert state.undo() == state.parse_move("a1")
    assert state.to_json() == before
    assert state.outcome() is None
    assert state.moves == tuple(state.parse_move(m) for m in "a1 b2 a2 b1".split())
