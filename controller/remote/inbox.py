"""What a connection to the broker heard, on its way from paho's thread to the app's loop.

A message waits here as the latest payload of its topic, and one call on the loop's queue takes
all that waits: a flood of messages — the same topic published again and again, or thousands
of them before the loop comes round — costs at most one payload per topic the connection
follows, never a queue that grows with the flood. Everything else heard (connected, synced, a
fault) is passed on in order, after the messages heard before it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from controller.app.app import App
from controller.app.loop import Call
from controller.remote.broker import Heard

Take = Callable[[Heard, App, float], None]


class Inbox:
    """Hands what is heard to ``take`` on the loop's thread, through ``post`` (which may be
    ``None`` until the loop is there: then nothing is passed on)."""

    def __init__(self, post: Callable[[], Callable[[Call], None] | None], take: Take) -> None:
        self.post = post
        self.take = take
        self._lock = threading.Lock()
        self._waiting: dict[str, Heard] = {}
        self._posted = False

    def heard(self, heard: Heard) -> None:
        """What the broker said (paho's thread)."""
        post = self.post()
        if post is None:
            return
        if heard.what != "message":
            post(Call(lambda app, now: self._then(heard, app, now)))
            return
        with self._lock:
            self._waiting.pop(heard.topic, None)  # the latest last
            self._waiting[heard.topic] = heard
            if self._posted:
                return
            self._posted = True
        post(Call(self._drain))

    @property
    def waiting(self) -> int:
        """Messages waiting for the loop (for the tests and the bench)."""
        with self._lock:
            return len(self._waiting)

    def _drain(self, app: App, now: float) -> None:
        with self._lock:
            waiting, self._waiting, self._posted = self._waiting, {}, False
        for heard in waiting.values():
            self.take(heard, app, now)

    def _then(self, heard: Heard, app: App, now: float) -> None:
        self._drain(app, now)
        self.take(heard, app, now)
