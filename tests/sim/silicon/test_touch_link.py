"""The Pi's side against the real touch firmware on the emulated Pico, over the pseudo-terminal:
the touch link the app uses receives a finger's touch, ``kaskade calibrate`` reads the sensors,
and every command of the wire protocol (docs/protocol.md) is answered. The tests share one
booted Pico with the 8x8 board's six MPR121s in each process, and each leaves it as it found
it: no finger down, the firmware's thresholds."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator

import pytest
import serial

from controller.cli import build_parser
from controller.cli import calibrate as calibrate_command
from controller.devices.firmware import bundled
from controller.devices.interfaces import PadDown, PadUp, TouchesBack
from controller.profile.firmware import board_id
from firmware import proto
from hw.touch.connection import Connection, Message
from hw.touch.link import TouchLink
from hw.touch.ports import open_serial
from sim.silicon.emulator import Pico
from sim.silicon.relay import PseudoTerminal
from sim.silicon.touch_board import SILENCE
from tests.support.calibration_report import read_report

from .test_boot import BOOT
from .test_firmware import PROFILES, flashed, line

pytestmark = pytest.mark.silicon

PROFILE = PROFILES["mpr121"]()


@pytest.fixture(scope="module")
def board(rp2_image, run_folder) -> Iterator[PseudoTerminal]:
    with flashed(rp2_image, run_folder, "mpr121") as terminal:
        yield terminal


def lift(pico: Pico, pad: int) -> None:
    """The finger off ``pad``, and its release reported."""
    start = pico.event_count()
    pico.touch(pad, touched=False)
    line(pico, start, "U", str(pad))


def expect(events: queue.Queue[object], wanted: object) -> None:
    """Until the touch link reports ``wanted`` (what it reports before is passed over)."""
    seen = []
    try:
        while (event := events.get(timeout=BOOT)) != wanted:
            seen.append(event)
    except queue.Empty:
        pytest.fail(f"the link did not report {wanted} within {BOOT} s; it did: {seen}")


def test_the_touch_link_receives_a_scripted_finger(board):
    events: queue.Queue[object] = queue.Queue()
    link = TouchLink(PROFILE, lambda: board.port, silence=SILENCE, retry=0.1)
    link.start(events.put)
    try:
        expect(events, TouchesBack())
        assert link.hello is not None
        assert link.hello.content_hash in bundled().hashes
        board.pico.touch(42)
        expect(events, PadDown(42))
        board.pico.touch(42, touched=False)
        expect(events, PadUp(42))
    finally:
        link.close()


def test_the_touch_link_follows_the_board_through_a_reset(board):
    """A restart the link asks for (X) resets the Pico: it leaves the bus and comes back on a
    new terminal; the link lets go, finds it again where it now is, and takes touches there
    — the restart, asked for, is not counted as news."""
    events: queue.Queue[object] = queue.Queue()
    link = TouchLink(PROFILE, lambda: board.port, silence=SILENCE, retry=0.1)
    link.start(events.put)
    try:
        expect(events, TouchesBack())
        arrivals = board.arrivals
        start = board.pico.event_count()
        link.command(proto.REBOOT, [])
        board.wait_arrival(arrivals + 1, BOOT)
        expect(events, TouchesBack())
        # the link may be back before the firmware's first scan, whose readings are the
        # baselines: a finger must come after it
        at, _ = board.pico.wait_line(lambda text: text.startswith("H 0 "), BOOT, start)
        board.pico.wait_line(lambda text: text.startswith("B "), BOOT, at)
        board.pico.touch(30)
        expect(events, PadDown(30))
        board.pico.touch(30, touched=False)
        expect(events, PadUp(30))
        assert link.restarts == 0
    finally:
        link.close()


def test_calibrate_shows_the_touched_pad_and_suggests_thresholds(board, tmp_path, capsys):
    """The watch runs on the Pico's own clock (the stamps of its lines), so its hands-off
    half and the finger in the second half keep their order however slow the host is."""
    pico = board.pico
    seconds = 2.0

    def finger_in_the_second_half() -> None:
        start = pico.event_count()
        pico.wait_line(lambda text: text.startswith("R "), BOOT, start)  # the watch began
        pico.touch(9, after_ms=seconds * 1000 * 0.7)  # b2

    finger = threading.Thread(target=finger_in_the_second_half, daemon=True)
    finger.start()
    args = build_parser().parse_args(["calibrate", "--port", board.port, "--seconds",
                                      str(seconds), "--state-dir", str(tmp_path)])
    try:
        assert calibrate_command.run(args, pico.simulated_seconds) == 0
    finally:
        finger.join(BOOT)
        lift(pico, 9)
    out = capsys.readouterr().out
    heading = f"{board_id(PROFILE)}: firmware {bundled().version}"
    row_2, touch, release = read_report(out, heading)
    assert row_2.split()[2].endswith("*"), out  # b2, past the touch threshold
    assert 0 <= release < touch, out


def answer(connection: Connection, seq: int) -> list[str]:
    """The fields of the board's answer to command ``seq`` after the sequence number."""
    message = connection.wait_for(
        lambda m: m.kind == proto.ANSWER and m.fields[:1] == [str(seq)], BOOT)
    assert message is not None, f"no answer to command {seq}"
    return message.fields[1:]


