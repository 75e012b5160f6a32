"""The web companion's JSON API against a running board app (the mock board, the real loop):
every route, the refusals without pairing, and bad input that changes nothing."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

from controller.app.pairing import AttemptLimit
from controller.profile import load_profile
from controller.web.bridge import Bridge
from controller.web.server import WebError, WebServer, parse_address


class FakeClock:
    """A clock the test moves on."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_state_is_open_to_read(served):
    status, state = served.request("GET", "/api/state")
    assert status == 200
    assert state["screen"] == "HomeScreen"
    assert state["description"].startswith("Home · 3 games")
    assert state["board"]["led_width"] == 16
    assert len(state["leds"]) == 256
    assert all(len(colour) == 6 for colour in state["leds"])
    assert state["game"] is None


def test_the_page_is_served(served):
    with urllib.request.urlopen(served.server.address, timeout=10) as answer:
        page = answer.read().decode()
    assert "<canvas" in page
    assert served.request("GET", "/page/nothing.js")[0] == 404


@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/api/touch", {"pad": "a1"}),
    ("POST", "/api/button", {"button": "menu"}),
    ("PUT", "/api/settings", {"sound": False}),
    ("POST", "/api/games", {"game": "kaskade"}),
    ("DELETE", "/api/pair", None),
])
def test_changing_anything_needs_pairing(served, method, path, body):
    before = served.request("GET", "/api/state")[1]
    status, answer = served.request(method, path, body)
    assert status == 401
    assert "not paired" in answer["error"]
    status, answer = served.request(method, path, body, token="stale-or-made-up")
    assert status == 403
    time.sleep(0.2)
    after = served.request("GET", "/api/state")[1]
    assert (after["screen"], after["game"]) == (before["screen"], before["game"])
    assert served.app.settings.sound is True


def test_pairing_shows_a_code_on_the_leds_and_allows_three_guesses_a_device(served):
    clock = FakeClock()
    served.server.api.attempts = AttemptLimit(clock)
    digits = served.touch_pairing_pad()
    assert served.app.announcer.text == f"pair: type {digits} on the phone - {digits} - {digits}"
    wrong = "0000" if digits != "0000" else "1111"
    status, answer = served.request("POST", "/api/pair", {"code": wrong})
    assert status == 403
    assert "2 guesses left" in answer["error"]
    for _ in range(2):
        clock.now += 60  # past the delay after each wrong guess
        served.request("POST", "/api/pair", {"code": wrong})
    clock.now += 60
    status, answer = served.request("POST", "/api/pair", {"code": digits})
    assert status == 403, "no guesses left: the right code no longer counts"
    clock.now += 60
    token = served.pair()
    assert served.request("DELETE", "/api/pair", token=token)[0] == 200
    assert served.request("POST", "/api/button", {"button": "menu"}, token=token)[0] == 403


def test_a_paired_device_starts_a_game_and_plays_it_by_touch(served):
    served.pair()
    status, answer = served.request("POST", "/api/games",
                                    {"game": "kaskade", "options": {"size": "4x4"},
                                     "computer": {"black": 1}})
    assert status == 201, answer
    assert answer["seats"] == {"white": "human", "black": "computer 1"}
    served.wait_for(lambda: served.request("GET", "/api/state")[1]["screen"] == "KaskadeScreen",
                    "the game")
    served.request("POST", "/api/touch", {"pad": "d4"})  # skips "your turn"
    assert served.request("POST", "/api/touch", {"pad": "b2"}) == \
        (200, {"pad": "b2", "action": "tap"})
    served.wait_for(lambda: (served.request("GET", "/api/state")[1]["game"] or {}).get(
        "moves", [])[:1] == ["b2"], "the move")
    served.wait_for(lambda: len(served.app.session.moves) == 2, "the computer's answer")
    assert served.request("POST", "/api/button", {"button": "undo"})[0] == 200
    served.wait_for(lambda: served.app.session.moves == [], "the undo")


@pytest.mark.parametrize(("body", "reason"), [
    ({"pad": "z9"}, "a pad of this board, a1 to h8"),
    ({"pad": 64}, "a pad of this board"),
    ({"pad": True}, "a pad of this board"),
    ({"pad": "a1", "action": "wiggle"}, "action: tap, down or up"),
])
def test_bad_touches_are_refused_with_the_reason(served, body, reason):
    served.pair()
    status, answer = served.request("POST", "/api/touch", body)
    assert status == 400
    assert reason in answer["error"]


@pytest.mark.parametrize(("raw", "status", "reason"), [
    (b"{not json", 400, "not JSON"),
    (b"[1, 2]", 400, "JSON object"),
    (b"\xff\xfe", 400, "not JSON"),
    (b"[" * 100_000, 413, ""),
])
def test_a_body_that_is_not_a_small_json_object_is_refused(served, raw, status, reason):
    served.pair()
    got, answer = served.request("POST", "/api/touch", raw=raw)
    assert got == status
    assert reason in answer["error"]


