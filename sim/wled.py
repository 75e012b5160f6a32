"""A stand-in for an LED controller on the network, such as WLED: it takes DDP packets on UDP
(as ``hw.leds.ddp`` sends them), puts each frame together from its packets by their offsets and
keeps it when the push flag comes, as a controller would show it then. Tests and the Pi stage's
emulated machine see the board's LEDs through it."""

from __future__ import annotations

import socket
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from controller.errors import KaskadeError

HEADER = struct.Struct(">BBBBIH")
VERSION_MASK, VERSION_1 = 0xC0, 0x40
PUSH, TIMECODE = 0x01, 0x10


class ReceiverError(KaskadeError, TimeoutError):
    """The frame waited for did not come."""


@dataclass(frozen=True)
class Received:
    """A frame as the controller shows it: red, green and blue of each LED, in chain order."""

    rgb: bytes
    at: float
    """When its push came (``time.monotonic``)."""
    packets: int

    @property
    def leds(self) -> list[tuple[int, int, int]]:
        data = self.rgb
        return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data) - 2, 3)]


class DdpReceiver:
    """Listens on ``host``:``port`` (port 0: one the system picks, then :attr:`port`) for a
    chain of ``leds`` LEDs; keeps every frame pushed, and the malformed packets it dropped."""

    def __init__(self, leds: int, host: str = "127.0.0.1", port: int = 0) -> None:
        self.leds = leds
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._socket.bind((host, port))
        self._socket.settimeout(0.2)
        self.port: int = self._socket.getsockname()[1]
        self.frames: list[Received] = []
        self.dropped: list[str] = []
        self._building = bytearray(3 * leds)
        self._parts = 0
        self._changed = threading.Condition()
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._receive, daemon=True)
        self._thread.start()

    def _receive(self) -> None:
        while not self._closing.is_set():
            try:
                packet = self._socket.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return
            self._take(packet)

    def _take(self, packet: bytes) -> None:
        if len(packet) < HEADER.size:
            self.dropped.append(f"{len(packet)} bytes: shorter than a header")
            return
        flags, _sequence, _kind, _target, offset, length = HEADER.unpack_from(packet)
        start = HEADER.size + (4 if flags & TIMECODE else 0)
        data = packet[start:start + length]
        if flags & VERSION_MASK != VERSION_1 or len(data) != length or \
                offset + length > len(self._building):
            self.dropped.append(f"flags {flags:#04x}, offset {offset}, length {length}, "
                                f"{len(data)} bytes of data")
            return
        self._building[offset:offset + length] = data
        self._parts += 1
        if flags & PUSH:
            with self._changed:
                self.frames.append(Received(bytes(self._building), time.monotonic(),
                                            self._parts))
                self._parts = 0
                self._changed.notify_all()

    def wait(self, matches: Callable[[Received], bool], timeout: float,
             start: int = 0) -> Received:
        """The first frame from the ``start``-th on that ``matches``, waiting for it up to
        ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for frame in self.frames[start:]:
                    if matches(frame):
                        return frame
                left = deadline - time.monotonic()
                if left <= 0:
                    raise ReceiverError(f"no matching frame in {timeout:g} s "
                                        f"({len(self.frames)} frames came, "
                                        f"{len(self.dropped)} packets dropped)")
                self._changed.wait(left)

    def close(self) -> None:
        self._closing.set()
        self._socket.close()
        self._thread.join(timeout=5)

    def __enter__(self) -> DdpReceiver:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
