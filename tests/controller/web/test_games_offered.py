"""The page's new-game form is built from ``GET /api/games``: only the games that fit the
board, each option with its allowed values on this board; a refusal names what would fit. A
finished game is in the history as soon as it ends, in words that say who played and who won;
the live game's part of the state says who sits where and who won; a replay's captions carry
no live-game words; the simulator's health says it is the simulator."""

from __future__ import annotations

import json
import time
import urllib.request

from controller.app.history import Match
from controller.app.store import Store
from controller.cli.board import start_web
from controller.cli.doctor import simulator_checks
from controller.faces.face import faces_for
from controller.profile import load_profile
from controller.web.offers import offers, what_fits
from controller.web.results import match_words
from controller.web.server import Serving


def test_only_the_games_that_fit_are_offered_with_their_options(served):
    status, games = served.request("GET", "/api/games")
    assert status == 200
    profile = served.app.profile
    assert [game["name"] for game in games] == [face.name for face in faces_for(profile)]
    assert "colliding-circles" not in [game["name"] for game in games], "too big for 8 x 8"
    kaskade = next(game for game in games if game["name"] == "kaskade")
    assert kaskade["seats"] == ["white", "black"]
    (size,) = kaskade["options"]
    assert (size["kind"], size["min"], size["max"], size["default"]) == \
        ("size", [2, 2], [8, 8], "6x6")
    cascades = next(game for game in games if game["name"] == "cascades")
    names = [option["name"] for option in cascades["options"]]
    assert names == ["size", "shape", "placement", "scoring"]
    top = cascades["options"][0]
    assert top["max"] == max(top["max_by"]["shape"].values())
    for option in cascades["options"][1:]:
        assert option["default"] in option["values"]


def test_every_offered_default_starts_a_game_that_fits(tmp_path):
    from controller.faces.face import face
    from controller.games import get_game

    for profile_name in ("kaskade-8x8", "kaskade-16x16"):
        profile = load_profile(profile_name)
        for game in offers(profile):
            start = get_game(game["name"]).new(
                {option["name"]: option["default"] for option in game["options"]})
            assert face(game["name"]).holds(profile, start), (profile_name, game["name"])
            for option in game["options"]:
                for value in option.get("values", []):
                    get_game(game["name"]).new({option["name"]: value})


def test_a_game_that_does_not_fit_is_refused_naming_what_would(served):
    served.pair()
    status, answer = served.request("POST", "/api/games", {"game": "colliding-circles"})
    assert status == 409
    assert answer["error"] == ("that Colliding Circles game does not fit this board; on this "
                               "board (8x8 pads) these games fit: Kaskade, Cascades and "
                               "Big Balls")
    status, answer = served.request("POST", "/api/games",
                                    {"game": "kaskade", "options": {"size": "9x9"}})
    assert status == 409
    assert "sizes up to 8x8" in answer["error"]
    assert served.app.session is None


def test_a_finished_game_is_in_the_history_as_it_ends_in_words(served):
    served.pair()
    status, answer = served.request("POST", "/api/games",
                                    {"game": "kaskade", "options": {"size": "2x2"}})
    assert status == 201
    served.wait_for(lambda: served.app.session is not None, "the game")
    assert answer["id"] == served.app.session.tags["Id"]
    served.request("POST", "/api/touch", {"pad": "h8"})  # skips "White to move"
    for pad in ("a1", "b2", "a2", "b1", "a1"):
        served.request("POST", "/api/touch", {"pad": pad})
        time.sleep(0.3)
    served.wait_for(lambda: served.app.session.finished, "the end", seconds=10)
    served.wait_for(lambda: served.request("GET", "/api/history")[1], "the history")
    (game,) = served.request("GET", "/api/history")[1]
    assert served.app.session is not None, "no touch needed: the board still shows the result"
    assert game["words"] == "White beat Black (two people)"
    assert game["title"] == "Kaskade"

    state = served.request("GET", "/api/state")[1]
    assert state["game"]["seats"] == {"white": "human", "black": "human"}
    assert state["game"]["winner"] == "white"
    assert state["game"]["ended"]

    time.sleep(3)
    served.request("POST", "/api/touch", {"pad": "h8"})  # skips the result
    served.request("POST", "/api/touch", {"pad": "h8"})  # home
    served.wait_for(lambda: served.app.session is None, "home")
    assert len(served.request("GET", "/api/history")[1]) == 1, "one entry, not two"


def test_a_replay_carries_no_live_game_words(served):
    served.pair()
    served.request("POST", "/api/games", {"game": "kaskade", "options": {"size": "2x2"},
                                          "computer": {"black": 1}})
    served.wait_for(lambda: served.app.session is not None, "the game")
    served.request("POST", "/api/touch", {"pad": "h8"})  # skips "your turn"
    for _ in range(20):
        session = served.app.session
        if session is None or session.finished:
            break
        if session.state.to_move == 0:
            free = next(move for move in session.state.legal_moves())
            served.request("POST", "/api/touch",
                           {"pad": session.state.move_name(free)})
        time.sleep(0.5)
    served.wait_for(lambda: served.request("GET", "/api/history")[1], "the history", 15)
    (game,) = served.request("GET", "/api/history")[1]
    assert game["words"] in ("White (a person) beat Black (level 1)",
                             "Black (level 1) beat White (a person)")
    replay = served.request("GET", f"/api/history/{game['id']}/replay")[1]
    for frame in replay["frames"]:
        words = frame["description"]
        assert "thinking" not in words
        assert "touch" not in words
        assert "you" not in words.split()
    assert "a person (White) against level 1" in replay["frames"][0]["description"]


def test_history_words_say_who_played_and_who_won():
    def match(players: dict[str, str], result: str) -> Match:
        return Match("id", "kaskade", {}, players, "", "", result, "", 0, "")

    assert match_words(match({"white": "human", "black": "computer 2"}, "black")) == \
        "Black (level 2) beat White (a person)"
    assert match_words(match({"white": "computer 1", "black": "computer 3"}, "draw")) == \
        "White (level 1) and Black (level 3) drew"
    assert match_words(match({"red": "human", "black": "human"}, "draw")) == \
        "Red and Black (two people) drew"
    assert match_words(match({"player": "human"}, "player")) == "won alone"
    assert match_words(match({"player": "human"}, "lost")) == "lost alone"


def test_what_fits_names_the_limits_of_each_option():
    small = load_profile("kaskade-8x8")
    assert "these games fit: Kaskade" in what_fits(small, "colliding-circles")
    assert "size up to" in what_fits(small, "cascades")


def test_the_simulators_health_says_it_is_the_simulator(tmp_path):
    profile = load_profile("kaskade-8x8")
    check = simulator_checks(profile)[0]
    assert (check["name"], check["status"]) == ("simulator", "ok")
    store = Store.at(tmp_path, "kaskade-8x8")
    _bridge, server = start_web(profile, store, Serving("127.0.0.1", 0, reading="open"),
                               simulated=True)
    assert server is not None
    try:
        with urllib.request.urlopen(server.address.rstrip("/") + "/api/doctor",
                                    timeout=10) as answer:
            checks = json.loads(answer.read())
    finally:
        server.stop()
    assert ("simulator", "ok") in [(c["name"], c["status"]) for c in checks]
    assert "Raspberry Pi" not in [c["name"] for c in checks]
    assert all(c["status"] != "fail" for c in checks)
