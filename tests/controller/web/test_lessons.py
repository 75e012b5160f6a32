"""A lesson started from the web companion on a running board (the mock board, the real loop):
the route, its refusals, the offers that say each game has one, and a step tried by touches
sent from the page."""

from __future__ import annotations

from controller.app.screens.home import HomeScreen
from controller.app.screens.lesson import LessonScreen
from controller.faces.face import lesson


def wait_described(served, words: str) -> None:
    """Wait until the description the page is served holds ``words`` (the page is shown a
    change once the board's loop has drawn it)."""
    served.wait_for(lambda: words in served.request("GET", "/api/state")[1]["description"],
                    words)


def test_every_offered_game_says_how_long_its_lesson_is(served):
    status, games = served.request("GET", "/api/games")
    assert status == 200
    assert {game["name"]: game["lesson"] for game in games} == {
        name: len(lesson(name).steps) for name in ("kaskade", "cascades", "big-balls")}


def test_a_lesson_starts_from_the_page_and_is_played_by_its_touches(served):
    served.pair()
    status, answer = served.request("POST", "/api/games/kaskade/learn")
    assert status == 201
    assert answer == {"game": "kaskade", "steps": 7}
    served.wait_for(lambda: isinstance(served.app.screen, LessonScreen), "the lesson")
    screen = served.app.screen
    wait_described(served, "Learning Kaskade · step 1 of 7: Black is to move.")
    served.request("POST", "/api/touch", {"pad": "h8"})  # skips the step's words
    served.request("POST", "/api/touch", {"pad": "c3"})  # White's ball: refused
    served.wait_for(lambda: screen.wrong, "the wrong touch")
    wait_described(served, "Not that one: touch the empty cell b2.")
    served.request("POST", "/api/touch", {"pad": "b2"})
    served.wait_for(lambda: screen.tutor.done, "the step's move")
    served.request("POST", "/api/button", {"button": "menu"})
    served.wait_for(lambda: isinstance(served.app.screen, HomeScreen), "home")
    assert served.app.session is None, "a lesson leaves no game"


def test_a_lesson_leaves_the_game_in_play_waiting(served):
    served.pair()
    served.request("POST", "/api/games", {"game": "kaskade", "options": {"size": "3x3"}})
    served.wait_for(lambda: served.app.session is not None, "the game")
    game = served.app.session
    assert served.request("POST", "/api/games/big-balls/learn")[0] == 201
    served.wait_for(lambda: isinstance(served.app.screen, LessonScreen), "the lesson")
    assert served.app.session is game
    assert served.app.waiting_games() == {"kaskade"}


def test_a_lesson_needs_pairing_and_a_game_that_is_there_and_fits(served):
    status, answer = served.request("POST", "/api/games/kaskade/learn")
    assert status == 401
    served.pair()
    status, answer = served.request("POST", "/api/games/chess/learn")
    assert status == 404
    assert "no game is called 'chess'" in answer["error"]
    status, answer = served.request("POST", "/api/games/" + "x" * 3000 + "/learn")
    assert status == 404
    assert len(answer["error"]) < 200, "a long name is not said back whole"
    status, answer = served.request("POST", "/api/games/colliding-circles/learn")
    assert status == 409
    assert "these games fit: Kaskade, Cascades and Big Balls" in answer["error"]
    assert isinstance(served.app.screen, HomeScreen), "nothing changed"


def test_during_a_lesson_the_page_shows_the_lessons_moves_not_the_games_set_aside(served):
    served.pair()
    served.request("POST", "/api/games", {"game": "kaskade", "options": {"size": "3x3"}})
    served.wait_for(lambda: served.app.session is not None, "the game")
    served.request("POST", "/api/touch", {"pad": "h8"})  # skips "White to move"
    served.request("POST", "/api/touch", {"pad": "a1"})
    served.wait_for(lambda: served.request("GET", "/api/state")[1]["game"]["moves"] == ["a1"],
                    "the game's move on the page")
    assert served.request("POST", "/api/games/kaskade/learn")[0] == 201
    served.wait_for(lambda: isinstance(served.app.screen, LessonScreen), "the lesson")
    wait_described(served, "Learning Kaskade · step 1 of 7")
    game = served.request("GET", "/api/state")[1]["game"]
    assert game["lesson"] is True
    assert game["moves"] == [], "the lesson's step has no moves yet"
    served.request("POST", "/api/touch", {"pad": "h8"})  # skips the step's words
    served.request("POST", "/api/touch", {"pad": "b2"})
    served.wait_for(lambda: served.request("GET", "/api/state")[1]["game"]["moves"] == ["b2"],
                    "the lesson's move on the page")