def next_of(connection: Connection, kind: str) -> Message:
    message = connection.wait_for(lambda m: m.kind == kind, BOOT)
    assert message is not None, f"no {kind} line"
    return message


def receive_until_gone(connection: Connection) -> None:
    while True:
        connection.receive()


def test_every_command_of_the_protocol_is_answered(board):
    pico = board.pico
    connection = Connection(open_serial(board.port))
    try:
        # Q: the hello, its thresholds those the firmware starts with
        hello = connection.handshake(board_id(PROFILE), PROFILE.pads, timeout=BOOT)
        assert (hello.protocol, hello.firmware) == (proto.VERSION, bundled().version)
        assert hello.content_hash in bundled().hashes
        assert hello.thresholds is not None
        # Y: the state, a finger on pad 5 (f1) and nowhere else
        start = pico.event_count()
        pico.touch(5)
        line(pico, start, "D", "5")
        connection.send(proto.RESYNC)
        assert int(next_of(connection, proto.STATE).fields[0], 16) == 1 << 5
        lift(pico, 5)
        # C: new baselines
        assert answer(connection, connection.send(proto.CALIBRATE)) == ["ok"]
        # K: thresholds set and reported; impossible ones refused
        assert answer(connection, connection.send(proto.THRESHOLDS, [20, 9])) == ["ok"]
        assert next_of(connection, proto.LEVELS).fields == ["20", "9"]
        assert answer(connection, connection.send(proto.THRESHOLDS, [5, 9])) == \
            ["error", "thresholds"]
        connection.request(proto.THRESHOLDS, list(hello.thresholds), timeout=BOOT)
        # D: the readings stream on, off; anything else refused
        assert answer(connection, connection.send(proto.DIAGNOSE, [1])) == ["ok"]
        readings = next_of(connection, proto.READINGS).fields
        assert readings
        assert all(len(field.split(":")) == 3 for field in readings), readings
        assert answer(connection, connection.send(proto.DIAGNOSE, [0])) == ["ok"]
        assert answer(connection, connection.send(proto.DIAGNOSE, [2])) == ["error", "diagnose"]
        # X: the answer, and a restart: the Pico leaves the bus and comes back, under a new
        # name while the old one is held; there, its hello and why it restarted
        arrivals = board.arrivals
        old_path = board.path
        assert answer(connection, connection.send(proto.REBOOT)) == ["ok"]
        new_path = board.wait_arrival(arrivals + 1, BOOT)
        assert new_path != old_path
        with pytest.raises(serial.SerialException):  # the device went away
            receive_until_gone(connection)
    finally:
        connection.close()
    again = Connection(open_serial(board.port))
    try:
        assert again.handshake(board_id(PROFILE), PROFILE.pads, timeout=BOOT).content_hash == \
            hello.content_hash
        assert next_of(again, proto.FAULT).fields == ["restart", "asked"]
    finally:
        again.close()
    pico.wait_line(lambda text: text.startswith("B "), BOOT, pico.event_count())
