"""The protocol from the Pi's side against the real firmware on the simulated microcontroller,
over a serial line in memory, on the device's clock."""

from __future__ import annotations

import pytest

from controller.profile import load_profile
from firmware import proto
from firmware.identity import VERSION
from hw.touch.connection import Connection
from hw.touch.errors import HandshakeError, LinkError, VersionError, WrongBoardError
from sim.touch_board.device import SimulatedMicrocontroller
from sim.touch_board.line import SerialLine

PROFILE = load_profile("kaskade-8x8")


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def board():
    line = SerialLine()
    device = SimulatedMicrocontroller(PROFILE, line)
    line.reset_hook = device.machine.reset
    clock = FakeClock()

    def pump() -> None:
        device.step(device.period_ms)
        clock.now += device.period_ms / 1000

    line.pump = pump
    device.boot()
    device.run_for(100)  # the sensors learn their baselines before anyone touches
    return device, Connection(line.host, clock), line


def test_the_handshake_names_the_board(board):
    _, connection, _ = board
    hello = connection.handshake("kaskade-8x8", 64)
    assert (hello.protocol, hello.board, hello.pads, hello.firmware) == (1, "kaskade-8x8", 64,
                                                                         VERSION)
    assert len(hello.content_hash) == 8
    assert hello.thresholds == (12, 6), "the MPR121 driver's own"


def test_a_board_set_up_for_another_profile_is_refused(board):
    _, connection, _ = board
    with pytest.raises(WrongBoardError, match="set up for kaskade-8x8, not kaskade-16x16: flash"):
        connection.handshake("kaskade-16x16")
    with pytest.raises(WrongBoardError, match="reports 64 pads, the profile has 256"):
        connection.handshake("kaskade-8x8", 256)


class Scripted:
    """A serial device that answers with fixed bytes: not the board's firmware."""

    def __init__(self, answer: bytes) -> None:
        self.answer = answer
        self.timeout = 0.0

    @property
    def in_waiting(self) -> int:
        return len(self.answer)

    def write(self, data: bytes) -> int:
        return len(data)

    def read(self, size: int = 1) -> bytes:
        data, self.answer = self.answer[:size], self.answer[size:]
        return data

    def close(self) -> None:
        pass


def test_the_micropython_prompt_is_not_the_firmware():
    clock = FakeClock()
    connection = Connection(Scripted(b"MicroPython v1.27.0 on 2025-12-10; Raspberry Pi Pico\r\n"
                                     b">>> "), lambda: (setattr(clock, "now", clock.now + 0.3)
                                                         or clock.now))
    with pytest.raises(HandshakeError, match="no answer from the board's firmware"):
        connection.handshake()


def test_firmware_of_another_protocol_version_is_refused():
    connection = Connection(Scripted(proto.encode("H", 0, ["2", "9.0.0", "ABCD0123",
                                                           "kaskade-8x8", "64"])))
    with pytest.raises(VersionError, match="speaks protocol 2, this program 1: update it with "
                                           "kaskade firmware flash"):
        connection.handshake()


def test_commands_are_answered_or_refused_with_the_reason(board):
    device, connection, _ = board
    connection.handshake()
    connection.request(proto.THRESHOLDS, [20, 8])
    assert device.board is not None
    assert (device.board.pads.touch, device.board.pads.release) == (20, 8)
    with pytest.raises(LinkError, match="refused command K 5 9: thresholds"):
        connection.request(proto.THRESHOLDS, [5, 9])


def test_lost_lines_are_counted_by_their_sequence_numbers(board):
    device, connection, line = board
    connection.handshake()
    device.pads.down(5)
    device.run_for(100)
    assert any(m.kind == proto.TOUCH for m in connection.receive(0.0) + connection.receive(0.0))
    assert connection.missed == 0
    device.pads.up(5)
    device.run_for(100)
    line.host.read(4096)  # the release is lost on the way
    device.run_for(1000)
    for _ in range(3):
        connection.receive(0.0)
    assert connection.missed == 1


def test_garbage_and_bursts_from_the_board_are_survived(board):
    device, connection, line = board
    connection.handshake()
    burst = b"\x00\xff\x03garbage" * 50 + b"\n" + b"Z" * 5000 + b"\n"
    line.write(burst, len(burst))
    device.pads.down(9)
    device.run_for(100)
    touches = [m for _ in range(5) for m in connection.receive(0.0) if m.kind == proto.TOUCH]
    assert touches[0].fields == ["D", "9"]
    assert connection.decoder.dropped["garbage"] == 1
    assert connection.decoder.dropped["long"] == 1
