"""How fast a move reaches the other board: two board apps, each on its real-time loop with
its link, play through a real Mosquitto on loopback (TLS, passwords, the ACL of
docs/remote.md); from the moment a move is played on one board to the first frame the other
board hands its LEDs with that move, for every move, and the messages and bytes each move
costs (topic and payload of every message the two boards publish while playing; and apart,
what clearing a game that ended costs, per game), with no
page looking or with a watcher's page (a client with the watcher's credentials that says it is
a page, as the web page does, and follows the offering board's view).

On loopback this is the boards' own cost — checking, the broker's round trip, drawing; a real
connection adds its round trip (tens of milliseconds across a country)."""

from __future__ import annotations

import random
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.loop import Call
from controller.app.loop import run as run_loop
from controller.app.screens.game import GameScreen
from controller.app.store import Store
from controller.bench.mosquitto import Mosquitto
from controller.devices.frame import Frame
from controller.devices.interfaces import Board, PixelsOut
from controller.devices.mock import MockSound
from controller.devices.virtual import VirtualButtons, VirtualTouches
from controller.errors import KaskadeError
from controller.profile import load_profile
from controller.remote.broker import GameConnection, client_for, presence_topic
from controller.remote.config import BrokerSettings
from controller.remote.link import RemoteLink
from controller.remote.view import view_topic

PROFILE = "kaskade-8x8"
WAIT = 30.0
"""Longest wait for a move to arrive before the bench gives up."""


class BenchError(KaskadeError, RuntimeError):
    """The boards did not get through the measurement (the reason says where)."""


class TimedPixels(PixelsOut):
    """The LEDs of a board: each frame noted with the time and the moves the game had."""

    def __init__(self) -> None:
        self.moves: Callable[[], int] = lambda: 0
        self.wanted = -1
        self.arrived = threading.Event()
        self.at = 0.0

    def show(self, frame: Frame) -> None:
        del frame
        self._check_open()
        if self.wanted >= 0 and self.moves() >= self.wanted:
            self.at = time.monotonic()
            self.wanted = -1
            self.arrived.set()

    def expect(self, moves: int) -> None:
        self.at, self.wanted = 0.0, moves
        self.arrived.clear()


class CountingConnection(GameConnection):
    """A board's connection that counts what it publishes."""

    sent: ClassVar[list[int]] = [0, 0]
    """Messages and bytes (topic and payload), over every board."""
    clearing: ClassVar[list[int]] = [0, 0]
    """The same for clearing the boards' parts of games that ended."""

    def send(self, topic: str, payload: bytes, retain: bool = True) -> None:
        CountingConnection.sent[0] += 1
        CountingConnection.sent[1] += len(topic.encode()) + len(payload)
        super().send(topic, payload, retain)

    def clear(self, topics: list[str]) -> None:
        CountingConnection.clearing[0] += len(topics)
        CountingConnection.clearing[1] += sum(len(topic.encode()) for topic in topics)
        super().clear(topics)


class BenchBoard:
    """A board app with its link on a real-time loop of its own."""

    def __init__(self, directory: Path, settings: BrokerSettings) -> None:
        profile = load_profile(PROFILE)
        store = Store.at(directory, PROFILE)
        self.pixels = TimedPixels()
        board = Board(profile, self.pixels, VirtualTouches(), VirtualButtons(), MockSound())
        self.app = App(profile, store, think_seconds=0.1)
        self.pixels.moves = lambda: len(self.app.session.moves) if self.app.session else 0
        self.link = RemoteLink(settings, store.directory, connection=CountingConnection)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=run_loop, args=(Driver(self.app, board), self.stop),
                                       kwargs={"companion": self.link}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + WAIT
        while self.link.post is None:
            if time.monotonic() > deadline:
                raise BenchError("a board's loop did not start")
            time.sleep(0.01)

    def call(self, function: Callable[[App, float], Any]) -> Any:
        call = Call(function)
        assert self.link.post is not None
        self.link.post(call)
        return call.reply.result(timeout=WAIT)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=WAIT)
        self.link.close()


class Watcher:
    """A watcher's page: its presence says it is a page, and it reads the view."""

    def __init__(self, settings: BrokerSettings, game_id: str, host: str) -> None:
        self.presence = presence_topic(game_id, settings.user)
        self.views = threading.Event()
        self.client = client_for(settings, client_id=f"{settings.user}-bench")
        self.client.will_set(self.presence, b'{"v":1,"online":false}', qos=1, retain=True)
        self.client.on_message = lambda client, userdata, message: self.views.set() \
            if message.payload else None
        self.client.connect(settings.host, settings.port)
        self.client.loop_start()
        self.client.subscribe(view_topic(game_id, host), qos=1)
        self.client.publish(self.presence, b'{"v":1,"online":true,"page":true}', qos=1,
                            retain=True)
        if not self.views.wait(WAIT):
            raise BenchError("the offering board published no view for the watcher")

    def leave(self) -> None:
        self.client.publish(self.presence, b"", qos=1, retain=True).wait_for_publish(WAIT)
        self.client.disconnect()
        self.client.loop_stop()


