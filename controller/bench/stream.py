"""The web companion as the page talks to it, for the benchmarks: its event stream read on a
thread of its own (when each picture reached the page), and a paired page's JSON requests."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import urllib.request
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


def post_json(address: str, path: str, body: dict[str, Any], token: str,
              timeout: float = 30.0) -> None:
    """``POST`` ``body`` to ``path`` as the paired page with ``token`` does."""
    request = urllib.request.Request(address + path.lstrip("/"), json.dumps(body).encode(),
                                     {"Content-Type": "application/json",
                                      "Authorization": f"Bearer {token}"}, method="POST")
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        answer.read()
