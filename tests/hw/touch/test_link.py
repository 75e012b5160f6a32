"""The touch link end to end: the real firmware on the simulated microcontroller, behind a
pseudo-terminal, opened with pyserial — and everything a cable and a firmware can do to it."""

from __future__ import annotations

import queue
import threading
import time
from typing import Any

import pytest

from controller.devices.interfaces import (
    PadReadings,
    PadUp,
    TouchesBack,
    TouchesLost,
    WiredTouches,
)
from controller.devices.virtual import VirtualTouches
from firmware import proto
from hw.touch.link import TouchLink
from sim.touch_board.serve import RunningDevice
from tests.support.link_board import PROFILE, Board


@pytest.fixture
def board(tmp_path):
    board = Board(tmp_path)
    yield board
    board.close()


def test_touches_several_at_once(board):
    board.touch(10)
    board.touch(20)
    board.release(10)
    board.release(20)
    assert board.link.connected


def test_a_lost_line_is_made_good_by_a_resync(board):
    board.touch(7)
    board.device.line.drop_lines = 1  # the release never arrives...
    board.device.pads.up(7)
    board.expect(lambda e: e == PadUp(7))  # ...but the next line's gap gives it away
    deadline = time.monotonic() + 60
    while board.link.resyncs < 1 and time.monotonic() < deadline:
        time.sleep(0.02)  # (the lost line may have been a heartbeat just before the release)
    assert board.link.resyncs >= 1


def test_unplugging_lets_go_of_the_pads_and_plugging_in_resumes(board):
    board.touch(3)
    board.device.line.unplug()
    board.expect(lambda e: e == PadUp(3))
    lost = board.expect(lambda e: isinstance(e, TouchesLost))
    assert "lost" in lost.reason
    assert not board.link.connected
    board.device.pads.up(3)
    board.scan_for(300)
    board.device.line.plug()
    board.expect(lambda e: e == TouchesBack())
    board.touch(4)


def test_a_crashed_firmware_is_noticed_by_its_silence_and_a_restart_is_picked_up(tmp_path):
    board = Board(tmp_path, silence=2.0)  # the Pi's: twice the heartbeat's period
    try:
        board.device.hang()
        lost = board.expect(lambda e: isinstance(e, TouchesLost))
        assert "silent" in lost.reason
        board.device.power_cycle()
        board.expect(lambda e: e == TouchesBack())
        board.scan_for(200)  # the baselines settle before the next finger
        board.touch(12)
    finally:
        board.close()


def test_garbage_from_the_board_is_dropped_and_touches_go_on(board):
    board.device.line.inject(b"\x00\xff garbage\n" * 20 + b"T 1 D 9 *00\n" + b"x" * 3000 + b"\n")
    board.touch(9)
    board.release(9)
    assert board.link.connected
    assert board.link.problem is None


def test_a_reboot_command_keeps_the_link(board):
    board.link.command(proto.REBOOT, [])
    deadline = time.monotonic() + 60
    while board.device.device.boots < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert board.device.device.boots == 2
    board.scan_for(300)  # the baselines settle before the next finger
    board.touch(30)
    assert board.link.connected


def test_readings_stream_while_the_app_wants_them_also_after_a_reboot(tmp_path):
    board = Board(tmp_path)
    try:
        board.link.stream_readings(True)
        board.scan_for(300)  # the baselines settle before the first finger
        board.device.pads.down(9)
        near = board.expect(lambda e: isinstance(e, PadReadings) and
                            any(pad == 9 and delta > 12 for pad, _, delta in e.readings))
        assert all(0 <= pad < PROFILE.pads for pad, _, _ in near.readings)
        board.device.pads.up(9)
        board.link.command(proto.REBOOT, [])  # the board forgets that it was streaming...
        deadline = time.monotonic() + 60
        while board.device.device.boots < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        board.scan_for(300)
        board.drain()
        board.expect(lambda e: isinstance(e, PadReadings))  # ...and is asked again
        assert board.link.connected, "the link held through the reboot"

        board.link.stream_readings(False)
        deadline = time.monotonic() + 60
        while True:  # until half a second of the board's scanning brings no readings
            board.drain()
            board.scan_for(500)
            if not any(isinstance(event, PadReadings) for event in board.drain()):
                break
            assert time.monotonic() < deadline, "the readings went on"
    finally:
        board.close()