def _screen(app: App) -> GameScreen[Any] | None:
    return app.screen if isinstance(app.screen, GameScreen) else None


def measure_remote(moves: int = 100, size: str = "6x6", seed: int = 1,
                   watch: bool = False) -> dict[str, Any]:
    """Play ``moves`` moves of Kaskade ``size`` between two boards (new games as games end),
    with a watcher's page on each game when ``watch`` says so; the figures in milliseconds,
    messages and bytes."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="kaskade-bench-remote-") as temporary:
        root = Path(temporary)
        (root / "broker").mkdir()
        broker = Mosquitto(root / "broker")
        broker.start()
        boards = [BenchBoard(root / "anna", broker.settings("anna")),
                  BenchBoard(root / "ben", broker.settings("ben"))]
        cleared = list(CountingConnection.clearing)
        try:
            cost = [0, 0, 0]
            latencies = _play(boards, moves, size, rng, cost,
                              broker.settings("watcher") if watch else None)
        finally:
            for board in boards:
                board.close()  # waits for the clearing of a game that ended
            broker.stop()
    sent_messages, sent_bytes, ended = cost
    cleared = [now - before for now, before in zip(CountingConnection.clearing, cleared,
                                                   strict=True)]
    return {
        "moves": len(latencies),
        "median_ms": statistics.median(latencies) * 1000,
        "worst_ms": max(latencies) * 1000,
        "messages_per_move": sent_messages / len(latencies),
        "bytes_per_move": sent_bytes / len(latencies),
        "watcher": watch,
        "games_ended": ended,
        "clearing_messages_per_game": cleared[0] / ended if ended else 0.0,
        "clearing_bytes_per_game": cleared[1] / ended if ended else 0.0,
    }


def _play(boards: list[BenchBoard], moves: int, size: str, rng: random.Random,
          cost: list[int], watcher: BrokerSettings | None) -> list[float]:
    """Offer, join and play, a ``watcher`` looking when one is given; the latency of each
    move (and in ``cost`` the messages and bytes the boards published while playing, and the
    games that ended)."""
    anna, ben = boards
    latencies: list[float] = []
    while len(latencies) < moves:
        code: str = anna.call(lambda app, now: anna.link.offer(app, "kaskade", {"size": size},
                                                               [0]))
        ben.call(partial(_join, ben.link, code))
        _until(lambda: anna.call(lambda app, now: "remote Ben" in (
            app.session.tags.values() if app.session else ())), "Ben joined")
        _until(lambda: ben.call(lambda app, now: app.session is not None and
                                "remote Anna" in app.session.tags.values()), "Ben's game")
        before = list(CountingConnection.sent)  # the moves' cost, not the invite's
        page = None
        if watcher is not None:
            game = anna.call(lambda app, now: anna.link.game.game_id if anna.link.game else "")
            page = Watcher(watcher, game, anna.link.settings.user)
        while len(latencies) < moves:
            mover = next((board for board in boards if board.call(
                lambda app, now: (s := _screen(app)) is not None and s.person_to_move())), None)
            if mover is None:
                cost[2] += 1
                break  # the game is over
            other = ben if mover is anna else anna

            def play(app: App, now: float) -> int:
                screen = _screen(app)
                assert screen is not None
                screen.play(rng.choice(screen.state.legal_moves()), now)
                return len(screen.session.moves)

            count = mover.call(lambda app, now: len(app.session.moves) + 1
                               if app.session else 0)
            other.pixels.expect(count)
            start = time.monotonic()
            mover.call(play)
            if not other.pixels.arrived.wait(WAIT):
                raise BenchError(f"a move did not reach the other board within {WAIT:g} s")
            latencies.append(other.pixels.at - start)
        if page is not None:
            page.leave()
        cost[0] += CountingConnection.sent[0] - before[0]
        cost[1] += CountingConnection.sent[1] - before[1]
        if len(latencies) < moves:  # the game ended: the next one
            for board in boards:
                board.call(lambda app, now: app.show(app.leave_finished_game()))
    return latencies


def _join(link: RemoteLink, code: str, app: App, now: float) -> None:
    del app, now
    link.join(code)


def _until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            raise BenchError(f"{what} did not happen within {WAIT:g} s")
        time.sleep(0.02)
