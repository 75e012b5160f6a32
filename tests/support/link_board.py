"""A running simulated touch board with the real touch link to it, for the link's tests."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import Any

import pytest

from controller.devices.interfaces import PadDown, PadUp, TouchesBack
from controller.profile import load_profile
from hw.touch.link import TouchLink
from sim.touch_board.serve import RunningDevice

PROFILE = load_profile("kaskade-8x8")


class Board:
    """A running simulated board and a link to it, with the events the link reported. The
    link counts the board gone after ``silence`` seconds without a line: on the Pi twice the
    heartbeat's period, so one lost heartbeat is not taken for a crash; here ten seconds unless
    a test is about the silence, since on a busy machine the simulated board's thread can be
    held up for longer than a heartbeat's period."""

    def __init__(self, tmp_path: Any, thresholds: tuple[int, int] | None = None,
                 silence: float = 10.0) -> None:
        self.device = RunningDevice(PROFILE, tmp_path / "board")
        self.device.start()
        self.events: queue.Queue[Any] = queue.Queue()
        self.link = TouchLink(PROFILE, lambda: str(tmp_path / "board"), thresholds=thresholds,
                              silence=silence, retry=0.1)
        self.link.start(self.events.put)
        self.expect(lambda e: e == TouchesBack())
        self.scan_for(300)  # the baselines settle before the first finger

    def expect(self, accept: Callable[[Any], bool], timeout: float = 60.0) -> Any:
        """The first event ``accept`` takes; fails if none comes within ``timeout``."""
        deadline = time.monotonic() + timeout
        seen = []
        while time.monotonic() < deadline:
            try:
                event = self.events.get(timeout=0.05)
            except queue.Empty:
                continue
            if accept(event):
                return event
            seen.append(event)
        pytest.fail(f"no such event within {timeout} s; saw {seen}")

    def scan_for(self, ms: int, timeout: float = 60.0) -> None:
        """Wait until the board's firmware has scanned for ``ms`` milliseconds of its own
        time (its baselines settle over scans, however slowly a busy machine runs them)."""
        machine = self.device.device.machine
        until = machine.now_ms + ms
        deadline = time.monotonic() + timeout
        while machine.now_ms < until:
            assert time.monotonic() < deadline, f"the board did not scan {ms} ms in {timeout} s"
            time.sleep(0.01)

    def drain(self) -> list[Any]:
        """The events reported so far, forgotten."""
        events = []
        while not self.events.empty():
            events.append(self.events.get())
        return events

    def touch(self, pad: int) -> None:
        self.device.pads.down(pad)
        self.expect(lambda e: e == PadDown(pad))

    def release(self, pad: int) -> None:
        self.device.pads.up(pad)
        self.expect(lambda e: e == PadUp(pad))

    def close(self) -> None:
        self.link.close()
        self.device.close()
