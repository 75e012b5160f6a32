"""A board app served on the web for tests: the mock board, the real loop and the web server
on a free port, with helpers to call the API and pair (``served``)."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from controller.app.app import App
from controller.app.screens.home import HomeScreen
from controller.devices.interfaces import PadDown, PadUp
from controller.profile import load_profile
from controller.web.server import WebServer
from sim.front.served import served_board


@dataclass
class Served:
    app: App
    server: WebServer
    token: str | None = None

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                raw: bytes | None = None) -> tuple[int, Any]:
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.server.address.rstrip("/") + path, data=data,
                                         method=method)
        request.add_header("Content-Type", "application/json")
        if token or self.token:
            request.add_header("Authorization", f"Bearer {token or self.token}")
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                status, text = answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode()
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text

    def touch(self, pad: int) -> None:
        """A finger's tap on ``pad`` of the board itself (not through the web)."""
        self.server.api.bridge.post(PadDown(pad))
        time.sleep(0.05)
        self.server.api.bridge.post(PadUp(pad))

    def touch_pairing_pad(self) -> str:
        """Touch the home menu's pairing pad, as someone at the board, and read the code the
        board writes (the app's own, as the LEDs show it)."""
        self.wait_for(lambda: isinstance(self.app.screen, HomeScreen), "the home menu")
        column, row = self.app.screen.layout.pairing
        before = self.app.pairing.code
        self.touch(row * self.app.profile.columns + column)
        self.wait_for(lambda: self.app.pairing.code not in (None, before) and
                      self.app.announcer.secret, "a pairing code on the LEDs")
        code = self.app.pairing.code
        assert code is not None
        return code.digits

    def pair(self) -> str:
        """Pair as a person would: the pairing pad, then the code (waiting out the delay
        after wrong guesses a test made)."""
        digits = self.touch_pairing_pad()
        for _ in range(3):
            status, answer = self.request("POST", "/api/pair", {"code": digits, "name": "test"})
            if status != 429:
                break
            time.sleep(int(re.search(r"in (\d+) s", answer["error"])[1]) + 0.1)
        assert status == 201, answer
        self.token = answer["token"]
        return self.token

    def wait_for(self, condition: Callable[[], Any], what: str, seconds: float = 60.0) -> None:
        """Wait until ``condition`` holds (generously: the machine may be busy)."""
        deadline = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < deadline, f"no {what} within {seconds} s"
            time.sleep(0.02)


@pytest.fixture
def served(tmp_path) -> Iterator[Served]:
    """A board whose web companion lets anyone read (as ``kaskade sim --web``)."""
    with served_board(load_profile("kaskade-8x8"), tmp_path, think=0.05,
                      reading="open") as running:
        served = Served(running.app, running.server)
        served.wait_for(lambda: running.bridge.board.latest is not None, "first picture")
        yield served


@pytest.fixture
def guarded(tmp_path) -> Iterator[Served]:
    """A board whose web companion shows itself to paired devices only (as ``kaskade
    play``'s)."""
    with served_board(load_profile("kaskade-8x8"), tmp_path, think=0.05,
                      reading="paired") as running:
        served = Served(running.app, running.server)
        served.wait_for(lambda: running.bridge.board.latest is not None, "first picture")
        yield served


def open_paired(browser: Any, served: Served) -> Any:
    """Open the page in ``browser`` as a device paired with ``served``'s board (its token in
    the page's storage) once it has loaded its games; a wait of ten seconds to go on with."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    browser.get(served.server.address)
    wait = WebDriverWait(browser, 10)
    wait.until(lambda b: b.find_element(By.ID, "description").text.startswith("Home"))
    served.pair()
    browser.execute_script(f"localStorage.setItem('kaskade-token', '{served.token}')")
    browser.get(served.server.address)
    wait.until(lambda b: len(Select(b.find_element(By.ID, "game")).options) > 0)
    return wait
