"""Between the board app's loop (one thread) and the web server (another): the loop publishes
what the board shows after every step, and runs what the server asks of the app on its own
thread, so the app is never touched from two threads at once.

* :meth:`Bridge.publish` is called by the loop after each step whose changes are saved (a
  move reaches the page only once it is on the card): a :class:`Snapshot` of the
  picture (the canvas as the renderers drew it, and the brightness), the screen's description
  and the game goes to the ``board`` channel, the touch sensors' readings (while a page
  watches them) to the ``sensors`` channel; each keeps a version that grows with every change.
  While a failed save keeps a change off the card, :meth:`Bridge.hold` keeps the last picture
  saved and adds why the rest waits.
* :meth:`Bridge.call` hands a function to the loop (as a ``Call``, see
  :mod:`controller.app.loop`) and returns a future for its result; :meth:`Bridge.post` hands
  it an input event (a touch, a button).
* Web clients wait for a newer value with :meth:`Channel.wait`: the loop wakes them through
  their asyncio loop, never by polling; a wait that times out or is cancelled (the page went)
  takes itself off the list, so a still board keeps no pile of waiters.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from controller.app.loop import Call
from controller.app.screens.game import GameScreen
from controller.app.screens.lesson import LessonScreen
from controller.app.seats import HUMAN
from controller.devices.interfaces import InputEvent
from controller.games.status import standing

if TYPE_CHECKING:
    from controller.app.app import App
    from controller.app.driver import Driver
    from controller.app.session import Session

T = TypeVar("T")


@dataclass(frozen=True)
class Snapshot:
    """What the board shows."""

    screen: str
    description: str
    pixels: bytes
    """The canvas, RGB per LED, LED row 0 (the bottom) first."""
    brightness: float
    game: dict[str, Any] | None
    """The game in play or waiting: its name, JSON, moves and who made each, whose turn in
    words, finished."""
    waiting: tuple[str, ...] = ()
    """The games with an unfinished game to continue."""
    update: float | None = None
    """How far a firmware update under way has come (0-1), while one is."""
    covered: bool = False
    """A pairing code is on the LEDs: the web companion shows unpaired devices a blank board."""
    unsaved: str | None = None
    """Why the board's latest changes are not shown: they could not be saved yet (what is
    shown is the last that was)."""
    spoken: tuple[tuple[int, str], ...] = ()
    """The latest words the board says aloud, numbered (a page's voice says the new ones)."""
    language: str = "en"
    """The language they are in."""


@dataclass(frozen=True)
class Readings:
    """The touch sensors' latest readings, while someone watches them."""

    pads: tuple[tuple[int, int] | None, ...]
    """``(raw, distance towards a touch)`` per pad, ``None`` for a pad not read yet."""
    threshold: int
    """The touch threshold, in counts of that distance."""


class Channel(Generic[T]):
    """The latest value of something the loop publishes, with a version that grows whenever
    it changes, and the web clients waiting for a newer one (woken through their own asyncio
    loops, never by polling)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latest: tuple[int, T] | None = None
        self._waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []

    def publish(self, value: T) -> None:
        """Keep ``value`` (on the loop's thread) and wake the waiting clients, if it is new."""
        with self._lock:
            old = self._latest
            if old is not None and old[1] == value:
                return
            self._latest = ((old[0] + 1) if old else 1, value)
            waiters, self._waiters = self._waiters, []
        for loop, event in waiters:
            loop.call_soon_threadsafe(event.set)

    @property
    def latest(self) -> tuple[int, T] | None:
        """The version and the value last published (``None`` before the first)."""
        with self._lock:
            return self._latest

    @property
    def waiting(self) -> int:
        """How many clients wait for a newer value now."""
        with self._lock:
            return len(self._waiters)

    async def wait(self, after: int, timeout: float) -> bool:
        """Wait (in the running asyncio loop) up to ``timeout`` seconds for a version newer
        than ``after``; whether one came. The wait is taken off the list however it ends."""
        event = asyncio.Event()
        waiter = (asyncio.get_running_loop(), event)
        with self._lock:
            if self._latest is not None and self._latest[0] > after:
                return True
            self._waiters.append(waiter)
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return False
        finally:
            with self._lock:
                if waiter in self._waiters:
                    self._waiters.remove(waiter)
        return True


class Bridge:
    """One board app's link to its web server: the board's picture on ``board``, the sensors'
    readings on ``sensors`` (while watched)."""

    def __init__(self) -> None:
        self.board: Channel[Snapshot] = Channel()
        self.sensors: Channel[Readings] = Channel()
        self._post: Callable[[InputEvent | Call], None] | None = None
        self.attached = threading.Event()
        """Set once the loop runs and takes calls (a runner may wait for it before serving)."""
        self._game_key: tuple[Any, ...] | None = None
        self._game: dict[str, Any] | None = None
        self._readings_seen = -1

    # -- the loop's side --------------------------------------------------------------------------

    def attach(self, post: Callable[[InputEvent | Call], None]) -> None:
        """The loop's queue: events and calls go there."""
        self._post = post
        self.attached.set()

    def publish(self, driver: Driver, now: float) -> None:
        """After a step of the loop: keep what the board shows (and the readings, when new
        ones came), waking the clients that wait for a change."""
        app = driver.app
        self.board.publish(Snapshot(type(app.screen).__name__, app.describe(now),
                                    bytes(driver.canvas.pixels), round(app.brightness, 3),
                                    self._game_of(app), tuple(sorted(app.waiting_games())),
                                    app.firmware_update.share, app.announcer.secret,
                                    spoken=tuple(app.announcer.spoken),
                                    language=app.settings.language))
        readings = app.readings
        if readings.watched and readings.count != self._readings_seen:
            self._readings_seen = readings.count
            self.sensors.publish(Readings(
                tuple(readings.pads.get(pad) for pad in range(app.profile.pads)),
                app.touch_threshold))

    def hold(self, problem: str) -> None:
        """The board's latest changes could not be saved: what the clients were shown stays,
        with ``problem`` saying why the rest waits (on the loop's thread)."""
        latest = self.board.latest
        if latest is not None:
            self.board.publish(replace(latest[1], unsaved=problem))

    def _game_of(self, app: App) -> dict[str, Any] | None:
        """The game's part of the snapshot — the one on show: during a lesson the lesson's
        own, never the game set aside meanwhile — made again only when the game changed."""
        screen = app.screen
        session = screen.game.session if isinstance(screen, LessonScreen) else app.session
        if session is None:
            self._game_key, self._game = None, None
            return None
        state = session.state
        playing = isinstance(screen, GameScreen) and screen.session is session
        key = (id(session), state.plies, session.finished, session.resigned, playing)
        if key != self._game_key:
            self._game_key = key
            self._game = {"name": state.info.name, "title": state.info.title,
                          "json": state.to_json(), "moves": list(session.moves),
                          "said": list(session.said),
                          "movers": [_mover_name(state.info.players, mover, drawn)
                                     for mover, drawn in zip(session.movers, session.drawn,
                                                             strict=True)],
                          "standing": standing(state), "finished": session.finished,
                          "lesson": isinstance(screen, LessonScreen),
                          "playing": playing and not session.finished,
                          "id": session.tags.get("Id", ""), **_result_of(session)}
        return self._game

    # -- the server's side ------------------------------------------------------------------------

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


def _mover_name(players: tuple[str, ...], mover: int, drawn: bool) -> str:
    """Who made a move: a player (``white``), or ``chance`` (a die, a shuffle)."""
    return "chance" if drawn or not 0 <= mover < len(players) else players[mover]


def _result_of(session: Session[Any]) -> dict[str, Any]:
    """Who sits where (``{"white": "human", "black": "computer 2"}``), and once the game is
    over its winner (a player, or ``None``: a draw, or a lost solitaire) and why it ended."""
    players = session.state.info.players
    outcome = session.state.outcome()
    winner = session.winner if session.finished else None
    ended = outcome.reason if outcome is not None else session.tags.get("Termination")
    return {"seats": {p: session.tags.get(p.capitalize(), HUMAN) for p in players},
            "winner": players[winner] if winner is not None else None,
            "ended": ended if session.finished else None}
