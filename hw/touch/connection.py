"""One open serial line to the board, speaking the wire protocol (``firmware/proto.py``).

A ``Connection`` sends commands with their sequence numbers, decodes what arrives (dropping
and counting garbage), counts board messages lost on the way by the gaps in their sequence
numbers, and does the handshake. It knows nothing of reconnecting: that is the link's job.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from firmware import proto
from hw.touch.errors import (
    HandshakeError,
    LinkError,
    NoAnswerError,
    VersionError,
    WrongBoardError,
)

BOARD_KINDS = "HBTSRFAL"
POLL = 0.05
"""Seconds a read waits for the first byte: how often a waiting caller gets control back."""


class Message(NamedTuple):
    kind: str
    seq: int
    fields: list[str]


@dataclass(frozen=True)
class Hello:
    """What the board says about itself."""

    protocol: int
    firmware: str
    content_hash: str
    board: str
    pads: int
    thresholds: tuple[int, int] | None = None
    """Its touch and release thresholds now (firmware before 0.2 does not say)."""

    @classmethod
    def parse(cls, fields: Sequence[str]) -> Hello:
        """The hello's fields, checked; :class:`HandshakeError` for anything else."""
        numbers = [fields[0], fields[4], *fields[5:]] if len(fields) in (5, 7) else []
        if not numbers or not all(n.isdigit() and len(n) <= 5 for n in numbers):
            raise HandshakeError(f"the board's hello makes no sense: {' '.join(fields)}")
        thresholds = (int(fields[5]), int(fields[6])) if len(fields) == 7 else None
        return cls(int(fields[0]), fields[1], fields[2], fields[3], int(fields[4]), thresholds)


def parse_levels(fields: Sequence[str]) -> tuple[int, int] | None:
    """The thresholds of a levels line (``None`` if it makes no sense)."""
    if len(fields) == 2 and all(f.isdigit() and len(f) <= 5 for f in fields):
        return int(fields[0]), int(fields[1])
    return None


class Connection:
    """The protocol over ``serial`` (pyserial's ``Serial`` or anything shaped like it: ``read``
    with a timeout, ``write``, ``close``). ``traffic``, if given, sees every line both ways."""

    def __init__(self, serial: Any, clock: Callable[[], float] = time.monotonic,
                 traffic: Callable[[str, bytes], None] | None = None) -> None:
        self.serial = serial
        self.clock = clock
        self.traffic = traffic
        self.decoder = proto.Decoder(BOARD_KINDS)
        self.outgoing = proto.Sequence()
        self.incoming = proto.Sequence()
        self.missed = 0
        """Board messages lost so far (gaps in their sequence numbers)."""
        self.last_heard = clock()
        self.held: list[Message] = []
        """Messages that arrived while waiting for something else."""

    def send(self, kind: str, fields: Sequence[Any] = ()) -> int:
        """Send a command; its sequence number."""
        seq = self.outgoing.take()
        line = proto.encode(kind, seq, fields)
        if self.traffic:
            self.traffic("out", line)
        self.serial.write(line)
        return seq

    def receive(self, timeout: float = POLL) -> list[Message]:
        """What arrived within ``timeout`` seconds (returning as soon as something did)."""
        if self.held:
            held, self.held = self.held, []
            return held
        if self.serial.timeout != timeout:  # pyserial reconfigures the port on every change
            self.serial.timeout = timeout
        data = self.serial.read(1)
        if not data:
            return []
        waiting = self.serial.in_waiting
        if waiting:
            data += self.serial.read(waiting)
        messages = []
        for kind, seq, fields in self.decoder.feed(data):
            self.last_heard = self.clock()
            if kind == proto.HELLO:
                self.incoming.restart()  # a (re)started board counts from 0 again
            self.missed += self.incoming.missed(seq)
            if self.traffic:
                self.traffic("in", proto.encode(kind, seq, fields))
            messages.append(Message(kind, seq, fields))
        return messages

    def wait_for(self, accept: Callable[[Message], bool], timeout: float) -> Message | None:
        """The first message ``accept`` takes, within ``timeout``; the others are held for
        ``receive``."""
        deadline = self.clock() + timeout
        seen: list[Message] = []
        try:
            while deadline - self.clock() > 0:
                messages = self.receive()
                for index, message in enumerate(messages):
                    if accept(message):
                        seen.extend(messages[index + 1:])  # what came with it is kept too
                        return message
                    seen.append(message)
            return None
        finally:
            self.held = seen + self.held

    def handshake(self, board: str | None = None, pads: int | None = None,
                  timeout: float = 2.0) -> Hello:
        """Ask the board who it is and check it is the firmware and board expected."""
        self.send(proto.QUERY)
        message = self.wait_for(lambda m: m.kind == proto.HELLO, timeout)
        if message is None:
            raise NoAnswerError(
                f"no answer from the board's firmware within {timeout:g} s (it may not be "
                "installed or may have stopped: kaskade firmware status tells)")
        self.held = [m for m in self.held if m.kind != proto.HELLO]
        hello = Hello.parse(message.fields)
        if hello.protocol != proto.VERSION:
            raise VersionError(
                f"the board's firmware {hello.firmware} speaks protocol {hello.protocol}, this "
                f"program {proto.VERSION}: update it with kaskade firmware flash")
        if board is not None and hello.board != board:
            raise WrongBoardError(
                f"the board's firmware is set up for {hello.board}, not {board}: flash it "
                f"with this profile (kaskade firmware flash --profile {board})")
        if pads is not None and hello.pads != pads:
            raise WrongBoardError(f"the board reports {hello.pads} pads, the profile has {pads}")
        return hello

    def request(self, kind: str, fields: Sequence[Any] = (), timeout: float = 2.0) -> None:
        """Send a command and wait for the board's answer; LinkError if it refuses or is
        silent."""
        seq = self.send(kind, fields)
        answer = self.wait_for(
            lambda m: m.kind == proto.ANSWER and m.fields[:1] == [str(seq)], timeout)
        if answer is None:
            raise LinkError(f"the board did not answer command {kind} within {timeout:g} s")
        if answer.fields[1:2] != ["ok"]:
            raise LinkError(f"the board refused command {kind} {' '.join(map(str, fields))}: "
                            f"{' '.join(answer.fields[2:]) or 'no reason given'}")

    def close(self) -> None:
        self.serial.close()
