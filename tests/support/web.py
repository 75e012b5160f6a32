"""A board app served on the web for tests: the mock board, the real loop and the web server
on a free port, with helpers to call the API and pair (``served``)."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from controller.app.app import App
from controller.profile import load_profile
from controller.web.server import WebServer
from sim.served import served_board


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

    def pair(self) -> str:
        assert self.request("POST", "/api/pair/start")[0] == 200
        digits = self.server.pairing.code.digits
        status, answer = self.request("POST", "/api/pair", {"code": digits, "name": "test"})
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
    with served_board(load_profile("kaskade-8x8"), tmp_path, think=0.05) as running:
        served = Served(running.app, running.server)
        served.wait_for(lambda: running.bridge.board.latest is not None, "first picture")
        yield served
