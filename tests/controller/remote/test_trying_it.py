"""docs/remote.md's "Trying it on one computer", followed word for word as an owner would: its
commands run in a shell (``~`` a home of the test's own), the broker it starts is a real
Mosquitto with TLS, passwords and the ACL, the two boards are two ``kaskade sim --headless``
processes typed into line by line, the invite code read off Anna's board and typed on Ben's by
the section's rule, and what each board says is what the section says it says."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytestmark = pytest.mark.broker

DOC = Path(__file__).resolve().parents[3] / "docs" / "remote.md"
SECTION = "## 8. Trying it on one computer"
WAIT = 90.0
LOOKS = 30
"""How often a board is looked at again (``wait 1``, ``describe``) before the test gives up."""
DIGIT_PAD = re.compile(r"0-4 are the pads a1-e1 along the bottom row, 5-9 are a2-e2")


def section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(SECTION)
    return text[start:text.index("\n## ", start + 1)]


def blocks() -> list[list[str]]:
    """The section's code blocks, each a list of its lines."""
    return [body.strip().splitlines()
            for body in re.findall(r"```(?:sh|text)\n(.*?)```", section(), re.S)]


def pad_of(digit: str) -> str:
    """The pad a digit of an invite code is typed on, by the section's rule."""
    value = int(digit)
    return f"{'abcde'[value % 5]}{1 + value // 5}"


class Terminal:
    """A command typed into a shell, its output read line by line as it comes."""

    def __init__(self, line: str, environment: dict[str, str]) -> None:
        self.process = subprocess.Popen(["bash", "-c", f"exec {line}"], env=environment,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.errors: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def _read_errors(self) -> None:
        assert self.process.stderr is not None
        self.errors.extend(line.rstrip("\n") for line in self.process.stderr)

    def line(self) -> str:
        said = self.lines.get(timeout=WAIT)
        assert said is not None, f"it ended: {self.errors[-5:]}"
        return said

    def type(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def look(self, text: str) -> str:
        """Type ``describe`` (the section's way of reading a board) and what it says."""
        self.type(text)
        return self.line()

    def look_until(self, wanted: str) -> str:
        """Look, and again after a moment, until the board says ``wanted``."""
        for _ in range(LOOKS):
            said = self.look("describe")
            if wanted in said:
                return said
            self.type("wait 1")
        raise AssertionError(f"the board never said {wanted!r}; it says {said!r}")

    def close(self) -> None:
        """As Ctrl-C would, then for good (the broker's Mosquitto goes with its command)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=WAIT)


def test_two_headless_boards_play_as_the_section_says(tmp_path: Path) -> None:
    text = section()
    assert DIGIT_PAD.search(text), "the rule the digits are typed by"
    broker_block, boards_block, anna_block, ben_block = blocks()
    home = tmp_path / "home"
    home.mkdir()
    environment = {**os.environ, "HOME": str(home), "KASKADE_STATE_DIR": str(home / "elsewhere"),
                   "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    terminals: list[Terminal] = []
    try:
        (broker_line,) = broker_block
        broker = Terminal(broker_line, environment)
        terminals.append(broker)
        assert "a broker for trying remote play runs at 127.0.0.1:" in broker.line()
        for _ in range(2):  # the two lines it printed, run as printed
            setup = broker.line().strip()
            assert setup.startswith("kaskade remote setup --state-dir ")
            done = subprocess.run(["bash", "-c", setup], env=environment, capture_output=True,
                                  text=True, timeout=WAIT, check=False)
            assert done.returncode == 0, done.stderr
            assert "took" in done.stdout
        anna, ben = (Terminal(line, environment) for line in boards_block)
        terminals += [anna, ben]

        for line in anna_block[:-1]:
            anna.type(line)
        offered = anna.look(anna_block[-1])
        if "invite code" not in offered:
            offered = anna.look_until("invite code")
        code = re.search(r"invite code (\d{6}) · waiting for a board to join", offered)
        assert code is not None, offered

        example = re.search(r"for the code\s+`(\d{6})`", text)
        assert example is not None
        typed = [line.split()[1] for line in ben_block[3:9]]
        assert typed == [pad_of(digit) for digit in example[1]], "the example follows the rule"
        for line in ben_block[:3]:
            ben.type(line)
        for digit in code[1]:
            ben.type(f"tap {pad_of(digit)}")
        for line in ben_block[9:-1]:
            ben.type(line)
        joined = ben.look(ben_block[-1])
        expected = "Kaskade 6x6 · Anna's board (White) against you (Black) · White to move"
        if expected not in joined:
            joined = ben.look_until(expected)

        assert "`tap c3`" in text
        assert "`… Black to move · White 1 cell ·\nBlack 0 cells · move 2 · …`" in text
        anna.type("tap c3")
        ben.look_until("Black to move · White 1 cell · Black 0 cells · move 2")

        for board in (anna, ben):  # input ends: each says where it stands, and stops
            assert board.process.stdin is not None
            board.process.stdin.close()
        summaries = []
        for board in (anna, ben):
            last = ""
            while (said := board.lines.get(timeout=WAIT)) is not None:
                last = said
            summaries.append(json.loads(last))
            assert board.process.wait(timeout=WAIT) == 0
        assert [summary["game"]["moves"] for summary in summaries] == [["c3"], ["c3"]]
        broker.process.send_signal(signal.SIGINT)  # Ctrl-C
        assert broker.process.wait(timeout=WAIT) == 0
    finally:
        for terminal in reversed(terminals):
            terminal.close()
