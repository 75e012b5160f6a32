"""What one web client may hold of the board's computer: connections, time and header sizes.

A board shares its process — and its file descriptors — with the game and its saves, so the
web companion must never take them all. aiohttp has the timeouts and sizes as knobs; what it
lacks, a cap on open connections, is a thin wrapper around the server's protocol factory
(:class:`ConnectionLimit`):

* at most :func:`connection_cap` connections are open at once (a quarter of the process's
  file descriptors, at most :data:`MAX_CONNECTIONS`), in classes: connections being answered,
  the streams of paired pages (at most :data:`PAIRED_STREAMS`), the streams of unpaired pages
  (at most a quarter of the cap) and idle connections (no request being answered, no stream:
  a flood's). One more closes the idle connection that has been quiet longest, else the
  oldest stream of an unpaired page, else — every one being answered or a paired page's
  stream — the newcomer: the family's open page is never the one closed to make room. A
  class past its own limit closes its own oldest stream (the page opens it again);
* a connection that has not sent a whole request head within ``idle_seconds`` of opening, or
  sits idle that long between requests, is closed (aiohttp's ``keepalive_timeout`` does both);
  a request's body has its own limit (:data:`controller.web.api.BODY_SECONDS`);
* request lines and header fields are at most :data:`MAX_LINE` bytes, :data:`MAX_HEADERS`
  of them;
* what cannot be accepted at all (the process is out of descriptors anyway) is logged once
  per :data:`REPORT_SECONDS` with a count, never as a traceback per connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

MAX_CONNECTIONS = 512
PAIRED_STREAMS = 32
"""Streams of paired pages open at once (a household's phones and computers, each page with
its board and maybe its sensors)."""
IDLE_SECONDS = 15.0
MAX_LINE = 8190
MAX_HEADERS = 32
REPORT_SECONDS = 10.0
PAIRED, UNPAIRED = "paired", "unpaired"
"""The classes of streams."""
BACKLOG = 128


def connection_cap(limit: int | None = None) -> int:
    """Connections allowed at once: a quarter of ``limit`` file descriptors (the process's
    soft limit by default), between 16 and :data:`MAX_CONNECTIONS`."""
    if limit is None:
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        limit = soft if soft != resource.RLIM_INFINITY else 4 * MAX_CONNECTIONS
    return max(16, min(MAX_CONNECTIONS, limit // 4))


@dataclass(frozen=True)
class Limits:
    """The limits of one server (tests shorten them)."""

    connections: int
    idle_seconds: float = IDLE_SECONDS

    @classmethod
    def default(cls) -> Limits:
        """The limits of a board's server: the cap from this process's file descriptors."""
        return cls(connection_cap())

    def handler_options(self) -> dict[str, Any]:
        """aiohttp's own knobs for these limits (``AppRunner``'s handler arguments)."""
        return {"keepalive_timeout": self.idle_seconds, "max_line_size": MAX_LINE,
                "max_field_size": MAX_LINE, "max_headers": MAX_HEADERS}


class Throttled:
    """Logs a recurring problem once per ``seconds``, with how often it happened."""

    def __init__(self, what: str, seconds: float = REPORT_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.what = what
        self.seconds = seconds
        self.clock = clock
        self.count = 0
        self._last: float | None = None

    def happened(self, detail: object) -> None:
        """It happened again (``detail`` goes into the report, when one is due)."""
        self.count += 1
        now = self.clock()
        if self._last is None or now - self._last >= self.seconds:
            log.warning("%s (%d time(s) since the last report): %s", self.what, self.count,
                        detail)
            self.count, self._last = 0, now


def quiet_accept_errors(loop: asyncio.AbstractEventLoop) -> Throttled:
    """Make ``loop`` report a failing ``accept()`` once per interval instead of logging a
    traceback for each connection; other errors go on as before."""
    report = Throttled("the web companion could not accept connections")

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if "accept" in str(context.get("message", "")):
            report.happened(context.get("exception") or context.get("message"))
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handle)
    return report


class ConnectionLimit:
    """A protocol factory around aiohttp's (``runner.server``) that keeps at most ``cap``
    connections open (see the module's text)."""

    def __init__(self, factory: Callable[[], asyncio.Protocol], cap: int) -> None:
        self.factory = factory
        self.cap = cap
        self.open: OrderedDict[_Counted, None] = OrderedDict()
        """Open connections, the longest quiet first."""
        self._by_transport: dict[Any, _Counted] = {}
        self.dropped = Throttled(f"more than {cap} web connections at once: the quietest "
                                 "were closed")

    def __call__(self) -> asyncio.Protocol:
        return _Counted(self, self.factory())

    @property
    def unpaired_streams(self) -> int:
        """Streams of unpaired pages open at once, at most."""
        return max(4, self.cap // 4)

    def _opened(self, connection: _Counted) -> bool:
        """Make room for ``connection``; whether it may stay."""
        if len(self.open) >= self.cap:
            quiet = next((c for c in self.open if not c.busy and c.stream is None), None) or \
                next((c for c in self.open if not c.busy and c.stream == UNPAIRED), None)
            self.dropped.happened(f"{len(self.open)} open")
            if quiet is None:
                return False
            self._close(quiet)
        self.open[connection] = None
        self._by_transport[connection.transport] = connection
        return True

    def _close(self, connection: _Counted) -> None:
        self._forget(connection)
        connection.abort()

    def _forget(self, connection: _Counted) -> None:
        if connection in self.open:
            del self.open[connection]
            self._by_transport.pop(connection.transport, None)

    def _active(self, connection: _Counted) -> None:
        if connection in self.open:
            self.open.move_to_end(connection)

    @contextlib.contextmanager
    def streaming(self, transport: Any, paired: bool) -> Iterator[None]:
        """While the connection of ``transport`` holds a stream for a ``paired`` page (or an
        unpaired one), it is counted in that class: a paired page's is never closed to make
        room; past its class's limit, the class's oldest other stream is closed."""
        connection = self._by_transport.get(transport)
        if connection is None:
            yield
            return
        kind = PAIRED if paired else UNPAIRED
        connection.stream = kind
        same = [c for c in self.open if c.stream == kind and c is not connection]
        limit = PAIRED_STREAMS if paired else self.unpaired_streams
        for oldest in same[:max(0, len(same) + 1 - limit)]:
            self._close(oldest)
        try:
            yield
        finally:
            connection.stream = None

    @contextlib.contextmanager
    def answering(self, transport: Any) -> Iterator[None]:
        """While a request on ``transport`` is answered, its connection is not closed to make
        room."""
        connection = self._by_transport.get(transport)
        if connection is None:
            yield
            return
        connection.busy += 1
        try:
            yield
        finally:
            connection.busy -= 1
            self._active(connection)


class _Counted(asyncio.Protocol):
    """One connection: aiohttp's protocol, counted."""

    def __init__(self, limit: ConnectionLimit, inner: asyncio.Protocol) -> None:
        self.limit = limit
        self.inner = inner
        self.transport: asyncio.BaseTransport | None = None
        self.busy = 0
        """Requests being answered."""
        self.stream: str | None = None
        """The stream it holds: a paired page's (:data:`PAIRED`), an unpaired one's, or
        none."""
        self.admitted = False

    def abort(self) -> None:
        if isinstance(self.transport, asyncio.Transport):
            self.transport.abort()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        if not self.limit._opened(self):
            self.abort()
            return
        self.admitted = True
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.admitted:
            self.limit._active(self)
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.admitted else None

    def connection_lost(self, exc: Exception | None) -> None:
        self.limit._forget(self)
        if self.admitted:
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.admitted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self.inner.resume_writing()
