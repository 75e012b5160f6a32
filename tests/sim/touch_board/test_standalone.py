"""``kaskade sim --touch-board``: the simulated touch board alone, on a pseudo-terminal, reached
from another process through the real touch link."""

from __future__ import annotations

import queue
import subprocess
import sys
from pathlib import Path

from controller.devices.interfaces import (
    PadDown,
    PadReadings,
    PadUp,
    SensorsFirmware,
    TouchesBack,
    TouchesLost,
)
from controller.profile import load_profile
from hw.touch.link import TouchLink

KASKADE = str(Path(sys.executable).with_name("kaskade"))


def test_another_process_touches_the_board_through_the_link(tmp_path):
    board = subprocess.Popen([KASKADE, "sim", "--touch-board", "--state-dir", str(tmp_path)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert board.stdin is not None
    assert board.stdout is not None
    events: queue.Queue[object] = queue.Queue()
    link = None
    try:
        banner = board.stdout.readline()
        assert banner.startswith("touch board Kaskade Board 8x8 on /dev/"), banner
        port = banner.split(" on ", 1)[1].split(" ", 1)[0]
        link = TouchLink(load_profile("kaskade-8x8"), lambda: port, retry=0.1, silence=2.0)
        link.start(events.put)
        first = events.get(timeout=60)
        while isinstance(first, TouchesLost) and "in use by another program" in first.reason:
            first = events.get(timeout=60)  # another program had the port a moment: retried
        assert first == TouchesBack()
        assert isinstance(events.get(timeout=60), SensorsFirmware)
        # A pad's first reading is its baseline (a finger there at power-on is not a touch):
        # the board's readings say it has scanned, so the finger comes after.
        link.stream_readings(True)
        assert isinstance(events.get(timeout=60), PadReadings)
        link.stream_readings(False)
        board.stdin.write("down b3\n")
        assert next_touch(events) == PadDown(17)
        board.stdin.write("up b3\n")
        assert next_touch(events) == PadUp(17)
        board.stdin.write("down z9\nfly\n")
        assert "no pad 'z9'" in board.stdout.readline()
        assert "unknown command 'fly'" in board.stdout.readline()
        board.stdin.write("hang\n")
        lost = events.get(timeout=60)
        assert isinstance(lost, TouchesLost)
        board.stdin.write("quit\n")
        board.stdin.flush()
        assert board.wait(timeout=60) == 0
    finally:
        if link is not None:
            link.close()
        if board.poll() is None:
            board.kill()
            board.wait()


def next_touch(events: queue.Queue[object]) -> object:
    """The next event that is not a reading (the stream may still be ending)."""
    while isinstance(event := events.get(timeout=60), PadReadings):
        pass
    return event
