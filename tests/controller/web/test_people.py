"""The web companion's people and scores: names added and forgotten when paired, a new game's
seats naming them (an unknown name refused with the fix), the running score read openly, the
move list of the game in play, and the setting that writes the computer's moves on the LEDs."""

from __future__ import annotations

from controller.app.history import Match
from tests.support.history import add_games


def test_people_are_read_openly_and_added_and_forgotten_when_paired(served):
    assert served.request("GET", "/api/people")[1]["people"] == []
    assert served.request("POST", "/api/people", {"name": "Anna"})[0] == 401
    served.pair()
    assert served.request("POST", "/api/people", {"name": " anna "}) == (201, {"name": "anna"})
    assert served.request("POST", "/api/people", {"name": "Ben"})[0] == 201
    status, answer = served.request("GET", "/api/people")
    assert answer["people"] == ["anna", "Ben"]
    assert "1 to 16 letters" in answer["rule"]
    for body, status, reason in (
            ({"name": "ANNA"}, 409, "'anna' is known already"),
            ({"name": "Anna<script>"}, 400, "is not a name the board can write"),
            ({"name": 3}, 400, "name: a person's name"),
            ({"name": "x" * 100}, 400, "name: a person's name")):
        got, answer = served.request("POST", "/api/people", body)
        assert (got, reason in answer["error"]) == (status, True), answer
    assert served.request("DELETE", "/api/people", {"name": "BEN"}) == (200, {"removed": "Ben"})
    status, answer = served.request("DELETE", "/api/people", {"name": "Ben"})
    assert status == 404
    assert "nobody called 'Ben'" in answer["error"]
    assert served.request("GET", "/api/people")[1]["people"] == ["anna"]


def test_a_new_game_names_its_people_and_shows_its_moves(served):
    served.pair()
    served.request("POST", "/api/people", {"name": "Anna"})
    status, answer = served.request("POST", "/api/games", {
        "game": "kaskade", "options": {"size": "4x4"}, "computer": {"black": 1},
        "people": {"white": "anna"}})
    assert status == 201, answer
    assert answer["seats"] == {"white": "Anna", "black": "computer 1"}
    served.wait_for(lambda: served.request("GET", "/api/state")[1]["screen"] == "KaskadeScreen",
                    "the game")
    assert "Anna (White) against level 1" in served.request("GET", "/api/state")[1][
        "description"]
    served.request("POST", "/api/touch", {"pad": "d4"})  # skips "your turn"
    served.request("POST", "/api/touch", {"pad": "b2"})
    served.wait_for(lambda: len((served.request("GET", "/api/state")[1]["game"] or {}).get(
        "moves", [])) == 2, "the computer's answer")
    game = served.request("GET", "/api/state")[1]["game"]
    assert game["moves"][0] == "b2"
    assert game["movers"] == ["white", "black"]
    assert game["seats"] == {"white": "Anna", "black": "computer 1"}


def test_a_seat_that_names_nobody_known_is_refused_with_the_fix(served):
    served.pair()
    for people, reason in (
            ({"white": "Bob"}, "people: nobody called 'Bob' is known to this board; add them "
                               "first"),
            ({"black": "Bob"}, "people: a map of the seats people play (white)"),
            ({"green": "Bob"}, "people: a map of the seats"),
            (["Bob"], "people: a map of the seats")):
        status, answer = served.request("POST", "/api/games", {
            "game": "kaskade", "options": {"size": "4x4"}, "computer": {"black": 1},
            "people": people})
        assert status == 400, answer
        assert reason in answer["error"]
    assert served.app.session is None


def test_a_name_in_the_latin_letters_of_europes_languages_is_taken(served):
    served.pair()
    for name in ("Émile", "Zoë", "Çelik"):
        assert served.request("POST", "/api/people", {"name": name}) == (201, {"name": name})
    assert served.request("GET", "/api/people")[1]["people"] == ["Çelik", "Émile", "Zoë"]


def test_the_scores_of_games_that_do_not_fit_this_board_carry_their_titles(served):
    """The page's ratings name every game by its title, Colliding Circles too on an 8 x 8
    board it does not fit."""
    served.app.store.history.add(Match("c", "colliding-circles", {}, {"red": "Anna",
                                                                      "black": "computer 1"},
                                       "", "2026-11-21T12:00", "red", "over", 90, ""))
    scores = served.request("GET", "/api/scores")[1]
    assert {r["title"] for r in scores["ratings"]} == {"Colliding Circles"}
    assert scores["head_to_head"][0]["title"] == "Colliding Circles"


def test_the_scores_are_read_openly(served):
    add_games(served.app.store.history, (("Anna", "computer 2", "white"),
                                         ("computer 2", "Anna", "white"),
                                         ("Anna", "computer 2", "white")))
    status, scores = served.request("GET", "/api/scores")
    assert status == 200
    assert [(r["who"], r["wins"], r["losses"]) for r in scores["ratings"]] == [
        ("Anna", 2, 1), ("level 2", 1, 2)]
    assert scores["head_to_head"] == [{"game": "kaskade", "title": "Kaskade", "first": "Anna",
                                       "second": "level 2", "first_wins": 2, "second_wins": 1,
                                       "draws": 0}]
    assert {r["title"] for r in scores["ratings"]} == {"Kaskade"}
    words = [game["words"] for game in served.request("GET", "/api/history")[1]]
    assert "Anna (White) beat Black (level 2)" in words
    assert "White (level 2) beat Anna (Black)" in words


def test_the_computers_moves_on_the_leds_are_a_setting(served):
    assert served.request("GET", "/api/settings")[1]["show_computer_moves"] is False
    served.pair()
    status, settings = served.request("PUT", "/api/settings", {"show_computer_moves": True})
    assert status == 200
    assert settings["show_computer_moves"] is True
    assert served.app.settings.show_computer_moves
    status, answer = served.request("PUT", "/api/settings", {"show_computer_moves": "yes"})
    assert status == 400
    assert "show_computer_moves: true or false" in answer["error"]
