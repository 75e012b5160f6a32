"""A touch board restarting in a loop reaches the app and the health page: the real firmware
on the simulated microcontroller behind the real touch link, made to crash after a second of
scanning, and the board app with its web server on loopback."""

from __future__ import annotations

import time

from controller.devices.interfaces import SensorsRestarted
from controller.profile import load_profile
from sim.front.served import served_board
from tests.support.web import Served

WAIT = 60.0


def test_health_says_the_board_restarts_in_a_loop_and_why(tmp_path, crashing):
    with served_board(load_profile("kaskade-8x8"), tmp_path, firmware=True,
                      reading="open") as running:
        served = Served(running.app, running.server)

        def looping() -> bool:
            status, health = served.request("GET", "/api/health")
            return status == 200 and health["board"]["looping"]  # 503: a busy machine

        served.wait_for(looping, "a loop of restarts", WAIT)
        health = served.request("GET", "/api/health")[1]
        board = health["board"]
        assert board["restarts"] >= 3
        assert board["last_restart"] == "its firmware crashed (ValueError)"
        assert board["restarting"].startswith("restarting in a loop: ")
        notices = running.app.notices
        assert "the touch board reports: crash ValueError" in notices
        assert "the touch board restarted: its firmware crashed (ValueError)" in notices
        looping = [n for n in notices if n.startswith("the touch board keeps restarting")]
        assert len(looping) == 1, notices
        assert "its firmware crashed (ValueError)" in looping[0]


def test_a_healthy_board_has_no_restarts(served):
    board = served.request("GET", "/api/health")[1]["board"]
    assert board == {"restarts": 0, "last_restart": None, "looping": False,
                     "restarting": "no restarts since the app started"}


def test_a_loop_is_over_a_minute_after_its_last_restart(served):
    """(The loop's clock is ``time.monotonic``.)"""
    old = time.monotonic() - 61
    served.app.restarts.last = (SensorsRestarted(5, "a soft reset", 3, True), old)
    board = served.request("GET", "/api/health")[1]["board"]
    assert board["looping"] is False
    assert board["restarting"].startswith("restarted 5 time(s) since the app started")
