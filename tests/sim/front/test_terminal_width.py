"""The terminal simulator in terminals 80 and 120 columns wide (tmux, a real terminal of a
fixed size): the words under the board — the screen's description and what a touch on the
cursor's pad would do — are wrapped whole, never cut."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.support.board import BoardHarness

KASKADE = str(Path(sys.executable).parent / "kaskade")
KEYS = [("kkkkkkk", "cursor a8"), (" ", "Kaskade chosen"), (" ", "who plays?"),
        ("jjjj", "cursor a4"), (" ", "touch the far corner"), ("jll", "cursor c3"),
        (" ", "Kaskade 3x3"), (" ", "cursor c3 · empty")]
"""Keys and what to wait for after them: Kaskade against the computer at level 1 on a 3 x 3
board, the cursor left on c3."""

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="needs tmux (Debian: apt install tmux)")


def logical_lines(screen: str) -> list[str]:
    """The lines under the board with each wrapped one joined again (its continuations are
    indented by two spaces)."""
    lines: list[str] = []
    for line in screen.splitlines():
        if line.startswith("  ") and lines and not line.strip().startswith(("▀", "a ", "▲")):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line.rstrip())
    return lines


def expected_words(state: Path) -> tuple[str, str]:
    """The description and the cursor's words the app gives for the same touches (the board
    app on a virtual clock)."""
    board = BoardHarness(state)
    board.tap("a8")
    board.tap("a8")
    board.tap("a4")
    board.tap("c3")
    board.skip_message()
    return board.app.describe(board.now), board.app.screen.pad_words(board.pad("c3"))


@pytest.mark.parametrize("width", [80, 120])
def test_the_words_under_the_board_are_wrapped_not_cut(width, tmp_path):
    socket = f"kaskade-test-{uuid.uuid4().hex[:8]}"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "TMUX")}

    def tmux(*argv: str) -> str:
        return subprocess.run(["tmux", "-L", socket, "-f", os.devnull, *argv], env=env,
                              capture_output=True, text=True, check=True, timeout=30).stdout

    def wait_for(words: str, line: bool = False) -> str:
        """The screen once ``words`` show (as a whole ``line``, or anywhere)."""
        deadline = time.monotonic() + 60
        screen = ""
        while time.monotonic() < deadline:
            screen = tmux("capture-pane", "-p")
            lines = logical_lines(screen)
            if (words in lines) if line else (words in "\n".join(lines)):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{words!r} never appeared:\n{screen}")

    tmux("new-session", "-d", "-x", str(width), "-y", "40",
         f"TERM=xterm-256color {KASKADE} sim --terminal --state-dir {tmp_path / 'sim'}")
    try:
        wait_for("Home")
        for keys, marker in KEYS:
            for key in keys:
                tmux("send-keys", "Space" if key == " " else key)
            wait_for(marker)
        description, pad_words = expected_words(tmp_path / "app")
        screen = wait_for(description, line=True)  # once the words "your turn" are skipped
        assert len(description) > width - 1, "a line longer than the terminal is wide"
        lines = logical_lines(screen)
        assert description in lines, f"the description whole:\n{screen}"
        assert any(line.startswith(f"cursor {pad_words}") for line in lines), \
            f"what a touch on c3 does:\n{screen}"
        assert all(len(line) <= width for line in screen.splitlines())
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], env=env, capture_output=True,
                       check=False, timeout=30)
