"""The test's side of board apps with remote play, each in its own process
(``tests/support/remote_board.py``): start, ask, wait for, kill and start again."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.remote import config

ROOT = Path(__file__).resolve().parents[2]
WAIT = 90.0
"""Longest wait for something a board or the broker should do (the machine may be busy)."""


class Board:
    """A board app in its own process (tests/support/remote_board.py)."""

    def __init__(self, state: Path, settings: config.BrokerSettings,
                 environment: dict[str, str] | None = None,
                 profile: str = "kaskade-8x8") -> None:
        self.state = state
        self.profile = profile
        self.environment = environment or {}
        directory = state / profile
        directory.mkdir(parents=True, exist_ok=True)
        config.save(directory, settings)
        self.directory = directory
        self.process: subprocess.Popen[str] | None = None
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.support.remote_board", str(self.state), self.profile],
            cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT), **self.environment})

    def refused(self, **request: Any) -> str:
        """The error a request is answered with (it must be refused)."""
        reply = self.answer(request)
        assert "error" in reply, reply
        return str(reply["error"])

    def ask(self, **request: Any) -> dict[str, Any]:
        reply = self.answer(request)
        assert "error" not in reply, reply["error"]
        return reply

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process is not None
        assert self.process.stdin
        assert self.process.stdout
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        assert line, "the board app ended"
        reply: dict[str, Any] = json.loads(line)
        return reply

    def state_now(self) -> dict[str, Any]:
        return self.ask(do="state")

    def until(self, condition: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        deadline = time.monotonic() + WAIT
        while True:
            state = self.state_now()
            if condition(state):
                return state
            assert time.monotonic() < deadline, f"{what}; the board says {state['words']}"
            time.sleep(0.05)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start_game(anna: Board, ben: Board, game: str, options: dict[str, str]) -> None:
    code = anna.ask(do="offer", game=game, options=options, here=[0])["code"]
    ben.ask(do="join", code=code)
    ben.until(lambda s: s["moves"] is not None and s["seats"] is not None, "ben joined")
    anna.until(lambda s: "remote Ben" in s["seats"].values(), "anna sees ben")


