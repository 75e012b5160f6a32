"""A hostile home network against the web companion, on loopback: the pairing code never
reaches a device that is not paired, only a touch at the board (or a paired device) asks for
one, a device's guesses are spaced out, play goes on under the code, reading can be for
paired devices only, and the Host, Origin and content-type rules hold with the page's security
headers."""

from __future__ import annotations

import http.client
import json
import time
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from controller.bench.stream import StreamReader
from controller.web.api import COVERED, HOW_TO_PAIR

PAGE = Path(__file__).resolve().parents[3] / "controller" / "web" / "page"


def raw_request(served, method: str, path: str, headers: dict[str, str],
                body: bytes | None = None) -> tuple[int, dict[str, str], Any]:
    """A request with exactly ``headers`` (``Host`` included, when given)."""
    connection = http.client.HTTPConnection("127.0.0.1", served.server.port, timeout=10)
    try:
        connection.putrequest(method, path, skip_host="Host" in headers,
                              skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        answer = connection.getresponse()
        text = answer.read().decode()
        try:
            payload: Any = json.loads(text)
        except ValueError:
            payload = text
        return answer.status, dict(answer.getheaders()), payload
    finally:
        connection.close()


class Stream:
    """An unpaired (or paired) page following ``/api/stream``: every event it was sent."""

    def __init__(self, served, token: str | None = None) -> None:
        query = f"?token={token}" if token else ""
        self.events: list[dict[str, Any]] = []
        self.reader = StreamReader(served.server.address, f"api/stream{query}",
                                   self.events.append)

    def seen(self) -> list[dict[str, Any]]:
        with self.reader.changed:
            return list(self.events)

    def close(self) -> None:
        self.reader.close()


# -- the code never reaches anyone unpaired ------------------------------------------------------


def test_the_code_on_the_leds_never_reaches_an_unpaired_device(served):
    token = served.pair()
    unpaired, paired = Stream(served), Stream(served, token)
    try:
        served.wait_for(lambda: unpaired.seen() and paired.seen(), "the first pictures")
        digits = served.touch_pairing_pad()
        served.wait_for(lambda: any(e["covered"] for e in unpaired.seen()),
                        "the covered board in the unpaired stream")
        served.wait_for(lambda: any(e["version"] >= unpaired.seen()[-1]["version"]
                                    for e in paired.seen()), "the paired stream")
        served.token = None
        status, state = served.request("GET", "/api/state")
        assert status == 200
        assert state["covered"] is True
        assert set(state["leds"]) == {"000000"}, "every LED blank"
        assert state["description"] == COVERED
        assert digits not in json.dumps(state)
        for event in unpaired.seen():
            if event["covered"]:
                assert set(event["leds"]) == {"000000"}
                assert event["description"] == COVERED
        assert served.app.announcer.secret, "the code still shows on the board itself"
        status, mine = served.request("GET", "/api/state", token=token)
        assert mine["covered"] is False
        assert set(mine["leds"]) != {"000000"}, "a paired device sees the board as it is"
        assert not any(e["covered"] for e in paired.seen())
    finally:
        unpaired.close()
        paired.close()


def test_a_code_is_asked_for_at_the_board_not_by_any_client(served):
    status, answer = served.request("POST", "/api/pair/start")
    assert status == 401
    time.sleep(0.3)
    assert served.app.pairing.code is None
    assert served.app.announcer.text is None
    status, answer = served.request("POST", "/api/pair", {"code": "1234"})
    assert status == 403
    assert "no pairing code is on show" in answer["error"]
    served.pair()
    status, answer = served.request("POST", "/api/pair/start")
    assert status == 200, "a paired device may ask for a code, to pair another"
    served.wait_for(lambda: served.app.announcer.secret, "the code on the LEDs")


def test_the_home_menu_says_in_words_how_to_pair(served):
    _, state = served.request("GET", "/api/state")
    assert "to pair a phone, touch the blue pad above the sound pad" in state["description"]
    screen = served.app.screen
    column, row = screen.layout.pairing
    assert "pair a phone" in screen.pad_words(row * served.app.profile.columns + column)


def test_a_devices_guesses_are_spaced_out(served):
    digits = served.touch_pairing_pad()
    wrong = "0000" if digits != "0000" else "1111"
    statuses = []
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline:
        status, answer = served.request("POST", "/api/pair", {"code": wrong})
        statuses.append(status)
        if status == 429:
            assert "try again in" in answer["error"]
    assert statuses.count(403) <= 3, "after each wrong guess the next waits longer"
    assert statuses.count(429) >= 1
    status, answer = served.request("POST", "/api/pair", {"code": digits})
    assert status == 429, "even the right code waits its turn"
    status, headers, _ = raw_request(served, "POST", "/api/pair", {
        "Host": f"127.0.0.1:{served.server.port}", "Content-Type": "application/json"},
        json.dumps({"code": digits}).encode())
    assert status == 429
    assert int(headers["Retry-After"]) >= 1


def test_play_goes_on_under_a_code_asked_for_again_and_again(served):
    served.pair()
    served.request("POST", "/api/games", {"game": "kaskade", "options": {"size": "4x4"}})
    served.wait_for(lambda: served.app.session is not None, "the game")
    served.touch(63)  # h8: skips "White to move"
    served.wait_for(lambda: served.app.announcer.text is None, "the words skipped")
    for played, pad in enumerate((0, 9, 1, 8, 2), 1):  # a1 b2 b1 a2 c1
        assert served.request("POST", "/api/pair/start")[0] == 200
        served.wait_for(lambda: served.app.announcer.secret, "the code on the LEDs")
        served.touch(pad)
        served.wait_for(lambda n=played: len(served.app.session.moves) == n,
                        f"move {played} played under the code", seconds=10)
        assert not served.app.announcer.secret, "the touch ended the code and played"


# -- reading for paired devices only ---------------------------------------------------------------


def test_an_unpaired_device_learns_only_how_to_pair_when_reading_is_for_paired_ones(guarded):
    for path in ("/api/state", "/api/stream", "/api/settings", "/api/history",
                 "/api/history/x/record", "/api/history/x/replay", "/api/history/x/replay/1",
                 "/api/health", "/api/doctor", "/api/sensors/stream"):
        status, answer = guarded.request("GET", path)
        assert status == 401, path
        assert HOW_TO_PAIR in answer["error"]
    assert guarded.request("GET", "/api/pair")[1] == {
        "paired": False, "reading": "paired", "how": HOW_TO_PAIR}
    with urllib.request.urlopen(guarded.server.address, timeout=10) as answer:
        assert answer.status == 200, "the page itself, to pair from"
    token = guarded.pair()
    assert guarded.request("GET", "/api/pair")[1]["paired"] is True
    assert guarded.request("GET", "/api/state")[0] == 200
    stream = Stream(guarded, token)
    try:
        guarded.wait_for(stream.seen, "the stream with ?token=")
    finally:
        stream.close()
    assert guarded.request("GET", "/api/state", token="made-up")[0] == 403
    status, answer = guarded.request("PUT", "/api/settings", {"reading": "open"})
    assert (status, answer["reading"]) == (200, "open")
    guarded.token = None
    assert guarded.request("GET", "/api/state")[0] == 200, "reading is now open"
    assert guarded.app.store.settings.load().web_reading == "open", "and kept"
    status, answer = guarded.request("PUT", "/api/settings", {"reading": "everyone"},
                                     token=token)
    assert status == 400
    assert "open or paired" in answer["error"]


# -- Host, Origin, content types and headers ----------------------------------------------------


def test_a_request_naming_another_host_is_refused(served):
    port = served.server.port
    for host in ("attacker.example", f"attacker.example:{port}", "kaskade.evil.test",
                 "192.0.2.7", "[2001:db8::1]:80"):
        status, _, answer = raw_request(served, "GET", "/api/state", {"Host": host})
        assert status == 421, host
        assert "answers to its own names only" in answer["error"]
        assert "--web-host" in answer["error"]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "LOCALHOST", "[::1]:80",
                 "127.0.0.1"):
        status, _, _ = raw_request(served, "GET", "/api/state", {"Host": host})
        assert status == 200, host
    status, _, answer = raw_request(served, "GET", "/", {"Host": "rebound.example"})
    assert status == 421, "not the page either"


