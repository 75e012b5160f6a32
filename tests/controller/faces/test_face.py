"""Each game's face is found from its one registry entry, and imported only when that game is
asked for."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from controller.faces.face import FaceError, face, faces
from controller.faces.kaskade.screen import KaskadeScreen
from controller.games import RegistrationError
from controller.games.registry import GameEntry, entries
from tests.support import take_game

GAMES = ("kaskade", "cascades", "big_balls", "colliding_circles", "cascades_decktet")
NOT_A_FACE = "a module attribute that is not a Face"
"""What a mistaken face target could name."""


def test_the_boards_own_games_are_found_by_name_in_the_registrys_order():
    assert [game.name for game in faces()] == [entry.name for entry in entries()]
    assert face("kaskade").screen is KaskadeScreen
    assert face("Kaskade") is face("kaskade")


@pytest.mark.parametrize("entry", entries(), ids=lambda entry: entry.name)
def test_each_game_is_two_folders_named_by_its_entry(entry):
    """The rules in controller/games/NAME, the face in controller/faces/NAME, side by side."""
    folder = entry.name.replace("-", "_")
    assert entry.rules.startswith(f"controller.games.{folder}:")
    assert entry.face == f"controller.faces.{folder}:FACE"


def test_a_game_from_elsewhere_brings_its_face_in_its_entry(enter_game):
    enter_game(take_game.ENTRY)
    assert face("take") is take_game.FACE
    assert faces()[-1] is take_game.FACE


@pytest.mark.parametrize(("target", "reason"), [
    ("tests.support.no_such_module:FACE", "No module named 'tests.support.no_such_module'"),
    ("tests.support.take_game:BOARD", "has no attribute 'BOARD'"),
    ("tests.controller.faces.test_face:NOT_A_FACE", "is not its Face"),
    ("tests.support.take_game:FACE", "is not its Face"),  # Take's, entered as another game
])
def test_a_face_that_is_not_where_the_entry_says_is_named_in_the_error(enter_game, target,
                                                                       reason):
    enter_game(GameEntry("go", "tests.support.take_game:TakeState", target))
    with pytest.raises(FaceError, match=re.escape(f"the face of go, {target}")) as caught:
        face("go")
    assert reason in str(caught.value)
    assert isinstance(caught.value, LookupError)


def test_an_entry_without_a_face_is_refused_when_it_is_made():
    with pytest.raises(TypeError):
        GameEntry("go", "controller.games.kaskade:KaskadeState")  # type: ignore[call-arg]
    with pytest.raises(RegistrationError, match=re.escape("such as controller.faces.kaskade:FACE")):
        GameEntry("go", "controller.games.kaskade:KaskadeState", "a face")


LOADED = """
import json, sys
GAMES = {games!r}

def faces():
    return sorted(name for name in sys.modules
                  if name.startswith("controller.faces.") and name.split(".")[2] in GAMES)

import controller.app.app, controller.web.server
from controller.faces.face import face
from controller.games import game_names, get_game
game_names(), get_game("cascades")
at_start = faces()
face("big-balls").screen
print(json.dumps([at_start, faces()]))
"""


def test_a_games_face_is_imported_only_when_it_is_asked_for():
    """In a fresh interpreter: the app and the web companion loaded, the games listed and one
    game's rules loaded bring in no game's face; asking for Big Balls' face brings in Big
    Balls' and no other."""
    result = subprocess.run([sys.executable, "-c", LOADED.format(games=GAMES)],
                            capture_output=True, text=True, timeout=120, check=True)
    at_start, after = json.loads(result.stdout)
    assert at_start == []
    assert after == ["controller.faces.big_balls", *(f"controller.faces.big_balls.{part}" for
                                                     part in ("lesson", "picture", "screen",
                                                              "text"))]
