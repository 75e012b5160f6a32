"""The simulator's terminal front end, driven through a pseudo-terminal like a person at a
keyboard: it draws the LEDs in colour, keys touch pads, and Q leaves the terminal as it was."""

from __future__ import annotations

import contextlib
import os
import pty
import re
import select
import signal
import sys
import time
from pathlib import Path

from sim.front.terminal import fitting_scale, xterm_256

KASKADE = str(Path(sys.executable).parent / "kaskade")
TRUE_COLOUR = re.compile(rb"\x1b\[38;2;(\d+);(\d+);(\d+)m")


WAIT = 60.0
"""Seconds to wait for what the simulator draws: generous, for a busy machine."""


def read_until(fd: int, marker: bytes, seen: bytearray, timeout: float = WAIT) -> bool:
    """Read into ``seen`` until ``marker`` appears in what arrives from now on."""
    start = searched = len(seen)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if seen.find(marker, searched) >= 0:
            return True
        searched = max(start, len(seen) - len(marker) + 1)  # each byte searched once
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen.find(marker, start) >= 0


def wait_draining(pid: int, fd: int, seen: bytearray, timeout: float = WAIT) -> int:
    """Wait for the simulator to exit, reading what it still writes meanwhile: a terminal's
    buffer is small, and a program blocked writing to a full one never reads the key that
    tells it to quit."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            with contextlib.suppress(OSError):  # the simulator closed its side
                seen += os.read(fd, 65536)
    os.kill(pid, signal.SIGKILL)
    raise AssertionError("the simulator did not quit on q")


def test_keys_play_a_game_and_q_restores_the_terminal(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["TERM"] = "xterm-256color"
    env["COLORTERM"] = "truecolor"
    pid, fd = pty.fork()
    if pid == 0:  # the child becomes the simulator
        os.execve(KASKADE, [KASKADE, "sim", "--terminal", "--state-dir", str(tmp_path)], env)
    seen = bytearray()
    try:
        assert read_until(fd, b"Home", seen), seen[-400:]

        def keys(text: str, marker: bytes) -> None:
            os.write(fd, text.encode())  # read together or one by one, each key counts
            assert read_until(fd, marker, seen), seen[-400:]

        keys("kkkkkkk", b"cursor a8")
        keys(" ", b"Kaskade chosen")
        keys(" ", b"who plays?")
        keys(" ", b"touch the far corner")  # two people
        keys("jjjjjll", b"cursor c3")
        keys(" ", b'"White to move" on the LEDs; the next touch only skips')  # a 3 x 3 board
        os.write(fd, b" ")  # skips the words "White to move" on the LEDs (keys typed ahead
        # are taken in order, each tap once the last has ended)
        keys("hj ", b"cursor b2")       # White plays the centre (not charged: a steady light)
        assert read_until(fd, "♪ move".encode(), seen), "the move was made"
        keys("l", b"cursor c2")         # one more picture, read whole below

        def last_picture() -> bytes:
            """The last picture drawn whole: the board, then the line with the cursor."""
            end = seen.rindex(b"cursor c2")
            return bytes(seen[seen.rindex(b"\x1b[H", 0, end):end])

        def ball_lit() -> bool:
            lit = {tuple(map(int, m)) for m in TRUE_COLOUR.findall(last_picture())}
            return any(min(colour) > 120 for colour in lit)

        while not ball_lit():  # the move's animation may still be under way: the next picture
            assert read_until(fd, b"cursor c2", seen), "White's ball lights an LED"
        assert "▶".encode() in last_picture(), "the cursor's row is marked on the edge"
        assert re.search("\x1b\\[1;30;43m *▲c".encode(), last_picture()), "and its column"
        os.write(fd, b"q")
        status = wait_draining(pid, fd, seen)
        read_until(fd, b"\x1b[?25h", seen, timeout=2)
    finally:
        os.close(fd)
    assert os.WIFEXITED(status)
    assert os.WEXITSTATUS(status) == 0
    assert seen.rstrip().endswith(b"\x1b[?25h"), "the cursor is shown again"
    saved = (tmp_path / "kaskade-8x8" / "current.record").read_text()
    assert saved.rstrip().endswith("1. b2")


def test_keys_read_together_are_taken_one_by_one():
    from sim.front.terminal import split_keys

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
        status = wait_draining(pid, fd, seen)
    finally:
        os.close(fd)
    assert b"there is no display" in seen
    assert b"drawing the board in this terminal instead" in seen
    assert os.WIFEXITED(status)
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


def test_without_24_bit_colour_the_nearest_of_256_colours_is_used():
    assert xterm_256((0, 0, 0)) == 16
    assert xterm_256((255, 0, 0)) == 196
    assert xterm_256((255, 255, 255)) == 231
    assert xterm_256((128, 128, 128)) in range(232, 256), "a grey from the grey ramp"


def test_the_board_grows_to_fill_the_terminal_and_never_overflows_it():
    assert fitting_scale(16, 16, 100, 40) == 4
    assert fitting_scale(16, 16, 40, 40) == 2
    assert fitting_scale(32, 32, 80, 20) == 1, "at least one cell per LED"
    assert fitting_scale(8, 8, 200, 60) == 4, "at most four"
