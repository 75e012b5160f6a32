"""A board left at MicroPython's prompt by an update cut short — the cable pulled or the tool
killed after it stopped the firmware — is brought back by the touch link, on the board emulator
(the real interpreter behind a pseudo-terminal) with the real MicroPython tooling."""

from __future__ import annotations

import contextlib
import io
import queue
import time
from typing import Any

import pytest

from controller.devices.interfaces import SensorsFirmware, TouchesBack, TouchesLost
from controller.profile import load_profile
from firmware.identity import VERSION
from hw.flash.bundle import build
from hw.flash.update import flash
from hw.touch.link import TouchLink
from hw.touch.revive import at_prompt
from sim.micropython.board import MicroPythonBoard
from tests.support.micropython import needs_interpreter

pytestmark = pytest.mark.micropython

PROFILE = load_profile("kaskade-8x8")


@pytest.fixture
def board(tmp_path):
    needs_interpreter()
    device = MicroPythonBoard(tmp_path / "flash")
    device.power_on()
    flash(device.line.path, build(PROFILE, tmp_path / "bundle"), PROFILE)
    yield device
    device.close()


def stop_firmware_and_walk_away(path: str, raw: bool) -> None:
    """What a killed ``kaskade firmware flash`` leaves: the firmware interrupted, the board
    in the raw REPL (or, after a person's Ctrl-B, at the friendly prompt)."""
    from mpremote.transport_serial import SerialTransport

    with contextlib.redirect_stdout(io.StringIO()):
        transport = SerialTransport(path, timeout=0.2)
        transport.enter_raw_repl(soft_reset=False, timeout_overall=10)
        if not raw:
            transport.exit_raw_repl()
        transport.serial.close()


def events_until(events: queue.Queue[Any], wanted: type, seconds: float) -> list[Any]:
    seen = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            event = events.get(timeout=0.1)
        except queue.Empty:
            continue
        seen.append(event)
        if isinstance(event, wanted):
            return seen
    raise AssertionError(f"no {wanted.__name__} within {seconds} s; saw {seen}")


@pytest.mark.parametrize("raw", [True, False], ids=["raw REPL", "friendly prompt"])
def test_the_link_restarts_the_firmware_of_a_board_at_the_prompt(board, raw):
    stop_firmware_and_walk_away(board.line.path, raw)
    events: queue.Queue[Any] = queue.Queue()
    link = TouchLink(PROFILE, lambda: board.line.path, retry=0.2)
    link.start(events.put)
    try:
        seen = events_until(events, TouchesBack, 60)
        assert TouchesLost("the touch board was at MicroPython's prompt; its firmware was "
                           "restarted") in seen
        running = events_until(events, SensorsFirmware, 5)[-1]
        assert running.version == VERSION
    finally:
        link.close()


def test_a_running_firmware_is_no_prompt_and_keeps_running(board):
    """The probe's bytes are garbage to a running firmware: it drops them and answers the next
    command line whole."""
    import serial

    from hw.touch.connection import Connection

    port = serial.Serial(board.line.path, 115200, timeout=0.1)
    try:
        assert not at_prompt(port, wait=1.0)
        hello = Connection(port).handshake("kaskade-8x8", 64)
        assert hello.firmware == VERSION
    finally:
        port.close()
