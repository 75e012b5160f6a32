"""docs/game-interface.md's "Adding a game", tried: Take (tests/support/take_game.py), a tiny
game written as the page says — its rules and its face — and added by its one entry in the
registry, no module patched, passes the conformance suite, gets a home tile, is played by touch
to the end and into the history, continues after a power cut, is offered and started by the web
API, is explained by the terminal's help, is taught by its lesson on the board and in the
terminal, and plays against the computer and over GTP — nothing else in the product changed for
it."""

from __future__ import annotations

import io
from datetime import datetime

import pytest

import tests.controller.games.test_conformance as conformance
from controller.ai.gtp import GtpEngine
from controller.app.screens.lesson import LessonScreen
from controller.app.session import Session
from controller.cli.learn import TerminalLesson
from controller.cli.terminal_game import Console, TerminalGame
from controller.faces.face import lesson
from controller.games.algebraic import cell_name
from controller.games.lesson import Tutor
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


def test_holding_the_tile_of_take_teaches_its_lesson(take, tmp_path):
    board = BoardHarness(tmp_path)
    home = board.app.screen
    tile = home.layout.tiles[home.games.index("take")]
    board.tap(cell_name(tile.column, tile.row), hold=2.5)
    assert board.screen == "LessonScreen"
    screen = board.app.screen
    assert isinstance(screen, LessonScreen)
    assert screen.tutor.lesson is take_game.LESSON
    board.tap("a5")  # skips the step's words
    board.tap(cell_name(screen.game.state.left - 1, 0))
    assert screen.tutor.done, "taking one light leaves three: the step's move"


def test_take_is_offered_and_started_by_the_web_api(take, served):
    status, games = served.request("GET", "/api/games")
    assert status == 200
    (offered,) = [game for game in games if game["name"] == "take"]
    assert offered["options"] == [{"name": "lights", "min": 3, "max": 8, "default": "8"}]
    assert offered["how_to_play"]["goal"] == take_game.HOW_TO_PLAY.goal
    assert offered["lesson"] == 1
    served.pair()
    status, answer = served.request("POST", "/api/games",
                                    {"game": "take", "options": {"lights": "5"}})
    assert status in (200, 201), answer
    served.wait_for(lambda: served.app.session is not None and
                    served.app.session.state.info.name == "take", "Take on the board")
    assert served.app.session.state.lights == 5


def test_the_terminal_explains_take_and_teaches_its_lesson(take, tmp_path):
    written: list[str] = []
    lines = iter(["help", "quit"])
    game = TerminalGame(Session.new(take_game.TakeState.new(), datetime(2026, 1, 1), None),
                        Console(write=written.append, read=lambda prompt: next(lines)))
    assert game.run() == 0
    help_text = "\n".join(written)
    assert take_game.HOW_TO_PLAY.goal in help_text
    assert take_game.HOW_TO_PLAY.moves in help_text
    written.clear()
    lines = iter(["2", "1", ""])
    assert TerminalLesson(Tutor(lesson("take")), Console(
        write=written.append, read=lambda prompt: next(lines))).run() == 0
    said = "\n".join(written)
    assert take_game.LESSON.steps[0].wrong in said, "taking two is not the step's move"
    assert take_game.LESSON.steps[0].done in said
    assert "That was the Take lesson" in said
