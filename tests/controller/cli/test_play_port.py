"""``kaskade play --port``: the board app in one process, the simulated touch board in another,
joined by a pseudo-terminal — a game played by touching the other process's pads, through an
unplugged cable and back."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

KASKADE = str(Path(sys.executable).with_name("kaskade"))


WAIT = 60.0
"""Seconds to wait for anything the other processes do: generous, for a busy machine."""
HOLD, GAP = 0.2, 0.5
"""A finger's tap: held this long, then this long off the board before the next one (the
firmware debounces a pad over several scans, so a tap needs a length, like a person's)."""


def wait_for(condition, what: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.05)


class Log:
    """The lines a process writes to a pipe, read on a thread as they come, so that a test can
    wait for one (and the process never blocks on a full pipe)."""

    def __init__(self, pipe) -> None:
        self.lines: list[str] = []
        self.changed = threading.Condition()
        self.thread = threading.Thread(target=self._read, args=(pipe,), daemon=True)
        self.thread.start()

    def _read(self, pipe) -> None:
        for line in pipe:
            with self.changed:
                self.lines.append(line)
                self.changed.notify_all()

    def mark(self) -> int:
        with self.changed:
            return len(self.lines)

    def wait_for(self, text: str, since: int, what: str) -> None:
        """Wait for a line with ``text`` written after line ``since``."""
        with self.changed:
            found = self.changed.wait_for(
                lambda: any(text in line for line in self.lines[since:]), timeout=WAIT)
        assert found, f"waited {WAIT} s for {what}; the app said: {''.join(self.lines)}"


@pytest.mark.display
def test_a_game_is_played_through_another_processes_touch_board(display, tmp_path):
    touch_board = subprocess.Popen([KASKADE, "sim", "--touch-board", "--state-dir",
                                    str(tmp_path / "touch")], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, text=True, bufsize=1)
    app = None
    record = tmp_path / "app" / "kaskade-8x8" / "current.record"
    try:
        assert touch_board.stdin is not None
        assert touch_board.stdout is not None
        banner = touch_board.stdout.readline()
        # The board's stable name, as a udev rule gives a real one: a replugged cable is a new
        # pseudo-terminal, whose number another program may have taken meanwhile.
        port = banner.rsplit("(also ", 1)[1].rstrip(")\n")
        assert Path(port).exists(), banner
        # -v: the app says when its link to the touch board connects (and on stderr).
        app = subprocess.Popen([KASKADE, "-v", "play", "--board", "sim", "--port", port,
                                "--state-dir", str(tmp_path / "app")], env=display,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        log = Log(app.stderr)
        log.wait_for("touch board connected", 0, "the link to connect")

        def tap(cell: str) -> None:
            touch_board.stdin.write(f"down {cell}\n")  # type: ignore[union-attr]
            time.sleep(HOLD)
            touch_board.stdin.write(f"up {cell}\n")  # type: ignore[union-attr]
            time.sleep(GAP)

        tap("a8")  # the Kaskade tile: its name
        tap("a8")  # play it
        tap("a8")  # two people
        tap("d4")  # a 4 x 4 board
        tap("h1")  # skips the words "White to move"
        tap("a1")
        wait_for(lambda: record.exists() and "1. a1" in record.read_text(), "the move")

        mark = log.mark()
        touch_board.stdin.write("unplug\n")
        log.wait_for("touch board:", mark, "the app to notice the unplugged cable")
        # Another program takes a pseudo-terminal: the lowest free number, likely the one the
        # unplugged board had, so the replugged board gets another.
        squatter = os.openpty()
        try:
            mark = log.mark()
            touch_board.stdin.write("plug\n")
            log.wait_for("touch board connected", mark, "the link to find the board again")
        finally:
            for fd in squatter:
                os.close(fd)
        tap("b2")
        wait_for(lambda: "1. a1 b2" in record.read_text(), "the move after the replug")
        assert app.poll() is None, "".join(log.lines)
    finally:
        if app is not None:
            app.terminate()
            try:
                app.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()
        touch_board.kill()
        touch_board.wait()
