"""The board side of each game is found from its one registry entry, and imported only when
that game is asked for."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from controller.app.games import BoardSideError, front, fronts
from controller.app.screens.kaskade import KaskadeScreen
from controller.games.registry import GameEntry, entries
from tests.support import take_game

GAMES = ("kaskade", "cascades", "big_balls", "colliding_circles", "cascades_decktet")
NOT_A_FRONT = "a module attribute that is not a Front"
"""What a mistaken board target could name."""


def test_the_boards_own_games_are_found_by_name_in_the_registrys_order():
    assert [game.name for game in fronts()] == [entry.name for entry in entries()]
    assert front("kaskade").screen is KaskadeScreen
    assert front("Kaskade") is front("kaskade")


def test_a_game_from_elsewhere_brings_its_board_side_in_its_entry(enter_game):
    enter_game(take_game.ENTRY)
    assert front("take") is take_game.FRONT
    assert fronts()[-1] is take_game.FRONT


@pytest.mark.parametrize(("board", "reason"), [
    ("tests.support.no_such_module:FRONT", "No module named 'tests.support.no_such_module'"),
    ("tests.support.take_game:BOARD", "has no attribute 'BOARD'"),
    ("tests.controller.app.test_games:NOT_A_FRONT", "is not its Front"),
    ("tests.support.take_game:FRONT", "is not its Front"),  # Take's, entered as another game
])
def test_a_board_side_that_is_not_where_the_entry_says_is_named_in_the_error(enter_game, board,
                                                                             reason):
    enter_game(GameEntry("go", "tests.support.take_game:TakeState", board))
    with pytest.raises(BoardSideError, match=re.escape(f"the board side of go, {board}")) as caught:
        front("go")
    assert reason in str(caught.value)
    assert isinstance(caught.value, LookupError)


def test_a_game_without_a_board_side_of_its_own_is_refused_by_name(enter_game):
    enter_game(GameEntry("go", "controller.games.kaskade:KaskadeState"))
    with pytest.raises(BoardSideError, match=re.escape("controller.app.screens.go:FRONT")):
        front("go")


LOADED = """
import json, sys
GAMES = {games!r}

def board_sides():
    return sorted(name for name in sys.modules
                  if name.rpartition(".")[0] in ("controller.app.screens", "controller.render")
                  and name.rpartition(".")[2] in GAMES)

import controller.app.app, controller.web.server
from controller.app.games import front
from controller.games import game_names, get_game
game_names(), get_game("cascades")
at_start = board_sides()
front("big-balls").screen
print(json.dumps([at_start, board_sides()]))
"""


def test_a_games_screen_and_picture_are_imported_only_when_it_is_asked_for():
    """In a fresh interpreter: the app and the web companion loaded, the games listed and one
    game's rules loaded bring in no game's screen or picture; asking for Big Balls' board side
    brings in Big Balls' and no other."""
    result = subprocess.run([sys.executable, "-c", LOADED.format(games=GAMES)],
                            capture_output=True, text=True, timeout=120, check=True)
    at_start, after = json.loads(result.stdout)
    assert at_start == []
    assert after == ["controller.app.screens.big_balls", "controller.render.big_balls"]
