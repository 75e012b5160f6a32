"""The touch link against a hostile or broken board: lines that pass the checksum but make no
sense, a board taken over by another program on the Pi, and bugs the link itself may have —
after every one the link is alive and the next real touch arrives."""

from __future__ import annotations

import os
import random
import threading
import time
from pathlib import Path

import pytest

from controller.devices.interfaces import PadReadings, TouchesBack, TouchesLost
from firmware import proto
from hw.touch.connection import Hello
from hw.touch.errors import HandshakeError
from hw.touch.link import TouchLink
from hw.touch.readings import parse_readings
from tests.support.link_board import PROFILE, Board


@pytest.fixture
def board(tmp_path):
    board = Board(tmp_path)
    yield board
    board.close()


def line(kind: str, *fields: object, seq: int = 60000) -> bytes:
    return proto.encode(kind, seq, [str(f) for f in fields])


def alive_and_touching(board: Board, pad: int) -> None:
    """The link's thread runs, the link is (again) connected, and a real touch arrives."""
    assert board.link._thread is not None
    assert board.link._thread.is_alive()
    deadline = time.monotonic() + 60
    while not board.link.connected and time.monotonic() < deadline:
        time.sleep(0.05)
    assert board.link.connected
    board.scan_for(200)  # the baselines settle before the finger
    board.touch(pad)
    board.release(pad)


def test_a_readings_line_with_a_double_minus_does_not_deafen_the_link(board):
    """The probe's line: ``R 7 --1:2:3`` passed a lenient check and killed the thread."""
    heard = []
    board.link.reading_listeners.append(heard.append)
    board.device.line.inject(line("R", "--1:2:3", "5:-7:--2", "9:10:11", seq=7))
    alive_and_touching(board, 5)
    assert [(9, 10, 11)] in heard, "the good field of the line is kept"


@pytest.mark.parametrize(("field", "wanted"), [
    ("--1:2:3", []), ("1:-2:-3", [(1, -2, -3)]), ("1:2", []), ("a:b:c", []), ("1:2:3:4", []),
    ("99999:1:1", []), ("1:" + "9" * 300 + ":1", []), ("-1:2:3", []), ("1:2:3", [(1, 2, 3)]),
])
def test_readings_are_parsed_strictly(field, wanted):
    assert parse_readings([field]) == wanted


def test_readings_nobody_asked_for_are_not_parsed(board, monkeypatch):
    parsed = []
    monkeypatch.setattr("hw.touch.link.parse_readings", lambda f: parsed.append(f) or [])
    board.device.line.inject(line("R", "1:2:3", seq=3))
    alive_and_touching(board, 6)
    assert parsed == []


def test_a_bug_in_the_link_is_reported_and_the_link_connects_again(board, monkeypatch):
    real = board.link._handle
    broken = threading.Event()

    def handle(connection, message):
        if message.kind == proto.BEAT and not broken.is_set():
            broken.set()
            raise RuntimeError("a bug")
        real(connection, message)

    monkeypatch.setattr(board.link, "_handle", handle)
    lost = board.expect(lambda e: isinstance(e, TouchesLost))
    assert "the touch link failed (RuntimeError)" in lost.reason
    board.expect(lambda e: e == TouchesBack())
    alive_and_touching(board, 11)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_link_thread_that_ends_says_so(tmp_path, monkeypatch):
    """Should the loop itself ever end (a ``BaseException`` such as SystemExit), the app hears
    that the touches are lost instead of waiting on a dead thread."""
    events = []
    link = TouchLink(PROFILE, lambda: str(tmp_path / "nowhere"), retry=0.05)

    def session():
        raise SystemExit

    monkeypatch.setattr(link, "_session", session)
    link.start(events.append)
    link._thread.join(timeout=5)
    assert not link._thread.is_alive()
    assert events == [TouchesLost("the touch link stopped")]
    assert not link.connected


def test_a_command_the_protocol_cannot_carry_is_dropped_not_fatal(board):
    board.link.command(proto.THRESHOLDS, ["9" * 250, "1"])
    board.link.command(proto.DIAGNOSE, ["two words"])
    alive_and_touching(board, 13)


def test_thresholds_set_by_another_program_are_set_back(board):
    """A member of the port's group writes ``K 0 60000 0``: no touch would register. The board
    reports the change, the link puts its own thresholds back."""
    neighbour = os.open(board.device.line.path, os.O_WRONLY | os.O_NOCTTY)
    try:
        os.write(neighbour, proto.encode(proto.THRESHOLDS, 0, ["60000", "0"]))
    finally:
        os.close(neighbour)
    deadline = time.monotonic() + 60
    while board.link.overridden < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert board.link.overridden == 1
    pads = board.device.device.board.pads
    deadline = time.monotonic() + 60
    while (pads.touch, pads.release) != board.link.wanted and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (pads.touch, pads.release) == board.link.wanted
    alive_and_touching(board, 14)