def test_settings_are_read_openly_and_changed_when_paired(served):
    status, settings = served.request("GET", "/api/settings")
    assert status == 200
    assert settings["language"] == "en"
    served.pair()
    status, settings = served.request("PUT", "/api/settings",
                                      {"brightness": 0.5, "language": "de", "sleep_minutes": 3})
    assert status == 200
    assert (settings["brightness"], settings["language"]) == (0.5, "de")
    assert served.app.announcer.sleep_after == 180
    saved = json.loads(served.app.store.settings.path.read_text())
    assert saved["language"] == "de"
    for bad, reason in (({"brightness": 2}, "brightness: a number"),
                        ({"volume": 3}, "no setting 'volume'"),
                        ({"language": "fr"}, "language: one of en, de"),
                        ({"sound": "yes"}, "sound: true or false")):
        status, answer = served.request("PUT", "/api/settings", bad)
        assert status == 400
        assert reason in answer["error"]
    assert served.app.settings.brightness == 0.5, "nothing changed by a refused request"


def test_the_boards_name_is_a_setting_of_the_page(served):
    """The name Home Assistant lists the board by: read with the settings, set with them,
    kept with the board's id (not in the settings), a bad one refused and nothing changed."""
    assert served.request("GET", "/api/settings")[1]["name"] == "Kaskade Board"
    served.pair()
    status, settings = served.request("PUT", "/api/settings", {"name": " Kitchen ",
                                                               "sound": False})
    assert status == 200
    assert settings["name"] == "Kitchen"
    assert served.app.identity.name == "Kitchen"
    assert json.loads((served.app.store.directory / "board.json").read_text())["name"] == \
        "Kitchen"
    status, answer = served.request("PUT", "/api/settings", {"name": "", "sound": True})
    assert status == 400
    assert "name: the board's name: 1-32 printable characters" in answer["error"]
    assert served.app.identity.name == "Kitchen"
    assert served.app.settings.sound is False


def test_a_game_that_does_not_exist_or_fit_is_refused(served):
    served.pair()
    assert served.request("POST", "/api/games", {"game": "chess"})[0] == 400
    status, answer = served.request("POST", "/api/games",
                                    {"game": "kaskade", "options": {"size": "12x12"}})
    assert status == 409
    assert "does not fit" in answer["error"]
    status, answer = served.request("POST", "/api/games",
                                    {"game": "kaskade", "computer": {"green": 2}})
    assert status == 400
    assert served.app.session is None


def test_the_history_lists_finished_games_and_serves_their_records(served):
    served.pair()
    served.request("POST", "/api/games", {"game": "kaskade", "options": {"size": "2x2"}})
    served.wait_for(lambda: served.app.session is not None, "the game")
    served.request("POST", "/api/touch", {"pad": "h8"})  # skips "White to move"
    for number, pad in enumerate(("a1", "b2", "a2", "b1", "a1"), 1):
        served.request("POST", "/api/touch", {"pad": pad})
        served.wait_for(lambda n=number: len(served.app.session.moves) == n, f"move {number}")
    served.wait_for(lambda: served.app.session.finished, "the end")
    served.wait_for(lambda: served.app.announcer.text == "White wins", "the result's words")
    served.request("POST", "/api/touch", {"pad": "h8"})  # skips the result
    served.request("POST", "/api/touch", {"pad": "h8"})  # home: into the history
    served.wait_for(lambda: served.request("GET", "/api/history")[1], "the history")
    (game,) = served.request("GET", "/api/history")[1]
    assert (game["game"], game["result"]) == ("kaskade", "white")
    status, record = served.request("GET", f"/api/history/{game['id'][:8]}/record")
    assert status == 200
    assert "1. a1 b2" in record
    assert served.request("GET", "/api/history/ffffffff/record")[0] == 404
    status, replay = served.request("GET", f"/api/history/{game['id']}/replay")
    assert status == 200
    assert (replay["game"], replay["plies"]) == ("kaskade", 5)
    assert [frame["move"] for frame in replay["frames"]] == [None, "a1", "b2", "a2", "b1", "a1"]
    assert replay["frames"][0]["description"].startswith("Kaskade 2x2 · two people · White to")
    assert "White wins" in replay["frames"][-1]["description"]
    assert all(len(frame["leds"]) == 256 for frame in replay["frames"])
    assert replay["frames"][1]["leds"] != replay["frames"][0]["leds"]
    assert served.request("GET", "/api/history/ffffffff/replay")[0] == 404
    assert served.request("GET", "/api/history?limit=x")[0] == 400


