"""The web companion's server: aiohttp on its own thread and asyncio loop, beside the board
app's loop. It serves the page (``page/``: plain HTML, CSS and JavaScript, no build step) and the
JSON API (:mod:`controller.web.api`), behind the checks of :mod:`controller.web.guard` (Host,
Origin, headers) and within the limits of :mod:`controller.web.limits` (connections, timeouts).

Errors never leak a traceback: an HTTP error keeps its status with a JSON ``error``; anything
else is logged and answered with a 500.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from aiohttp import web

from controller.app.history import History
from controller.app.pairing import Pairing
from controller.errors import KaskadeError
from controller.profile.model import Profile
from controller.web.api import READING, Api, Handler
from controller.web.bridge import Bridge
from controller.web.guard import Guard, own_names, security_headers
from controller.web.health import Checks, HealthRoutes
from controller.web.limits import BACKLOG, ConnectionLimit, Limits, quiet_accept_errors
from controller.web.upgrade import UpgradeRoutes

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
PAGE_FILES = {"index.html": "text/html", "board.js": "text/javascript",
              "board.css": "text/css", "mqtt.js": "text/javascript",
              "remote.js": "text/javascript", "sha2.js": "text/javascript",
              "chance.js": "text/javascript", "seat.js": "text/javascript",
              "remote_link.js": "text/javascript", "remote_tap.js": "text/javascript"}


class WebError(KaskadeError, OSError):
    """The server could not start (the address is taken, not ours, or not an address)."""


@dataclass(frozen=True)
class Serving:
    """Where and how a command serves the web companion: ``host``:``port``; ``reading``, who
    may see the board unless the settings say (``paired`` or ``open``); ``hosts``, more names
    it answers to."""

    host: str
    port: int
    reading: str = "paired"
    hosts: tuple[str, ...] = ()


def parse_address(text: str, default_host: str = "127.0.0.1") -> tuple[str, int]:
    """``[HOST:]PORT`` -> ``(host, port)``; ``WebError`` says what is wrong."""
    host, colon, port = text.rpartition(":")
    if not colon:
        host, port = default_host, text
    host = host.strip("[]") or default_host
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise WebError(f"{text!r}: give a port (0-65535), or HOST:PORT, e.g. 0.0.0.0:8765")
    return host, int(port)


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


@web.middleware
async def _errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every answer in JSON, whatever went wrong."""
    try:
        return await handler(request)
    except web.HTTPException as error:
        if error.content_type == "application/json" or error.status < 400:
            raise
        return web.json_response({"error": error.reason}, status=error.status)
    except Exception:
        log.exception("the web request %s %s failed", request.method, request.path)
        return web.json_response({"error": "the board could not do that (see its log)"},
                                 status=500)