def test_a_hello_from_another_board_starts_the_connection_over(board):
    board.device.line.inject(line("H", 1, "9.9.9", "00000000", "someone-else", 9, seq=0))
    board.expect(lambda e: e == TouchesBack())
    alive_and_touching(board, 15)
    assert board.link.hello.board == "kaskade-8x8"


@pytest.mark.parametrize("fields", [
    ["1", "0.2.0", "ABCDEF01", "b", "x"], ["one", "a", "b", "c", "64"], [], ["1"] * 6,
    ["1", "a", "b", "c", "64", "12"], ["1", "a", "b", "c", "64", "12", "-6"],
    ["1", "a", "b", "c", "9" * 40],
])
def test_junk_hellos_are_handshake_errors(fields):
    with pytest.raises(HandshakeError):
        Hello.parse(fields)


ABSURD = [
    line("T", "D", 64), line("T", "D", 10 ** 6), line("T", "X", 3), line("T"), line("T", "D"),
    line("T", "U", -1), line("S", "ZZ"), line("S", "F" * 64), line("S"), line("S", "1", "2"),
    line("R", "--1:2:3"), line("R", "1:2"), line("R", "64:1:1"), line("B", "x", "y"), line("B"),
    line("F"), line("F", "x" * 150), line("A", "999", "ok"), line("A"), line("L", "x"),
    line("L", "5", "9"), line("L"), line("H", "junk"), line("H", 2, "a", "b", "c", "d"),
    line("H", 1, "a", "b", "kaskade-8x8", 63), line("Q"), line("K", 1, 2),
]


def test_fuzz_crc_valid_absurd_lines_leave_the_link_alive(board):
    """Hundreds of well-formed lines that make no sense, with sequence numbers that jump: after
    each burst the link is alive and the next real touch arrives."""
    rng = random.Random(5)
    pads = [p for p in range(PROFILE.pads) if p not in (0, 63)]
    for burst in range(6):
        lines = [rng.choice(ABSURD) for _ in range(40)]
        jumbled = b"".join(
            proto.encode(chr(raw[0]), rng.randrange(proto.SEQUENCES),
                         raw[:-5].decode().split(" ")[2:]) for raw in lines)
        board.device.line.inject(jumbled)
        alive_and_touching(board, pads[burst * 7])
    assert board.link.problem is None


def test_readings_beyond_the_board_are_dropped(board):
    board.link.stream_readings(True)
    board.expect(lambda e: isinstance(e, PadReadings))
    board.device.line.inject(line("R", "200:1:1", "3:4:5", seq=9))
    readings = board.expect(lambda e: isinstance(e, PadReadings) and
                            any(r == (3, 4, 5) for r in e.readings))
    assert all(pad < PROFILE.pads for pad, _, _ in readings.readings)


@pytest.mark.parametrize("name", ["mein brett", "plateau-𝔞"])
def test_a_profile_with_an_odd_file_name_connects(tmp_path, name):
    """The file name once went into the hello as it was: a space split it in two (the board
    never connected) and a letter beyond ASCII stopped the firmware at start."""
    from controller.devices.interfaces import PadDown
    from controller.profile import load_profile
    from controller.profile.firmware import board_id
    from sim.touch_board.serve import RunningDevice

    path = tmp_path / f"{name}.toml"
    path.write_text((Path("wiring") / "kaskade-mini.toml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    profile = load_profile(str(path))
    device = RunningDevice(profile, tmp_path / "board")
    device.start()
    events = []
    link = TouchLink(profile, lambda: str(tmp_path / "board"), retry=0.1)
    link.start(events.append)
    try:
        deadline = time.monotonic() + 60
        while TouchesBack() not in events and time.monotonic() < deadline:
            time.sleep(0.05)
        assert TouchesBack() in events
        assert link.hello.board == board_id(profile)
        settled = device.device.machine.now_ms + 300  # the baselines settle: 0.3 s of scans
        while device.device.machine.now_ms < settled and time.monotonic() < deadline:
            time.sleep(0.01)
        device.pads.down(9)
        deadline = time.monotonic() + 60
        while PadDown(9) not in events and time.monotonic() < deadline:
            time.sleep(0.05)
        assert PadDown(9) in events
    finally:
        link.close()
        device.close()


@pytest.mark.parametrize("thresholds", [(10 ** 250, 1), (5, 9), (70000, 1), (5, -1)])
def test_thresholds_the_board_could_not_take_are_refused_before_the_link_starts(thresholds):
    with pytest.raises(ValueError, match="not touch > release >= 0"):
        TouchLink(PROFILE, lambda: "/dev/null", thresholds=thresholds)
