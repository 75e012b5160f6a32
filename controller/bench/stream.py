"""The web companion's event stream read as the page reads it, on a thread of its own: the
benchmarks time when each picture reached the page from it."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit


class StreamReader:
    """Reads the server-sent events of ``address`` + ``path`` and hands each event's JSON to
    ``take`` under :attr:`changed` (a condition that is notified after each).

    The reader owns its socket, so :meth:`close` can wake the thread blocked reading it at
    once (closing the response alone would wait for the stream's next line)."""

    def __init__(self, address: str, path: str, take: Callable[[dict[str, Any]], None]) -> None:
        self.take = take
        self.changed = threading.Condition()
        where = urlsplit(address)
        host, port = where.hostname or "127.0.0.1", where.port or 80
        self.socket = socket.create_connection((host, port), timeout=30)
        connection = http.client.HTTPConnection(host, port, timeout=30)
        connection.sock = self.socket
        connection.request("GET", "/" + path.lstrip("/"))
        self.answer = connection.getresponse()
        if self.answer.status != 200:
            self.close()
            raise ConnectionError(f"{path}: {self.answer.status} {self.answer.reason}")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for raw in self.answer:
                line = raw.decode()
                if line.startswith("data: "):
                    state = json.loads(line[6:])
                    with self.changed:
                        self.take(state)
                        self.changed.notify_all()
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            return  # closed by close()

    def wait_for(self, condition: Callable[[], bool], timeout: float) -> bool:
        """Whether ``condition`` came true within ``timeout`` seconds."""
        with self.changed:
            return self.changed.wait_for(condition, timeout)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RDWR)
        self.socket.close()
