"""The test's side of board apps with remote play, each in its own process
(``tests/support/remote_board.py``): start, ask, wait for, kill and start again; a game
played between two of them; and a client of the broker outside any board (what a fresh
subscriber is given, a page's presence)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from controller.bench.mosquitto import Mosquitto
from controller.remote import config
from controller.remote.broker import client_for

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


def play_one(boards: tuple[Board, Board], rng: random.Random) -> bool:
    """The board whose turn it is plays a random legal move and the other sees it; False
    once the game is over on both."""
    states = [board.state_now() for board in boards]
    if all(state["finished"] for state in states):
        return False
    for board, state in zip(boards, states, strict=True):
        if state["mine"] and state["moves"] == states[1 - boards.index(board)]["moves"]:
            move = rng.choice(state["legal"])
            board.ask(do="play", move=move)
            other = boards[1 - boards.index(board)]
            count = len(state["moves"]) + 1
            other.until(lambda s, count=count: s["moves"] is not None and
                        len(s["moves"]) >= count, f"the other board sees {move}")
            return True
    time.sleep(0.05)  # chance being drawn between the boards, or a move under way
    return True


def play_to_the_end(boards: tuple[Board, Board], rng: random.Random,
                    midway: Callable[[int], None] = lambda ply: None) -> dict[str, Any]:
    plies = 0
    deadline = time.monotonic() + 6 * WAIT
    while play_one(boards, rng):
        plies += 1
        midway(plies)
        assert time.monotonic() < deadline, "the game did not end"
    anna, ben = (board.state_now() for board in boards)
    assert anna["moves"] == ben["moves"]
    assert anna["result"] == ben["result"] or anna["result"] is None
    return anna


def forgot(state: dict[str, Any]) -> bool:
    """Whether the board is in no remote game and has cleared its part of the last."""
    return state["game"] is None and not state["clearing"]


class BrokerClient:
    """A client of the broker with ``user``'s credentials: what a fresh subscriber is given,
    and a page's presence."""

    def __init__(self, broker: Mosquitto, user: str) -> None:
        self.user = user
        self.client = client_for(broker.settings(user), client_id=f"{user}-test")
        self.heard: list[tuple[str, bytes, bool]] = []
        self.changed = threading.Condition()
        self.connected = threading.Event()
        self.client.on_connect = lambda *args: self.connected.set()
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()
        assert self.connected.wait(WAIT)

    def _message(self, client: Any, userdata: Any, message: mqtt.MQTTMessage) -> None:
        with self.changed:
            self.heard.append((message.topic, bytes(message.payload), bool(message.retain)))
            self.changed.notify_all()

    def wait_for(self, condition: Any, what: str) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: condition(self.heard), WAIT), what

    def kept(self, game: str) -> dict[str, bytes]:
        """Everything the broker keeps under the game's topics: subscribed afresh, until a
        marker sent after the subscription comes back (retained messages come first)."""
        marker = f"kaskade/{game}/{self.user}/sync"
        self.client.subscribe(f"kaskade/{game}/#", qos=1)
        self.client.publish(marker, b"done", qos=1)
        self.wait_for(lambda heard: (marker, b"done", False) in heard, "the marker back")
        kept = {topic: payload for topic, payload, retained in self.heard if retained}
        self.client.unsubscribe(f"kaskade/{game}/#")
        self.heard.clear()
        return kept

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
