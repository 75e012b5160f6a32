"""Cascades on the board: the set-up offers the largest top row that fits and keeps the choice,
and a turn of one stone ends on the end pad."""

from __future__ import annotations

from controller.app.screens.options import OptionsScreen
from controller.faces.cascades.screen import CascadesScreen
from tests.support.board import BoardHarness


def test_the_set_up_offers_the_largest_top_row_that_fits_and_keeps_the_choice(tmp_path):
    board = BoardHarness(tmp_path)
    board.open_game("cascades")
    screen = board.app.screen
    assert isinstance(screen, OptionsScreen)
    assert screen.chosen == {"size": "4", "shape": "widening", "placement": "each",
                             "scoring": "bottom"}
    board.tap("a8")          # the size bar's first pad: a top row of 3
    board.tap("b7")          # the second row, shape: hexagon
    board.tap("d2")          # the third value of the last row does not exist: nothing happens
    assert screen.chosen["size"] == "3"
    assert screen.chosen["shape"] == "hexagon"
    board.start()
    assert isinstance(board.app.screen, CascadesScreen)
    assert board.app.screen.state.options() == {"size": "3", "shape": "hexagon",
                                                "placement": "each", "scoring": "bottom"}
    assert board.app.settings.options["cascades"]["shape"] == "hexagon"


def test_a_turn_of_one_stone_ends_on_the_end_pad(tmp_path):
    board = BoardHarness(tmp_path)
    board.open_game("cascades")
    board.start()
    screen = board.app.screen
    layout = screen.layout
    for cell in ("b2", "a2"):
        board.tap_pad(layout.pads[screen.state.slope.find(cell)])
    assert screen.state.to_move == 1
    board.tap_pad(layout.done)
    assert screen.state.to_move == 0
    assert [screen.state.move_name(m) for m in screen.state.moves] == ["b2", "a2", "end"]
