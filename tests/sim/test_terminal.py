"""The simulator's terminal front end, driven through a pseudo-terminal like a person at a
keyboard: it draws the LEDs in colour, keys touch pads, and Q leaves the terminal as it was."""

from __future__ import annotations

import os
import pty
import re
import select
import sys
import time
from pathlib import Path

KASKADE = str(Path(sys.executable).parent / "kaskade")
TRUE_COLOUR = re.compile(rb"\x1b\[38;2;(\d+);(\d+);(\d+)m")


def read_until(fd: int, marker: bytes, seen: bytearray, timeout: float = 30) -> bool:
    """Read into ``seen`` until ``marker`` appears in what arrives from now on."""
    start = len(seen)
    deadline = time.monotonic() + timeout
    while marker not in seen[start:] and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return marker in seen[start:]


def test_keys_play_a_game_and_q_restores_the_terminal(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["TERM"] = "xterm-256color"
    pid, fd = pty.fork()
    if pid == 0:  # the child becomes the simulator
        os.execve(KASKADE, [KASKADE, "sim", "--terminal", "--state-dir", str(tmp_path)], env)
    seen = bytearray()
    try:
        assert read_until(fd, b"Home", seen), seen[-400:]

        def keys(text: str, marker: bytes) -> None:
            for key in text:
                os.write(fd, key.encode())
                time.sleep(0.05)
            assert read_until(fd, marker, seen), seen[-400:]

        keys("kkkkkkk", b"cursor a8")
        keys(" ", b"Kaskade chosen")
        keys(" ", b"who plays?")
        keys(" ", b"touch the far corner")  # two people
        keys("jjjjjll", b"cursor c3")
        keys(" ", b"Kaskade 3x3 \xc2\xb7 two people \xc2\xb7 White to move")  # a 3 x 3 board
        os.write(fd, b" ")  # skips the words "White to move" on the LEDs
        time.sleep(0.3)
        keys("hj ", b"cursor b2")       # White plays the centre (not charged: a steady light)
        assert read_until(fd, "♪ move".encode(), seen), "the move was made"
        keys("kk", b"cursor b4")        # the cursor tints its pad: move it off the ball
        time.sleep(0.5)
        keys("l", b"cursor c4")         # one more picture, read whole below
        last_picture = bytes(seen[seen.rindex(b"\x1b[H"):])
        lit = {tuple(map(int, m)) for m in TRUE_COLOUR.findall(last_picture)}
        assert any(min(colour) > 120 for colour in lit), "White's ball lights an LED"
        os.write(fd, b"q")
        _, status = os.waitpid(pid, 0)
        read_until(fd, b"\x1b[?25h", seen, timeout=2)
    finally:
        os.close(fd)
    assert os.WIFEXITED(status)
    assert os.WEXITSTATUS(status) == 0
    assert seen.rstrip().endswith(b"\x1b[?25h"), "the cursor is shown again"
    saved = (tmp_path / "kaskade-8x8" / "current.record").read_text()
    assert saved.rstrip().endswith("1. b2")


def test_keys_read_together_are_taken_one_by_one():
    from sim.terminal import split_keys

    assert split_keys("kk \x1b[A\x1b[Dq") == ["k", "k", " ", "\x1b[A", "\x1b[D", "q"]
    assert split_keys("\x1b") == ["\x1b"]


def test_without_a_display_the_simulator_says_so_and_uses_the_terminal(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["TERM"] = "xterm-256color"
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(KASKADE, [KASKADE, "sim", "--state-dir", str(tmp_path)], env)
    seen = bytearray()
    try:
        assert read_until(fd, b"Home", seen), seen[-400:]
        os.write(fd, b"q")
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    assert b"there is no display" in seen
    assert b"drawing the board in this terminal instead" in seen
    assert os.WEXITSTATUS(status) == 0


def test_without_a_display_or_a_terminal_it_is_a_clear_error(tmp_path):
    import subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([KASKADE, "sim", "--state-dir", str(tmp_path)], env=env,
                            stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 2
    assert "no display and no terminal to draw the board on; for scripts use kaskade sim " \
        "--headless --script FILE" in result.stderr
    assert "Traceback" not in result.stderr
