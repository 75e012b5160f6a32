"""The app's commands, what a front end (the web companion, a runner) asks of the board: a new
game, continuing a waiting one, a game brought in, the game on the board, a change of
settings, a screen of the runner's own — each leaves the board on the screen it says, and a
command that cannot be carried out changes nothing."""

from __future__ import annotations

import pytest

from controller.app.app import (
    GameDoesNotFitError,
    NothingWaitingError,
    UnknownSettingError,
)
from controller.app.screens.sensors import SensorsScreen
from controller.games import get_game
from tests.support.board import BoardHarness


def test_a_new_game_is_on_the_board_at_once(tmp_path):
    board = BoardHarness(tmp_path)
    assert board.app.current_game() is None
    session = board.app.new_game(get_game("kaskade").new({"size": "3x3"}), {1: 2})
    assert session is board.app.session
    assert board.screen == "KaskadeScreen"
    assert board.app.current_game() is board.app.screen
    assert session.computer_level(1) == 2


def test_the_game_on_the_board_is_found_under_the_pause_menu(tmp_path):
    board = BoardHarness(tmp_path)
    board.app.new_game(get_game("kaskade").new({"size": "3x3"}), {})
    playing = board.app.screen
    board.press("menu")
    assert board.screen == "PauseScreen"
    assert board.app.current_game() is playing
    board.app.show(SensorsScreen(board.app))
    assert board.app.current_game() is None


def test_a_waiting_game_is_continued_and_one_not_waiting_is_refused(tmp_path):
    board = BoardHarness(tmp_path)
    first = board.app.new_game(get_game("kaskade").new({"size": "3x3"}), {})
    board.app.new_game(get_game("cascades").new({"size": "3"}), {})
    assert board.app.waiting_games() == {"kaskade", "cascades"}
    with pytest.raises(NothingWaitingError, match="no big-balls game waits"):
        board.app.continue_waiting("big-balls")
    assert board.screen == "CascadesScreen", "nothing changed"
    board.app.continue_waiting("kaskade")
    assert board.screen == "KaskadeScreen"
    assert board.app.session.tags["Id"] == first.tags["Id"]


def test_a_game_brought_in_is_on_the_board_and_one_too_large_is_refused(tmp_path):
    board = BoardHarness(tmp_path)
    with pytest.raises(GameDoesNotFitError):
        board.app.continue_game(get_game("kaskade").new({"size": "10x10"}), ["a1"], {})
    assert board.screen == "HomeScreen"
    assert board.app.session is None
    session = board.app.continue_game(get_game("kaskade").new({"size": "3x3"}), ["a1"], {})
    assert board.screen == "KaskadeScreen"
    assert list(session.moves) == ["a1"]


def test_settings_change_apply_and_are_kept(tmp_path):
    board = BoardHarness(tmp_path)
    assert board.app.change_settings({"sound": False, "sleep_minutes": 0.0}) is None
    assert board.app.announcer.sleep_after is None, "followed at once"
    assert BoardHarness(tmp_path).app.settings.sound is False, "kept"


def test_a_change_naming_no_setting_changes_nothing(tmp_path):
    board = BoardHarness(tmp_path)
    with pytest.raises(UnknownSettingError, match="no setting 'volume'"):
        board.app.change_settings({"sound": False, "volume": 3})
    assert board.app.settings.sound is True
