"""``python -m sim.silicon``: the emulated Pico's USB serial line on a pseudo-terminal that
pyserial opens as it would a Pico's /dev/ttyACM0."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import serial

ROOT = Path(__file__).parents[3]


def test_the_repl_answers_on_the_pseudo_terminal(rp2_image, tmp_path):
    link = tmp_path / "pico"
    process = subprocess.Popen([sys.executable, "-m", "sim.silicon", "--fast", "--link", str(link)],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        announced = process.stdout.readline()
        assert str(link) in announced
        with serial.Serial(str(link), timeout=1) as port:
            received = b""
            deadline = time.monotonic() + 120
            # Ask until the answer is seen: the line may reach the board before its REPL runs.
            while b"42\r\n" not in received and time.monotonic() < deadline:
                port.write(b"print(6*7)\r")
                received += port.read(200)
            assert b"42\r\n" in received
    finally:
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=60)
    assert process.returncode == 0, errors
    assert "usb: CDC connected" in errors
    assert not link.exists()
