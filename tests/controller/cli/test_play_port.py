"""``kaskade play --port``: the board app in one process, the simulated touch board in another,
joined by a pseudo-terminal — a game played by touching the other process's pads, through an
unplugged cable and back."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

KASKADE = str(Path(sys.executable).with_name("kaskade"))


def wait_for(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.05)


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
        port = banner.split(" on ", 1)[1].split(" ", 1)[0]
        app = subprocess.Popen([KASKADE, "play", "--board", "sim", "--port", port,
                                "--state-dir", str(tmp_path / "app")], env=display,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(3.0)  # the window opens and the link connects

        def tap(cell: str) -> None:
            touch_board.stdin.write(f"down {cell}\n")  # type: ignore[union-attr]
            time.sleep(0.2)
            touch_board.stdin.write(f"up {cell}\n")  # type: ignore[union-attr]
            time.sleep(0.5)

        tap("a8")  # the Kaskade tile: its name
        tap("a8")  # play it
        tap("a8")  # two people
        tap("d4")  # a 4 x 4 board
        tap("h1")  # skips the words "White to move"
        tap("a1")
        wait_for(lambda: record.exists() and "1. a1" in record.read_text(), 10, "the move")

        touch_board.stdin.write("unplug\n")
        time.sleep(1.0)
        touch_board.stdin.write("plug\n")
        time.sleep(2.0)  # the link finds the board again
        tap("b2")
        wait_for(lambda: "1. a1 b2" in record.read_text(), 10, "the move after the replug")
        assert app.poll() is None, app.communicate()[1]
    finally:
        if app is not None:
            app.terminate()
            try:
                app.wait(timeout=10)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()
        touch_board.kill()
        touch_board.wait()
