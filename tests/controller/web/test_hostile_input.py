"""Every route of the web companion against hostile input, on loopback: each gets the 4xx it
should with a JSON reason — never a 500, never a traceback in the log — and the board still
answers after. Replays are drawn once and kept, and only a few at a time."""

from __future__ import annotations

import http.client
import json
import logging
import threading
from datetime import datetime

import pytest

from controller.app.session import Session
from controller.games.kaskade import KaskadeState
from controller.web import api as api_module

DEEP = "[" * 100_000
HUGE = "9" * 4301
"""Past Python's limit of 4,300 digits for turning text into a number."""


def send(served, method: str, path: str, body: bytes | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, object]:
    connection = http.client.HTTPConnection("127.0.0.1", served.server.port, timeout=20)
    try:
        all_headers = {"Content-Type": "application/json"}
        if served.token:
            all_headers["Authorization"] = f"Bearer {served.token}"
        connection.request(method, path, body, {**all_headers, **(headers or {})})
        answer = connection.getresponse()
        text = answer.read().decode(errors="replace")
        try:
            return answer.status, json.loads(text)
        except ValueError:
            return answer.status, text
    finally:
        connection.close()


HOSTILE = [
    ("GET", "/api/history?limit=" + HUGE, None, 400),
    ("GET", "/api/history?limit=-5", None, 400),
    ("GET", "/api/history?limit=%D9%A3", None, 400),
    ("GET", "/api/history/" + "x" * 5000 + "/record", None, 404),
    ("GET", "/api/history/%00%ff/record", None, 404),
    ("GET", "/api/history/x/replay", None, 404),
    ("GET", "/api/history/x/replay/" + HUGE, None, 400),
    ("GET", "/api/history/x/replay/%D9%A3", None, 400),
    ("GET", "/api/history/x/replay/-1", None, 400),
    ("GET", "/page/..%2f..%2fetc%2fpasswd", None, 404),
    ("GET", "/api/nothing", None, 404),
    ("POST", "/api/games", {"game": "kaskade", "options": {"size": HUGE}}, 400),
    ("POST", "/api/games", {"game": "kaskade", "options": {"size": HUGE + "x9"}}, 400),
    ("POST", "/api/games", {"game": "cascades", "options": {"size": HUGE}}, 400),
    ("POST", "/api/games", {"game": "kaskade", "options": {"size": "9" * 30 + "x9"}}, 400),
    ("POST", "/api/games", {"game": "kaskade", "options": {str(i): "1" for i in range(500)}},
     400),
    ("POST", "/api/games", {"game": "kaskade", "options": {"size": 6}}, 400),
    ("POST", "/api/games", {"game": ["kaskade"]}, 400),
    ("POST", "/api/games", {"game": "kaskade", "computer": {"black": 10 ** 30}}, 400),
    ("POST", "/api/games/" + "x" * 3000 + "/continue", None, 409),
    ("POST", "/api/touch", {"pad": 10 ** 30}, 400),
    ("POST", "/api/touch", {"pad": "a" + HUGE}, 400),
    ("POST", "/api/touch", {"pad": {"x": 1}}, 400),
    ("POST", "/api/touch", b'{"pad": ' + HUGE.encode() * 2 + b"}", 400),
    ("POST", "/api/touch", DEEP.encode()[:15000], 400),
    ("POST", "/api/button", {"button": None}, 400),
    ("POST", "/api/button", b"\xff\xfe\x00", 400),
    ("PUT", "/api/settings", b'{"brightness": NaN}', 400),
    ("PUT", "/api/settings", b'{"sleep_minutes": Infinity}', 400),
    ("PUT", "/api/settings", {"language": "x" * 5000}, 400),
    ("PUT", "/api/settings", {"reading": ["open"]}, 400),
    ("POST", "/api/records", {"record": 5}, 400),
    ("POST", "/api/records", b"x" * 70_000, 413),
    ("POST", "/api/pair", {"code": 1234}, 400),
    ("POST", "/api/pair", {"code": "1", "name": {"n": 1}}, 400),
    ("DELETE", "/api/pair", b"[]", 200),
    ("PUT", "/api/touch", {"pad": "a1"}, 405),
]


@pytest.mark.parametrize(("method", "path", "body", "status"), HOSTILE,
                         ids=[f"{m} {p[:40]} {str(b)[:30]}" for m, p, b, _ in HOSTILE])
def test_hostile_input_gets_the_4xx_it_should(served, caplog, method, path, body, status):
    served.pair()
    raw = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    with caplog.at_level(logging.ERROR):
        got, answer = send(served, method, path, raw)
    assert got == status, answer
    if status >= 400:
        assert isinstance(answer, dict), answer
        assert answer["error"], answer
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "no traceback"
    assert send(served, "GET", "/api/state")[0] == 200, "the board still answers"


def test_an_oversized_request_head_is_refused_and_the_board_answers(served):
    status, _ = send(served, "GET", "/api/state", headers={"X-Big": "x" * 20_000})
    assert 400 <= status < 500
    status, _ = send(served, "GET", "/api/state?" + "a=1&" * 3000)
    assert 400 <= status < 500
    assert send(served, "GET", "/api/state")[0] == 200


def _finished_game(served) -> str:
    """A finished 2x2 Kaskade game put straight into the history; its id."""
    start = KaskadeState(2, 2)
    session = Session.new(start, datetime(2026, 1, 1), served.app.store.autosave)
    for move in ("a1", "b2", "a2", "b1", "a1"):
        session.play(session.state.parse_move(move))
    assert session.finished
    served.app.store.history.add(session.match(datetime(2026, 1, 1, 0, 5)))
    return session.tags["Id"]


def test_replays_are_drawn_once_and_kept(served, monkeypatch):
    game = _finished_game(served)
    drawn = []
    real = api_module.move_animation

    def counted(*args):
        drawn.append(args[2])
        return real(*args)

    monkeypatch.setattr(api_module, "move_animation", counted)
    answers = [send(served, "GET", f"/api/history/{game}/replay/5") for _ in range(8)]
    assert all(status == 200 for status, _ in answers)
    assert all(answer == answers[0][1] for _, answer in answers)
    assert drawn == [5], "drawn once, then kept"
    assert send(served, "GET", f"/api/history/{game}/replay/6")[0] == 404


def test_only_a_few_replays_are_drawn_at_once_the_rest_asked_to_wait(served, monkeypatch):
    game = _finished_game(served)
    release, started = threading.Event(), threading.Semaphore(0)

    def slow(profile, record, ply):
        started.release()
        assert release.wait(20)
        return {"ply": ply, "frames": []}

    monkeypatch.setattr(api_module, "move_animation", slow)
    results: dict[int, tuple[int, object]] = {}
    threads = [threading.Thread(target=lambda ply=ply: results.__setitem__(
        ply, send(served, "GET", f"/api/history/{game}/replay/{ply}"))) for ply in (1, 2)]
    for thread in threads:
        thread.start()
    for _ in threads:
        assert started.acquire(timeout=20), "two replays being drawn"
    connection = http.client.HTTPConnection("127.0.0.1", served.server.port, timeout=20)
    connection.request("GET", f"/api/history/{game}/replay/3")
    answer = connection.getresponse()
    assert answer.status == 429
    assert int(answer.getheader("Retry-After")) >= 1
    assert "busy drawing other replays" in json.loads(answer.read())["error"]
    connection.close()
    release.set()
    for thread in threads:
        thread.join(20)
    assert results[1][0] == results[2][0] == 200
    assert send(served, "GET", f"/api/history/{game}/replay/3")[0] == 200, "then it is drawn"
