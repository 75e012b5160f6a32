"""The restart loop of the report, end to end on the real MicroPython interpreter: a firmware
that raises after two seconds of scanning, flashed into the board emulator through the real
update path, is reset by the real boot stage again and again; each start tells why, and the
real touch link counts the restarts and says they make a loop."""

from __future__ import annotations

import queue
import shutil
import time

import pytest

from controller.devices.interfaces import SensorsFault, SensorsRestarted
from controller.profile import load_profile
from hw.flash.bundle import SOURCE, build
from hw.flash.errors import FlashError
from hw.flash.update import flash
from hw.touch.link import TouchLink
from tests.support.micropython import powered_board

pytestmark = pytest.mark.micropython

PROFILE = load_profile("kaskade-8x8")
WAIT = 90.0
CRASHING = '''

_step = TouchBoard.step


def _failing(self, elapsed):
    if self.uptime >= 2:
        raise ValueError("the sensor bus failed")
    _step(self, elapsed)


TouchBoard.step = _failing
'''


def test_a_firmware_crashing_on_micropython_is_said_to_restart_in_a_loop(tmp_path):
    source = tmp_path / "source"
    shutil.copytree(SOURCE, source, ignore=shutil.ignore_patterns("__pycache__"))
    with open(source / "board.py", "a", encoding="utf-8") as file:
        file.write(CRASHING)
    bundle = build(PROFILE, tmp_path / "bundle", source=source)
    with powered_board(tmp_path / "flash") as board:
        for attempt in range(3):  # as its error says, an update can be run again
            try:
                flash(board.line.path, bundle, PROFILE)
                break
            except FlashError:
                if attempt == 2:
                    raise
        events: queue.Queue[object] = queue.Queue()
        link = TouchLink(PROFILE, lambda: board.line.path, silence=10.0, retry=0.2)
        link.start(events.put)
        try:
            seen: list[object] = []
            deadline = time.monotonic() + WAIT
            while time.monotonic() < deadline and not any(
                    isinstance(e, SensorsRestarted) and e.looping for e in seen):
                try:
                    seen.append(events.get(timeout=0.1))
                except queue.Empty:
                    continue
        finally:
            link.close()
    restarts = [e for e in seen if isinstance(e, SensorsRestarted)]
    assert restarts, seen
    assert restarts[-1].looping, seen
    assert all(e.reason == "its firmware crashed (ValueError)" for e in restarts), restarts
    assert SensorsFault("crash ValueError") in seen
