"""The registry: each game entered once, its rules and its face named, found by short name,
loaded when asked for."""

import pytest

from controller.games import RegistrationError, UnknownGameError, game_names, get_game
from controller.games.kaskade import KaskadeState
from controller.games.registry import GameEntry, entries, game_entry, register, unregister

FACE = "controller.faces.kaskade:FACE"
"""A face for the games entered here (only their rules are looked up)."""


def test_kaskade_is_registered():
    assert "kaskade" in game_names()
    assert get_game("kaskade") is KaskadeState
    assert get_game(" Kaskade ") is KaskadeState


def test_an_unknown_name_is_a_lookup_error_that_lists_the_games():
    with pytest.raises(UnknownGameError) as caught:
        get_game("chain-reaction")
    assert isinstance(caught.value, LookupError)
    assert "kaskade" in str(caught.value)


def test_a_registered_game_is_found_by_every_lookup_and_comes_last(enter_game):
    before = entries()
    enter_game(GameEntry("go", "controller.games.kaskade:KaskadeState", FACE))
    assert entries() == (*before, GameEntry("go", "controller.games.kaskade:KaskadeState", FACE))
    assert "go" in game_names()
    assert get_game("Go") is KaskadeState
    assert game_entry(" GO ").rules == "controller.games.kaskade:KaskadeState"


def test_unregistering_takes_a_game_out_and_an_unknown_one_is_refused():
    register(GameEntry("go", "controller.games.kaskade:KaskadeState", FACE))
    unregister("go")
    assert "go" not in game_names()
    with pytest.raises(UnknownGameError):
        get_game("go")
    with pytest.raises(UnknownGameError):
        unregister("go")


def test_the_menu_order_is_the_order_of_entry():
    assert [entry.name for entry in entries()] == [
        "kaskade", "cascades", "big-balls", "colliding-circles", "cascades-decktet"]


def test_a_name_already_taken_is_refused_and_the_first_game_kept():
    with pytest.raises(RegistrationError, match="already a game called 'kaskade'") as caught:
        register(GameEntry("kaskade", "tests.support.take_game:TakeState", FACE))
    assert isinstance(caught.value, ValueError)
    assert get_game("kaskade") is KaskadeState


@pytest.mark.parametrize("name", ["Go", "big balls", "-go", "go-", "", "go_2"])
def test_a_name_that_is_not_lower_case_words_joined_by_hyphens_is_refused(name):
    with pytest.raises(RegistrationError, match="lower-case words joined by hyphens"):
        GameEntry(name, "controller.games.kaskade:KaskadeState", FACE)


@pytest.mark.parametrize(("rules", "face", "part"), [
    ("controller.games.kaskade", FACE, "rules"),
    ("controller.games.kaskade:", FACE, "rules"),
    ("controller/games/kaskade.py:KaskadeState", FACE, "rules"),
    ("controller.games.kaskade:KaskadeState", "tests.support.take_game", "face"),
    ("controller.games.kaskade:KaskadeState", "", "face"),
])
def test_a_target_that_is_not_module_colon_name_is_refused(rules, face, part):
    with pytest.raises(RegistrationError, match=f"go's {part} .*write module:name"):
        GameEntry("go", rules, face)