def test_a_foreign_page_cannot_change_anything(served):
    token = served.pair()
    host = f"127.0.0.1:{served.server.port}"
    json_headers = {"Host": host, "Content-Type": "application/json",
                    "Authorization": f"Bearer {token}"}
    body = json.dumps({"button": "menu"}).encode()
    screen = served.app.screen
    for origin in ("http://attacker.example", "null", f"http://evil.test:{served.server.port}"):
        status, _, answer = raw_request(served, "POST", "/api/button",
                                        {**json_headers, "Origin": origin}, body)
        assert status == 403, origin
        assert "may not change anything here" in answer["error"]
    status, _, _ = raw_request(served, "POST", "/api/button",
                               {**json_headers, "Sec-Fetch-Site": "cross-site"}, body)
    assert status == 403
    status, _, answer = raw_request(served, "POST", "/api/pair",
                                    {"Host": host, "Content-Type": "text/plain"},
                                    b'{"code": "1234"}')
    assert status == 415, "a cross-site 'simple' request cannot carry JSON"
    assert "application/json" in answer["error"]
    time.sleep(0.3)
    assert served.app.screen is screen, "nothing was pressed"
    status, _, _ = raw_request(served, "POST", "/api/button",
                               {**json_headers, "Origin": f"http://{host}"}, body)
    assert status == 200, "the board's own page may"


