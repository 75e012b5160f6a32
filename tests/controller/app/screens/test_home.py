"""The home menu: a tile for every game that fits the board, a saved game too big for the board,
and unfinished games that wait while another is played."""

from __future__ import annotations

import pytest

from controller.app.app import GameDoesNotFitError
from controller.games.cascades import CascadesState
from controller.games.kaskade import KaskadeState
from controller.games.replay import record_text
from tests.support.board import BoardHarness

BIG = "kaskade-16x16"


def test_home_has_a_tile_for_every_game_that_fits(tmp_path):
    assert BoardHarness(tmp_path / "small").app.screen.games == (
        "kaskade", "cascades", "big-balls")
    assert BoardHarness(tmp_path / "big", BIG).app.screen.games == (
        "kaskade", "cascades", "big-balls", "colliding-circles", "cascades-decktet")


def test_a_saved_game_too_big_for_the_board_stays_saved_and_home_says_so(tmp_path):
    large = CascadesState.new({"size": "8"})
    BoardHarness(tmp_path).store.autosave.save(record_text(large, ["b2"], {"Id": "big"}))
    board = BoardHarness(tmp_path)
    assert board.screen == "NoticeScreen"
    assert board.app.announcer.text == \
        "Cascades size=8 shape=widening placement=each scoring=bottom needs a bigger board " \
        "than 8x8", "the LEDs say why"
    board.tap("a1")  # skips the words
    board.tap("a1")
    assert board.screen == "HomeScreen"
    assert any("does not fit this board" in notice for notice in board.app.notices)
    assert board.store.autosave.load() is not None


def test_a_game_brought_in_too_big_for_the_board_is_refused_and_the_leds_say_why(tmp_path):
    """A 6 x 9 Kaskade game (the terminal's default size) sent to an 8 x 8 board."""
    board = BoardHarness(tmp_path)
    with pytest.raises(GameDoesNotFitError, match="Kaskade 6x9 game needs a bigger board "
                                                  "than this one's 8x8 pads"):
        board.app.continue_game(KaskadeState(6, 9), ["c3"], {})
    assert board.app.announcer.text == "Kaskade 6x9 needs a bigger board than 8x8"
    assert board.screen == "HomeScreen"


def test_an_unfinished_game_waits_while_another_game_is_played(tmp_path):
    board = BoardHarness(tmp_path)
    board.start_game("4x4")
    board.play("b2", settle=0.5)
    board.go_home()
    board.open_game("cascades")
    board.start()
    assert board.screen == "CascadesScreen"
    board.go_home()
    assert board.screen == "HomeScreen"
    assert board.app.waiting_games() == {"kaskade", "cascades"}
    restarted = BoardHarness(tmp_path)
    assert restarted.screen == "CascadesScreen", "the game in play continues after a restart"
    restarted.go_home()
    assert restarted.app.waiting_games() == {"kaskade", "cascades"}
    tile = restarted.app.screen.layout.tiles[0]
    restarted.tap_pad((tile.column, tile.row))
    restarted.tap_pad((tile.column, tile.row))
    assert restarted.screen == "KaskadeScreen", "the Kaskade tile continues the waiting game"
    assert [restarted.app.screen.state.move_name(m)
            for m in restarted.app.screen.state.moves] == ["b2"]
    assert restarted.app.parked.names == {"cascades"}