def test_the_stream_sends_each_change(served):
    stream = urllib.request.urlopen(served.server.address + "api/stream", timeout=10)
    try:
        first = _event(stream)
        assert first["screen"] == "HomeScreen"
        served.pair()
        served.request("POST", "/api/touch", {"pad": "e1"})  # brightness: the LEDs change
        later = _event(stream)
        assert later["version"] > first["version"]
    finally:
        stream.close()


def _event(stream) -> dict[str, Any]:
    lines = []
    while True:
        line = stream.readline().decode().rstrip("\n")
        if line.startswith("data: "):
            lines.append(line[6:])
        elif not line and lines:
            return json.loads("".join(lines))


def test_addresses_are_read_and_a_taken_port_is_a_clear_error(served, tmp_path):
    assert parse_address("8765") == ("127.0.0.1", 8765)
    assert parse_address("0.0.0.0:80") == ("0.0.0.0", 80)
    assert parse_address("[::1]:9000") == ("::1", 9000)
    with pytest.raises(WebError, match="give a port"):
        parse_address("localhost:http")
    profile = load_profile("kaskade-8x8")
    taken = WebServer(Bridge(), profile, tmp_path, served.app.store.history,
                      port=served.server.port)
    with pytest.raises(WebError, match=r"cannot listen on 127\.0\.0\.1"):
        taken.start()


def test_a_game_is_resigned_hinted_and_a_waiting_one_continued(served):
    served.pair()
    assert served.request("POST", "/api/game/resign")[0] == 409, "no game yet"
    served.request("POST", "/api/games", {"game": "kaskade", "options": {"size": "3x3"}})
    served.wait_for(lambda: served.app.session is not None, "the game")
    status, answer = served.request("POST", "/api/game/hint")
    assert status == 200
    assert answer == {"hint": "thinking"}
    served.request("POST", "/api/games", {"game": "cascades", "options": {"size": "3"}})
    served.wait_for(lambda: served.app.session.state.info.name == "cascades", "the second game")
    assert "kaskade" in served.app.parked.names, "the first game waits"
    status, answer = served.request("POST", "/api/games/kaskade/continue")
    assert status == 200
    assert answer["screen"] == "KaskadeScreen"
    assert served.request("POST", "/api/games/big-balls/continue")[0] == 409
    status, answer = served.request("POST", "/api/game/resign")
    assert status == 200
    assert answer == {"termination": "White resigned"}
    assert served.request("POST", "/api/game/resign")[0] == 409, "already over"


def test_an_uploaded_record_goes_on_on_the_board(served):
    served.pair()
    record = '[Game "kaskade"]\n[Size "4x4"]\n[Id "up1"]\n[White "human"]\n\n1. a1 b2 2. a2\n'
    status, answer = served.request("POST", "/api/records", {"record": record})
    assert status == 201, answer
    assert (answer["game"], answer["moves"]) == ("kaskade", 3)
    served.wait_for(lambda: served.app.session is not None and
                    served.app.session.moves == ["a1", "b2", "a2"], "the game on the board")
    assert served.app.store.autosave.path.exists(), "saved at once"
    for bad, reason in (({"record": "not a record"}, "record:"),
                        ({"record": '[Game "kaskade"]\n[Size "4x4"]\n\na1 a1\n'}, "illegal"),
                        ({"record": 5}, "record: the text")):
        status, answer = served.request("POST", "/api/records", bad)
        assert status == 400
        assert reason in answer["error"]
    status, answer = served.request("POST", "/api/records",
                                    {"record": '[Game "kaskade"]\n[Size "12x12"]\n[Id "x"]\n\na1'})
    assert status == 409
    assert served.app.session.moves == ["a1", "b2", "a2"], "the refused ones changed nothing"


def test_the_doctor_is_there_only_where_the_runner_can_check_the_machine(served):
    status, answer = served.request("GET", "/api/doctor")
    assert status == 404
    assert "cannot be checked" in answer["error"]


def test_health_says_what_the_board_runs(served):
    status, health = served.request("GET", "/api/health")
    assert status == 200
    assert health["touches"] == "connected"
    assert health["firmware"]["board"] is None
    assert health["firmware"]["bundled"]


def test_holding_the_sound_pad_on_the_board_forgets_every_paired_device(served):
    token = served.pair()
    assert served.request("POST", "/api/button", {"button": "menu"}, token=token)[0] == 200
    served.request("POST", "/api/touch", {"pad": "h1", "action": "down"})
    served.wait_for(lambda: served.app.announcer.text == "keep holding: forget paired phones",
                    "the warning to keep holding")
    served.wait_for(lambda: served.app.announcer.text == "1 paired devices forgotten",
                    "the devices forgotten")
    assert served.request("POST", "/api/touch", {"pad": "h1", "action": "up"})[0] == 403
    assert served.app.settings.sound is True, "the long hold did not switch the sound"
    assert json.loads((served.app.store.directory / "paired.json").read_text()) == {}