def test_the_debug_pane_and_the_app_share_the_stream(board):
    board.link.want_readings("debug pane", True)
    board.link.stream_readings(True)
    board.expect(lambda e: isinstance(e, PadReadings))
    board.link.want_readings("debug pane", False)  # the app still wants them
    board.scan_for(300)
    board.drain()
    board.expect(lambda e: isinstance(e, PadReadings))


def test_stored_thresholds_are_sent_when_the_link_connects(tmp_path):
    board = Board(tmp_path, thresholds=(25, 10))
    try:
        assert board.device.device.board is not None
        pads = board.device.device.board.pads
        assert (pads.touch, pads.release) == (25, 10)
    finally:
        board.close()


def test_a_board_that_is_not_there_is_reported_and_waited_for(tmp_path):
    events: queue.Queue[Any] = queue.Queue()
    link = TouchLink(PROFILE, lambda: str(tmp_path / "nothing"), retry=0.1)
    link.start(events.put)
    try:
        lost = events.get(timeout=60)
        assert isinstance(lost, TouchesLost)
        assert "no board at" in lost.reason
        assert "is it plugged in?" in lost.reason
        device = RunningDevice(PROFILE, tmp_path / "nothing")
        device.start()
        try:
            assert events.get(timeout=60) == TouchesBack()
        finally:
            link.close()
            device.close()
    finally:
        link.close()


def test_the_link_closes_as_gpiozeros_devices_do(tmp_path):
    """In a ``with`` block, once however often it is closed (its thread stopped), its state in
    its ``repr``."""
    events: queue.Queue[Any] = queue.Queue()
    with TouchLink(PROFILE, lambda: str(tmp_path / "nothing"), retry=0.1) as link:
        assert repr(link) == "<hw.touch.link.TouchLink object for Kaskade Board 8x8, not " \
            "connected: connecting to the board>"
        link.start(events.put)
        assert isinstance(events.get(timeout=5), TouchesLost)
        assert not link.closed
    assert link.closed
    assert link._thread is not None
    assert not link._thread.is_alive()
    assert repr(link) == "<hw.touch.link.TouchLink object closed>"
    link.close()


def test_a_connected_link_says_so(board):
    assert repr(board.link) == \
        "<hw.touch.link.TouchLink object for Kaskade Board 8x8, connected>"


def test_the_wired_touches_interface_declares_what_front_ends_use():
    """What the simulator's debug pane reads and asks of the touch link is in the interface
    it implements (the type checker holds the front ends to it); pads driven by code are not
    wired."""
    declared = set(WiredTouches.__annotations__) | WiredTouches.__abstractmethods__
    assert declared >= {"command", "want_readings", "listeners", "faults", "connected",
                        "problem", "resyncs", "reading_listeners", "thresholds"}
    link = TouchLink(PROFILE, lambda: "nowhere")
    assert isinstance(link, WiredTouches)
    assert all(hasattr(link, name) for name in declared)
    assert not isinstance(VirtualTouches(), WiredTouches)


class HeldPort:
    """A port whose opening waits until the test lets it go, and that keeps what is written."""

    def __init__(self) -> None:
        self.opening = threading.Event()
        self.go = threading.Event()
        self.written: list[bytes] = []
        self.closed = threading.Event()

    def open(self, path: str) -> HeldPort:
        self.opening.set()
        assert self.go.wait(30)
        return self

    def write(self, data: bytes) -> int:
        self.written.append(data)
        return len(data)

    def close(self) -> None:
        self.closed.set()


def test_a_link_closed_while_its_port_opens_writes_nothing_to_it():
    """The path may name another device by then (a pseudo-terminal's number is reused), so a
    link that was closed meanwhile must not greet it, nor try to revive it."""
    port = HeldPort()
    link = TouchLink(PROFILE, lambda: "/dev/ttyACM0", opener=port.open, retry=0.1)
    link.start(lambda event: None)
    assert port.opening.wait(30)
    closing = threading.Thread(target=link.close)
    closing.start()
    assert link._stop.wait(30)  # the link is told to stop before the port is open
    port.go.set()
    closing.join(30)
    assert port.closed.wait(30)
    assert port.written == []
