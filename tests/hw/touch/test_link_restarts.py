"""A touch board whose firmware keeps crashing: the real firmware on the simulated
microcontroller, made to raise after a second of scanning (as a failing sensor might), resets
itself every second or so. The link counts each restart with the reason the board gives, says
when they make a loop, and passes the board's fault reports on to the app; restarts that were
asked for are not counted."""

from __future__ import annotations

import queue
import time
from pathlib import Path

import pytest

from controller.devices.interfaces import PadDown, SensorsFault, SensorsRestarted
from firmware import proto
from hw.touch.link import NO_REASON, TouchLink, restart_words
from sim.touch_board.serve import RunningDevice
from tests.support.link_board import PROFILE, Board

WAIT = 30.0


@pytest.fixture
def board(tmp_path):
    board = Board(tmp_path)
    yield board
    board.close()


def restarts(board: Board, count: int) -> list[SensorsRestarted]:
    return [board.expect(lambda e: isinstance(e, SensorsRestarted), WAIT)
            for _ in range(count)]


def test_a_firmware_that_crashes_again_and_again_is_said_to_restart_in_a_loop(board,
                                                                                crashing):
    fault = board.expect(lambda e: isinstance(e, SensorsFault), WAIT)
    assert fault == SensorsFault("crash ValueError"), "told before the reset"
    first, second, third = restarts(board, 3)
    assert first == SensorsRestarted(1, "its firmware crashed (ValueError)", 1, False)
    assert (second.count, second.looping) == (2, False)
    assert third == SensorsRestarted(3, "its firmware crashed (ValueError)", 3, True)
    assert board.link.restarts >= 3
    assert board.link.restart_reason == "its firmware crashed (ValueError)"
    assert board.link.connected, "the link stays with the board through every restart"


def test_a_reboot_the_link_asked_for_is_not_counted(board):
    board.link.command(proto.REBOOT, [])
    deadline = time.monotonic() + WAIT
    while board.device.device.boots < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert board.device.device.boots == 2
    while "restart asked" not in board.link.faults and time.monotonic() < deadline:
        time.sleep(0.02)
    assert "restart asked" in board.link.faults, "the board said why"
    assert not [e for e in board.drain() if isinstance(e, SensorsRestarted)]
    assert board.link.restarts == 0


def test_a_restart_the_board_gives_no_reason_for_is_counted_all_the_same(board):
    """A power dip, or a firmware before restarts were explained: only its hello."""
    board.device.line.inject(proto.encode(proto.HELLO, 0, ["1", "0.2.0", "FCDDFA47",
                                                           board.link.hello.board, "64"]))
    event = board.expect(lambda e: isinstance(e, SensorsRestarted), WAIT)
    assert event == SensorsRestarted(1, NO_REASON, 1, False)


def test_another_programs_reboot_is_not_counted(board):
    board.device.line.inject(proto.encode(proto.HELLO, 0, ["1", "0.2.0", "FCDDFA47",
                                                           board.link.hello.board, "64"])
                             + proto.encode(proto.FAULT, 1, ["restart", "asked"]))
    board.touch(7)
    board.touch(8)
    assert not [e for e in board.drain() if isinstance(e, SensorsRestarted)]


def test_a_restart_said_as_the_link_connects_is_counted_once(tmp_path):
    """The board crashed before the link opened its port: it says why after the hello that
    answers the link's query (and after its first hello, where the line kept it: here
    injected); one restart."""
    device = RunningDevice(PROFILE, tmp_path / "board")
    Path(f"{device.link}.restart").write_text("crash:OSError")
    device.start()
    events: queue.Queue[object] = queue.Queue()
    link = TouchLink(PROFILE, lambda: str(tmp_path / "board"), retry=0.1)
    link.start(events.put)
    try:
        first = events.get(timeout=WAIT)
        while not isinstance(first, SensorsRestarted):
            first = events.get(timeout=WAIT)
        assert first == SensorsRestarted(1, "its firmware crashed (OSError)", 1, False)
        device.line.inject(proto.encode(proto.FAULT, 60000, ["restart", "crash:OSError"]))
        deadline = time.monotonic() + WAIT
        while list(link.faults).count("restart crash:OSError") < 2:
            assert time.monotonic() < deadline, list(link.faults)
            time.sleep(0.02)
        device.pads.down(3)
        later = [events.get(timeout=WAIT)]
        while not isinstance(later[-1], PadDown):
            later.append(events.get(timeout=WAIT))
    finally:
        link.close()
        device.close()
    assert not [e for e in later if isinstance(e, SensorsRestarted)], later
    assert link.restarts == 1


@pytest.mark.parametrize(("said", "words"), [
    ("crash:MemoryError", "its firmware crashed (MemoryError)"),
    ("watchdog", "its watchdog reset it (the firmware stopped scanning)"),
    ("cause-9", "reset cause 'cause-9'"),
    (None, NO_REASON),
])
def test_reasons_in_words(said, words):
    assert restart_words(said) == words
