"""The web companion's event stream read as the page reads it, on a thread of its own: the
benchmarks time when each picture reached the page from it."""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Callable
from typing import Any


class StreamReader:
    """Reads the server-sent events of ``address`` + ``path`` and hands each event's JSON to
    ``take`` under :attr:`changed` (a condition that is notified after each)."""

    def __init__(self, address: str, path: str, take: Callable[[dict[str, Any]], None]) -> None:
        self.take = take
        self.changed = threading.Condition()
        self.stream = urllib.request.urlopen(address + path.lstrip("/"), timeout=30)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for raw in self.stream:
                line = raw.decode()
                if line.startswith("data: "):
                    state = json.loads(line[6:])
                    with self.changed:
                        self.take(state)
                        self.changed.notify_all()
        except (OSError, ValueError, AttributeError):
            return  # closed by close(): http.client drops its socket mid-read

    def wait_for(self, condition: Callable[[], bool], timeout: float) -> bool:
        """Whether ``condition`` came true within ``timeout`` seconds."""
        with self.changed:
            return self.changed.wait_for(condition, timeout)

    def close(self) -> None:
        self.stream.close()
