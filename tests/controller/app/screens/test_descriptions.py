"""Every screen says in one line of words what it shows and what a touch would do, and the line
follows what it describes: each game's title, seats, whose turn, its situation and the result;
the menus, set-ups, pause, notices, sensors, self-test and updates."""

from __future__ import annotations

import random

import pytest

from controller.app.screens.notice import NoticeScreen
from controller.app.screens.selftest import SelfTestScreen
from controller.app.screens.sensors import SensorsScreen
from controller.app.screens.update import UpdateOfferScreen, UpdateResultScreen, UpdatingScreen
from controller.faces.face import faces
from controller.games import CHANCE, get_game
from tests.support.board import BoardHarness

BIG = "kaskade-16x16"
GAMES = [face.name for face in faces()]


def started(tmp_path, name: str, level: int | None = None) -> BoardHarness:
    board = BoardHarness(tmp_path, BIG)
    board.open_game(name, level)
    if board.screen == "OptionsScreen":
        board.start()
    if board.screen == "BoardSizeScreen":
        board.tap("f6")  # a 6 x 6 board
        board.skip_message()
    return board


@pytest.mark.parametrize("name", GAMES)
def test_a_game_says_its_title_whose_turn_and_what_a_touch_does(tmp_path, name):
    board = started(tmp_path, name)
    screen = board.app.screen
    text = screen.describe(board.now)
    title = get_game(name).info.title
    assert text.startswith(title)
    assert "touch" in text
    if len(screen.state.info.players) == 2:
        assert "two people" in text
        assert f"{screen.state.player_title(screen.state.to_move)} to move" in text
    assert "\n" not in text


@pytest.mark.parametrize("name", GAMES)
def test_the_description_follows_every_move_to_the_result(tmp_path, name):
    board = started(tmp_path, name)
    screen = board.app.screen
    rng = random.Random(4)
    for _ in range(3000):
        if board.app.session.finished:
            break
        state = screen.state
        if state.to_move == CHANCE:
            board.wait(2.0)
        else:
            legal = state.legal_moves()
            before = screen.describe(board.now)
            screen.play(legal[int(rng.random() * len(legal))], board.now)
            board.wait(3.0)
            assert screen.describe(board.now) != before, "a move changes the words"
    assert board.app.session.finished
    final = screen.describe(board.now)
    assert screen.state.outcome().reason in final
    assert final.endswith("touch to go home")


def test_seats_against_the_computer_and_its_thinking(tmp_path):
    board = started(tmp_path, "kaskade", level=3)
    text = board.app.screen.describe(board.now)
    assert "you (White) against level 3" in text
    board.tap("a1")
    assert "the computer is thinking" in board.app.screen.describe(board.now)


def test_a_resignation_is_described(tmp_path):
    board = started(tmp_path, "cascades")
    board.app.session.resign(0)
    board.app.screen.resigned()
    text = board.app.screen.describe(board.now)
    assert "White resigned, Black wins" in text
    assert text.endswith("touch to go home")


def test_the_menus_and_set_ups_describe_themselves(tmp_path):
    board = BoardHarness(tmp_path)
    assert board.app.screen.describe(board.now).startswith("Home · 3 games · brightness")
    board.open_game("kaskade")
    assert board.app.screen.describe(board.now).startswith("Kaskade · touch the far corner")
    board.touches.down(board.pad("a1"))
    assert "1x1 is too small" in board.app.screen.describe(board.now)
    board.touches.up(board.pad("a1"))
    board.press("menu")
    tile = board.app.screen.layout.tiles[1]
    board.tap_pad((tile.column, tile.row))
    assert "Cascades chosen: touch its tile again" in board.app.screen.describe(board.now)
    board.tap_pad((tile.column, tile.row))
    players = board.app.screen.describe(board.now)
    assert players.startswith("Cascades · who plays?")
    colour = board.app.screen.layout.colour
    board.tap_pad(colour)
    assert board.app.screen.describe(board.now) != players, "the colour pad changes sides"
    board.press("menu")
    board.open_game("cascades")
    options = board.app.screen.describe(board.now)
    assert options.startswith("Cascades · size 4 · shape widening")
    board.tap("a8")
    assert board.app.screen.describe(board.now).startswith("Cascades · size 3")
    assert board.app.announcer.text == "size 3", "the LEDs say it too"
    board.start()
    board.press("menu")
    assert board.app.screen.describe(board.now).startswith("Paused: Cascades · continue")


def test_the_other_screens_describe_themselves(tmp_path):
    board = BoardHarness(tmp_path)
    app, home = board.app, board.app.screen
    app.notices.append("the saved game could not be read")
    assert NoticeScreen(app, home).describe(0.0) == (
        "Notice: the saved game could not be read · touch to go on")
    assert "touch threshold" in SensorsScreen(app).describe(0.0)
    selftest = SelfTestScreen(app)
    assert selftest.describe(0.0).startswith("Self-test, LEDs · LED 1 of channel 0")
    selftest.button_down("menu", 0.0)
    assert "touch the lit pad a1 (1 of 64)" in selftest.describe(0.0)
    assert "hold the update pad" in UpdateOfferScreen(app).describe(0.0)
    updating = UpdatingScreen(app)
    updating.update_progress(0.42, 0.0)
    assert "42 %" in updating.describe(0.0)
    assert "keeps its firmware" in UpdateResultScreen(app, False, 0.0).describe(0.0)
    assert "runs the new firmware" in UpdateResultScreen(app, True, 0.0).describe(0.0)


def test_the_strongest_level_is_named_perfect_on_a_solved_board(tmp_path):
    board = BoardHarness(tmp_path, BIG)
    board.open_game("kaskade", 5)
    board.tap("c4")  # a 3 x 4 board: solved, so level 5 plays it perfectly
    board.skip_message()
    assert "you (White) against level 5 (perfect)" in board.app.screen.describe(board.now)


def test_on_4x4_the_strongest_level_is_perfect_as_the_second_player(tmp_path):
    board = BoardHarness(tmp_path, BIG)
    board.open_game("kaskade", 5)
    board.tap("d4")  # 4 x 4: lost for the first player; level 5 plays second, perfectly
    board.skip_message()
    assert "you (White) against level 5 (perfect)" in board.app.screen.describe(board.now)
