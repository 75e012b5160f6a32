"""A serial line in memory: the microcontroller's end as the firmware uses it, the host's end
as pyserial's ``Serial`` (``read``, ``write``, ``timeout``, ``close``). For tests and
benchmarks that step the firmware on a virtual clock, with no pseudo-terminal in between."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class SerialLine:
    """Both ends of one line; ``reset`` is what the microcontroller's reset does."""

    def __init__(self, reset: Callable[[], None] | None = None) -> None:
        self._to_board = bytearray()
        self._to_host = bytearray()
        self._lock = threading.Condition()
        self.reset_hook = reset
        self.host = HostEnd(self)
        self.pump: Callable[[], None] | None = None
        """Called when the host waits for data: lets a test step the firmware meanwhile, on
        the device's own clock."""

    # the microcontroller's end

    def read(self) -> bytes | None:
        with self._lock:
            if not self._to_board:
                return None
            data = bytes(self._to_board)
            self._to_board.clear()
            return data

    def write(self, buf: Any, length: int) -> None:
        with self._lock:
            self._to_host += bytes(buf[:length])
            self._lock.notify_all()

    def reset(self) -> None:
        if self.reset_hook is not None:
            self.reset_hook()


class HostEnd:
    """The host's end, shaped like ``serial.Serial``."""

    def __init__(self, line: SerialLine) -> None:
        self.line = line
        self.timeout: float | None = 0.0
        self.is_open = True

    @property
    def in_waiting(self) -> int:
        return len(self.line._to_host)

    def read(self, size: int = 1) -> bytes:
        line = self.line
        if not line._to_host and line.pump is not None:
            line.pump()
        with line._lock:
            if not line._to_host and self.timeout and line.pump is None:
                line._lock.wait(self.timeout)
            data = bytes(line._to_host[:size])
            del line._to_host[:size]
            return data

    def write(self, data: bytes) -> int:
        with self.line._lock:
            self.line._to_board += data
        return len(data)

    def close(self) -> None:
        self.is_open = False
