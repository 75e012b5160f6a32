"""Between the board app's loop (one thread) and the web server (another): the loop publishes
what the board shows after every step, and runs what the server asks of the app on its own
thread, so the app is never touched from two threads at once.

* :meth:`Bridge.publish` is called by the loop after each step: a :class:`Snapshot` of the
  picture (the canvas as the renderers drew it, and the brightness), the screen's description
  and the game, with a version that grows whenever something changed.
* :meth:`Bridge.call` hands a function to the loop (as a ``Call``, see
  :mod:`controller.app.loop`) and returns a future for its result; :meth:`Bridge.post` hands
  it an input event (a touch, a button).
* Web clients wait for a newer snapshot with :meth:`Bridge.subscribe`: the loop wakes them
  through their asyncio loop, never by polling.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from controller.app.loop import Call
from controller.devices.interfaces import InputEvent
from controller.games.status import standing

if TYPE_CHECKING:
    from controller.app.app import App
    from controller.app.driver import Driver


@dataclass(frozen=True)
class Snapshot:
    """What the board shows, at ``version``."""

    version: int
    screen: str
    description: str
    pixels: bytes
    """The canvas, RGB per LED, LED row 0 (the bottom) first."""
    brightness: float
    game: dict[str, Any] | None
    """The game in play or waiting: its name, JSON, moves, whose turn in words, finished."""
    waiting: tuple[str, ...] = ()
    """The games with an unfinished game to continue."""


class Bridge:
    """One board app's link to its web server."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._snapshot: Snapshot | None = None
        self._post: Callable[[InputEvent | Call], None] | None = None
        self._waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []
        self._game_key: tuple[Any, ...] | None = None
        self._game: dict[str, Any] | None = None

    # -- the loop's side --------------------------------------------------------------------------

    def attach(self, post: Callable[[InputEvent | Call], None]) -> None:
        """The loop's queue: events and calls go there."""
        self._post = post

    def publish(self, driver: Driver, now: float) -> None:
        """After a step of the loop: keep what the board shows, and wake the waiting clients
        when it changed."""
        app = driver.app
        snapshot = Snapshot(0, type(app.screen).__name__, app.screen.describe(now),
                            bytes(driver.canvas.pixels), round(app.brightness, 3),
                            self._game_of(app), tuple(sorted(app.waiting_games())))
        with self._lock:
            old = self._snapshot
            if old is not None and replace(old, version=0) == snapshot:
                return
            self._snapshot = replace(snapshot, version=(old.version + 1) if old else 1)
            waiters, self._waiters = self._waiters, []
        for loop, event in waiters:
            loop.call_soon_threadsafe(event.set)

    def _game_of(self, app: App) -> dict[str, Any] | None:
        """The game's part of the snapshot, made again only when the game changed."""
        session = app.session
        if session is None:
            self._game_key, self._game = None, None
            return None
        state = session.state
        key = (id(session), state.plies, session.finished, session.resigned)
        if key != self._game_key:
            self._game_key = key
            self._game = {"name": state.info.name, "title": state.info.title,
                          "json": state.to_json(), "moves": list(session.moves),
                          "standing": standing(state), "finished": session.finished,
                          "id": session.tags.get("Id", "")}
        return self._game

    # -- the server's side ------------------------------------------------------------------------

    @property
    def snapshot(self) -> Snapshot | None:
        """The latest snapshot (``None`` before the loop's first step)."""
        with self._lock:
            return self._snapshot

    def subscribe(self, after: int) -> asyncio.Event:
        """An event (of the running asyncio loop) set once a snapshot newer than ``after``
        exists."""
        event = asyncio.Event()
        with self._lock:
            if self._snapshot is not None and self._snapshot.version > after:
                event.set()
            else:
                self._waiters.append((asyncio.get_running_loop(), event))
        return event

    def post(self, event: InputEvent) -> None:
        """Hand an input event to the app (as the touch board would)."""
        if self._post is None:
            raise RuntimeError("the board app is not running")
        self._post(event)

    def call(self, function: Callable[[App, float], Any]) -> Future[Any]:
        """Run ``function(app, now)`` on the app's thread; the future holds its result."""
        if self._post is None:
            raise RuntimeError("the board app is not running")
        call = Call(function)
        self._post(call)
        return call.reply
