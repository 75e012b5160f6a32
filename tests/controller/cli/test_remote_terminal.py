"""A game with a board elsewhere at the keyboard, through a real Mosquitto: ``kaskade play
--terminal --join CODE`` takes the seat of a game a board offers, and ``--black remote``
offers one a board joins; moves typed go to the other board, the other board's arrive as they
come, a take-back asked from the keyboard is agreed on the board, a resignation typed ends the
game on both, and what cannot be done is said."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from controller.bench.mosquitto import Mosquitto
from controller.remote import config
from tests.support.remote_boards import WAIT, Board

pytestmark = pytest.mark.broker
ROOT = Path(__file__).resolve().parents[3]


class Keyboard:
    """``kaskade play --terminal`` with ``arguments``, typed into, its output read."""

    def __init__(self, state: Path, arguments: list[str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "controller", "play", "--terminal", "--state-dir",
             str(state), "--colour", "never", *arguments],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, bufsize=1, env={**os.environ, "PYTHONPATH": str(ROOT)})
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.said: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def until(self, words: str) -> str:
        """The first line, from here on, that holds ``words``."""
        while True:
            line = self.lines.get(timeout=WAIT)
            assert line is not None, f"it ended before saying {words!r}: {self.said[-8:]}"
            self.said.append(line)
            if words in line:
                return line

    def type(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=WAIT)


def keyboard_board(tmp_path: Path, broker: Mosquitto) -> Path:
    """Ben's state directory, remote play set up (as kaskade remote setup keeps it)."""
    state = tmp_path / "ben"
    (state / "kaskade-8x8").mkdir(parents=True)
    config.save(state / "kaskade-8x8", broker.settings("ben"))
    return state


def test_the_keyboard_joins_plays_asks_to_take_back_and_resigns(broker: Mosquitto,
                                                                 tmp_path: Path) -> None:
    anna = Board(tmp_path / "anna", broker.settings("anna"))
    ben = None
    try:
        code = anna.ask(do="offer", game="kaskade", options={"size": "4x4"}, here=[0])["code"]
        ben = Keyboard(keyboard_board(tmp_path, broker), ["--join", code])
        ben.until(f"Looking up the game under {code}")
        ben.until("Kaskade 4x4")  # the game, as it arrives
        anna.until(lambda s: "remote Ben" in s["seats"].values(), "anna sees ben")
        ben.type("a1")
        ben.until("It is not your turn")
        anna.ask(do="play", move="a1")
        ben.until("Your move")
        ben.type("a1")  # Anna's cell
        ben.until("a1: not a legal move now")
        ben.type("d4")
        anna.until(lambda s: s["moves"] == ["a1", "d4"], "anna sees d4")
        ben.type("undo")  # asks Anna's board to take d4 back
        anna.until(lambda s: "Ben asks to take back" in s["words"], "anna is asked")
        anna.ask(do="hold")  # agrees
        anna.until(lambda s: s["moves"] == ["a1"], "d4 taken back")
        ben.until("Your move")
        ben.type("resign")
        ben.until("Black resigned")
        final = anna.until(lambda s: s["finished"], "the game over on the board")
        assert final["termination"] == "Black resigned"
        assert ben.process.wait(timeout=WAIT) == 0
    finally:
        anna.close()
        if ben is not None:
            ben.close()


def test_the_keyboard_offers_a_game_a_board_joins(broker: Mosquitto, tmp_path: Path) -> None:
    anna = Board(tmp_path / "anna", broker.settings("anna"))
    ben = Keyboard(keyboard_board(tmp_path, broker), ["--white", "remote", "--size", "4x4"])
    try:
        line = ben.until("type the invite code")
        code = line.split("invite code ")[1][:6]
        anna.ask(do="join", code=code)
        anna.until(lambda s: s["seats"] is not None and "remote Ben" in s["seats"].values(),
                   "anna joined")
        state = anna.until(lambda s: s["mine"], "anna (White) to move")
        anna.ask(do="play", move=state["legal"][0])
        ben.until("Your move")
        ben.type("quit")
        ben.until("kaskade play --terminal --remote goes on with it")
        assert ben.process.wait(timeout=WAIT) == 0
        again = Keyboard(tmp_path / "ben", ["--remote"])  # and back to it
        try:
            again.until("Going on with the game with a board elsewhere")
            again.until("Your move")
        finally:
            again.close()
    finally:
        anna.close()
        ben.close()


def test_what_cannot_be_done_at_the_keyboard_is_said(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "controller", "play", "--terminal",
                           "--state-dir", str(tmp_path), "--join", "123456"], cwd=ROOT,
                          capture_output=True, text=True, timeout=WAIT, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode != 0
    assert "remote play is not set up for this board: kaskade remote setup" in done.stderr
    done = subprocess.run([sys.executable, "-m", "controller", "play", "--terminal",
                           "--state-dir", str(tmp_path), "--black", "remote", "--white",
                           "computer:2"], cwd=ROOT, capture_output=True, text=True,
                          timeout=WAIT, check=False, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "one played here by a person, the other remote" in done.stderr
