"""docs/game-interface.md's "Adding a game", tried: Take (tests/support/take_game.py), a tiny
game written as the page says and added by its one entry in the registry, no module patched,
passes the conformance suite, gets a home tile, is played by touch to the end and into the
history, continues after a power cut, plays against the computer and over GTP — nothing else in
the product changed for it."""

from __future__ import annotations

import io

import pytest

import tests.controller.games.test_conformance as conformance
from controller.ai.gtp import GtpEngine
from controller.games.algebraic import cell_name
from tests.support import take_game
from tests.support.board import BoardHarness

CONFORMANCE = [name for name in dir(conformance) if name.startswith("test_")]


@pytest.fixture
def take(enter_game):
    """Take registered, as the page's step 3 says: one entry, nothing else changed."""
    enter_game(take_game.ENTRY)


@pytest.mark.parametrize("check", CONFORMANCE)
def test_the_rules_pass_the_conformance_suite(take, check):
    function = getattr(conformance, check)
    arguments = function.__code__.co_varnames[:function.__code__.co_argcount]
    function(*[{"name": "take", "seed": 3}[argument] for argument in arguments])


def take_lights(board: BoardHarness, count: int) -> None:
    """Tap the light that takes ``count`` lights."""
    screen = board.app.screen
    board.tap(cell_name(screen.state.left - count, 0))


def test_take_is_played_by_touch_into_the_history(take, tmp_path):
    board = BoardHarness(tmp_path)
    assert board.app.screen.games[-1] == "take", "a tile on the home menu"
    board.open_game("take")
    assert board.screen == "TakeScreen"
    state = board.app.screen.state
    assert state.lights == 8, "the longest row the board holds"
    assert max(board.pad_colours("h1")) > max(board.pad_colours("f1")), \
        "the lights the player may take are bright"
    board.tap("a1")
    assert state.left == 8, "a light that cannot be taken is refused"
    assert board.sounds[-1].value == "illegal"
    for count in (2, 1, 2, 1, 2):
        take_lights(board, count)
    assert state.outcome().winner == 0, "White took the last light"
    board.wait(1.0)
    assert board.app.announcer.text == "White wins"
    board.tap("a5")   # skips the words
    board.tap("a5")   # home
    assert board.screen == "HomeScreen"
    (match,) = board.store.history.matches()
    assert match.game == "take"
    assert match.result == "white"


def test_take_continues_after_a_power_cut(take, tmp_path):
    board = BoardHarness(tmp_path)
    board.open_game("take")
    take_lights(board, 2)
    restarted = BoardHarness(tmp_path)
    assert restarted.screen == "TakeScreen"
    assert restarted.app.screen.state.position() == "6/8 b 1"


def test_the_computer_plays_take_with_the_general_search(take, tmp_path):
    board = BoardHarness(tmp_path)
    board.open_game("take", level=5)
    state = board.app.screen.state
    while not board.app.session.finished:
        if state.to_move == 0:
            take_lights(board, 1)
        board.wait(1.5)
    assert state.outcome().winner == 1, "from 8 lights the second player wins by keeping a " \
        "multiple of three, and the search finds it"


def test_gtp_serves_take(take):
    out = io.StringIO()
    GtpEngine("take", level=1, seconds=0.05).run(["play white 2", "genmove black",
                                                   "kaskade-result"], out)
    answers = out.getvalue().strip().split("\n\n")
    assert answers[0] == "="
    assert answers[1] in ("= 1", "= 2")
    assert answers[2] == "= ?"


def test_holding_the_tile_of_a_game_without_a_lesson_says_so(take, tmp_path):
    board = BoardHarness(tmp_path)
    board.tap("a8", hold=2.5)  # Kaskade's tile: its lesson
    assert board.screen == "LessonScreen"
    board.press("menu")
    home = board.app.screen
    tile = home.layout.tiles[home.games.index("take")]
    board.tap(cell_name(tile.column, tile.row), hold=2.5)
    assert board.screen == "HomeScreen"
    assert board.app.announcer.text == "Take: no lesson"
    assert board.sounds[-1].value == "illegal"
