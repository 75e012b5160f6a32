"""The board's health on the web: the sensors' live readings through the real firmware on the
simulated microcontroller, the firmware update started from the page with its progress, and
the last self-test's report."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

from controller.app.screens.selftest import Report, report_json
from controller.devices.firmware import bundled
from controller.devices.interfaces import (
    PadReadings,
    SensorsFirmware,
    UpdateFinished,
    UpdateProgress,
)
from controller.profile import load_profile
from firmware.identity import VERSION
from sim.front.served import served_board
from tests.support.web import Served


def _events(stream, name: str, seconds: float = 60):
    """The ``name`` events of an open server-sent event stream, one by one, for ``seconds`` at
    most: the server's keep-alive comments would otherwise keep a stalled stream waiting for
    ever."""
    kind, lines = None, []
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, f"no awaited {name} event within {seconds} s"
        line = stream.readline().decode().rstrip("\n")
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: "):
            lines.append(line[6:])
        elif not line and lines:
            if kind == name:
                yield json.loads("".join(lines))
            kind, lines = None, []


@pytest.fixture
def firmware_board(tmp_path):
    """A board app on the simulator's board: the touch firmware behind the touch link."""
    with served_board(load_profile("kaskade-mini"), tmp_path, firmware=True,
                      reading="open") as running:
        served = Served(running.app, running.server)
        served.wait_for(lambda: running.app.firmware_update.board is not None, "the firmware", 30)
        yield served, running.board


def test_the_sensors_stream_their_readings_only_while_a_page_watches(firmware_board):
    served, board = firmware_board
    assert not served.app.wants_readings
    stream = urllib.request.urlopen(served.server.address + "api/sensors/stream", timeout=20)
    try:
        readings = _events(stream, "readings")
        first = next(readings)
        assert served.app.wants_readings
        pads = served.app.profile.pads
        assert len(first["raw"]) == len(first["delta"]) == pads
        assert len(first["leds"]) == served.app.profile.leds
        assert first["threshold"] == served.app.touch_threshold
        board.fingers.down(9)  # b2: a finger on the simulated pad
        touched = next(r for r in readings
                       if r["delta"][9] is not None and r["delta"][9] >= r["threshold"])
        quiet = [d for pad, d in enumerate(touched["delta"]) if pad != 9 and d is not None]
        assert quiet
        assert max(quiet) < touched["threshold"]
        heat = bytes.fromhex(touched["leds"][9])
        assert heat[0] > 200, "the touched pad glows red"
        assert heat[2] < 60
        board.fingers.up(9)
    finally:
        stream.close()
    served.wait_for(lambda: not served.app.wants_readings, "the readings stopped", 10)


def test_readings_sent_by_any_touch_board_reach_the_page(served):
    bridge = served.server.api.bridge
    stream = urllib.request.urlopen(served.server.address + "api/sensors/stream", timeout=10)
    try:
        served.wait_for(lambda: served.app.wants_readings, "the watch")
        events = _events(stream, "readings")
        first = next(events)
        assert set(first["delta"]) == {None}, "nothing read yet: every pad unread"
        bridge.post(PadReadings(((9, 640, 60), (0, 700, 2))))
        event = next(events)
        assert event["raw"][9] == 640
        assert event["delta"][9] == 60
        assert event["delta"][0] == 2
        assert event["delta"][1] is None, "a pad not read yet"
    finally:
        stream.close()


def _state(served: Served) -> dict[str, Any]:
    return served.request("GET", "/api/state")[1]


def test_the_update_starts_from_the_page_and_its_progress_is_live(served):
    bridge = served.server.api.bridge
    token = served.pair()
    status, answer = served.request("POST", "/api/firmware/update")
    assert status == 409
    assert "has not said which firmware" in answer["error"]
    bridge.post(SensorsFirmware(VERSION, bundled().content_hash))
    served.wait_for(lambda: served.app.firmware_update.board is not None, "the firmware")
    status, answer = served.request("POST", "/api/firmware/update")
    assert status == 409
    assert f"already runs firmware {VERSION} ({bundled().content_hash})" in answer["error"]
    assert served.request("POST", "/api/firmware/update", token="stale")[0] == 403
    bridge.post(SensorsFirmware("0.0.1", "0" * 8))
    served.wait_for(lambda: served.app.firmware_update.offered, "the offer")
    served.app.firmware_update.share = 0.0  # the mock's pads fail an update at once: hold it here
    status, answer = served.request("POST", "/api/firmware/update", token=token)
    assert status == 409
    assert "already under way" in answer["error"]
    served.app.firmware_update.share = None
    status, answer = served.request("POST", "/api/firmware/update", token=token)
    assert status == 202, answer
    assert answer["updating"] == "0.0.1"
    served.wait_for(lambda: served.app.firmware_update.outcome is not None, "the outcome")
    health = served.request("GET", "/api/health")[1]
    assert health["firmware"]["last_update"].startswith("did not finish: these pads are")
    assert health["firmware"]["updating"] is None
    bridge.post(UpdateProgress(0.4))
    served.wait_for(lambda: _state(served)["update"] == 0.4, "the progress in the state")
    assert served.request("GET", "/api/health")[1]["firmware"]["updating"] == 0.4
    bridge.post(UpdateFinished(None))
    served.wait_for(lambda: _state(served)["update"] is None, "the end in the state")
    assert served.request("GET", "/api/health")[1]["firmware"]["last_update"] == "updated"
    firmware, program = served.request("GET", "/api/health")[1]["updates"]
    assert (firmware["part"], program["part"]) == ("firmware", "program")
    assert firmware["state"] == "newer", firmware  # the board still says 0.0.1
    assert program["state"] == "current"


def test_health_shows_the_last_self_test(served):
    assert served.request("GET", "/api/health")[1]["selftest"] is None
    report = Report(leds_walked=64, passed=list(range(63)), dead=[63], finished=True)
    findings = report_json(report, served.app.profile.pad_name, served.app.wall_clock())
    served.server.api.bridge.call(lambda app, now: app.keep_selftest(findings)).result(5)
    selftest = served.request("GET", "/api/health")[1]["selftest"]
    assert selftest["ok"] is False
    assert selftest["dead"] == ["h8"]
    assert "dead (lit, never touched): h8" in selftest["text"]