def make_application(routes: list[web.RouteDef], guard: Guard, limit: ConnectionLimit,
                     websocket: str, paired: Callable[[web.Request], bool]) -> web.Application:
    """The aiohttp application: the page and the API, behind ``guard``; requests being
    answered, and streams by whether ``paired`` says their page is, are marked in
    ``limit``; ``websocket``, the broker the page may reach."""

    @web.middleware
    async def answering(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path.endswith("/stream"):  # a stream is counted by its page's class
            with limit.streaming(request.transport, paired(request)):
                return await handler(request)
        with limit.answering(request.transport):
            return await handler(request)

    application = web.Application(middlewares=[answering, _errors, guard.middleware],
                                  client_max_size=64 * 1024)
    application.on_response_prepare.append(security_headers(websocket))
    page = resources.files("controller.web") / "page"

    async def serve(request: web.Request) -> web.Response:
        name = request.match_info.get("name") or "index.html"
        if name not in PAGE_FILES:
            return web.json_response({"error": f"no page {name!r}"}, status=404)
        return web.Response(body=(page / name).read_bytes(), content_type=PAGE_FILES[name],
                            headers={"Cache-Control": "no-cache"})

    application.add_routes([web.get("/", serve), web.get("/page/{name}", serve),
                            *routes])
    return application


class WebServer:
    """Serves one board: its app through ``bridge``, its ``profile``, its files in
    ``directory`` (pairing) and its ``history``, on ``host``:``port`` (0: any free port).
    ``reading`` says who may see the board (``paired`` devices only, or ``open``), ``hosts``
    more names it answers to than the machine's own, ``limits`` its connections' limits (by
    default a quarter of the process's file descriptors)."""

    def __init__(self, bridge: Bridge, profile: Profile, directory: Path, history: History,
                 host: str = "127.0.0.1", port: int = DEFAULT_PORT,
                 checks: Checks | None = None, reading: str = "paired",
                 hosts: tuple[str, ...] = (), limits: Limits | None = None,
                 websocket: str = "") -> None:
        if reading not in READING:
            raise WebError(f"reading: {' or '.join(READING)}, not {reading!r}")
        self.pairing = Pairing(directory)
        if self.pairing.problem:
            log.warning("%s", self.pairing.problem)
        self.api = Api(bridge, profile, self.pairing, history, reading)
        self.api.websocket = websocket
        self.health = HealthRoutes(self.api, checks)
        self.host, self.port = host, port
        self.guard = Guard(own_names((*hosts, *(() if _is_address(host) else (host,)))))
        self.limits = limits or Limits.default()
        self.limit: ConnectionLimit | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._server: asyncio.Server | None = None
        self._thread: threading.Thread | None = None

    def routes(self) -> list[web.RouteDef]:
        """Every route of the API."""
        return [*self.api.routes(), *self.health.routes(),
                *UpgradeRoutes(self.api, self.pairing.path.parent.parent).routes()]

    @property
    def address(self) -> str:
        """The page's address."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    @property
    def page(self) -> str:
        """The page's address as another machine on the network reaches it (this machine's
        ``NAME.local`` when it serves on every address)."""
        if self.host in ("0.0.0.0", "::", ""):
            return f"http://{socket.gethostname()}.local:{self.port}/"
        return self.address

    def start(self) -> None:
        """Start serving on a thread of its own; ``WebError`` if the address cannot be used."""
        started = threading.Event()
        failure: list[BaseException] = []
        self._loop = asyncio.new_event_loop()

        def serve() -> None:
            assert self._loop is not None
            asyncio.set_event_loop(self._loop)
            try:
                self._loop.run_until_complete(self._open())
            except OSError as error:
                failure.append(error)
                started.set()
                return
            started.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=serve, name="web", daemon=True)
        self._thread.start()
        started.wait(30)
        if failure:
            raise WebError(f"the web companion cannot listen on {self.host}:{self.port}: "
                           f"{getattr(failure[0], 'strerror', None) or failure[0]}")

    async def _open(self) -> None:
        loop = asyncio.get_running_loop()
        quiet_accept_errors(loop)
        self.limit = ConnectionLimit(self._protocol, self.limits.connections)
        self._runner = web.AppRunner(make_application(self.routes(), self.guard, self.limit,
                                                       self.api.websocket, self.api.is_paired),
                                     access_log=None, **self.limits.handler_options())
        await self._runner.setup()
        self._server = await loop.create_server(self.limit, self.host, self.port,
                                                backlog=BACKLOG, reuse_address=True)
        if self.port == 0 and self._server.sockets:
            self.port = int(self._server.sockets[0].getsockname()[1])

    def _protocol(self) -> asyncio.Protocol:
        """A connection's protocol: aiohttp's."""
        assert self._runner is not None and self._runner.server is not None
        return self._runner.server()

    async def _close(self, runner: web.AppRunner) -> None:
        if self._server is not None:
            self._server.close()
        await runner.cleanup()

    def stop(self) -> None:
        """Stop serving."""
        loop, runner = self._loop, self._runner
        if loop is None:
            return
        self.api.closing = True
        if runner is not None:
            asyncio.run_coroutine_threadsafe(self._close(runner), loop).result(timeout=10)
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(timeout=10)