def test_only_the_upload_of_a_release_takes_a_form_and_only_a_form(served):
    """A file goes to /api/upgrade as multipart/form-data; no other route takes a form (a
    cross-site page can send one without asking), and the upload takes nothing else."""
    token = served.pair()
    headers = {"Host": f"127.0.0.1:{served.server.port}", "Authorization": f"Bearer {token}"}
    form = {**headers, "Content-Type": "multipart/form-data; boundary=x"}
    body = b"--x--\r\n"
    status, _, answer = raw_request(served, "POST", "/api/button", form, body)
    assert status == 415
    assert "application/json" in answer["error"]
    status, _, answer = raw_request(served, "POST", "/api/upgrade",
                                    {**headers, "Content-Type": "text/plain"}, b"wheel")
    assert status == 415
    assert "multipart/form-data" in answer["error"]


def test_every_answer_keeps_the_page_out_of_other_sites(served):
    for path in ("/", "/page/board.js", "/api/state", "/api/nothing"):
        _, headers, _ = raw_request(served, "GET", path,
                                    {"Host": f"127.0.0.1:{served.server.port}"})
        assert headers["X-Frame-Options"] == "DENY"
        policy = headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in policy
        assert "script-src 'self'" in policy
        assert "unsafe-inline" not in policy
        assert "connect-src 'self';" in policy  # no broker for the page is set here
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"


def test_the_page_has_no_inline_script_or_style():
    class Finder(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.problems: list[str] = []
            self.in_script = False

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            names = dict(attrs)
            self.problems += [f"{tag} {name}" for name in names if name.startswith("on")]
            if "style" in names:
                self.problems.append(f"{tag} style")
            if tag == "style":
                self.problems.append("a style element")
            self.in_script = tag == "script"
            if tag == "script" and not names.get("src"):
                self.problems.append("an inline script")

        def handle_data(self, data: str) -> None:
            if self.in_script and data.strip():
                self.problems.append("script text")

    finder = Finder()
    finder.feed((PAGE / "index.html").read_text())
    assert finder.problems == []


def test_more_names_for_the_board_are_allowed_by_option(tmp_path):
    from controller.app.history import History
    from controller.profile import load_profile
    from controller.web.bridge import Bridge
    from controller.web.guard import own_names
    from controller.web.server import WebServer

    server = WebServer(Bridge(), load_profile("kaskade-8x8"), tmp_path,
                       History(tmp_path / "h.sqlite3"), hosts=("Board.Fritz.Box",))
    guard = server.guard
    assert guard.host_allowed("board.fritz.box:8765", "192.168.1.5")
    assert guard.host_allowed("192.168.1.5:8765", "192.168.1.5"), "the address it came in on"
    assert guard.host_allowed("192.168.1.5", "::ffff:192.168.1.5")
    assert not guard.host_allowed("192.168.1.6", "192.168.1.5")
    assert not guard.host_allowed("fritz.box", "192.168.1.5")
    assert own_names() <= guard.names
    assert {"localhost"} <= guard.names
