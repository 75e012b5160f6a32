"""A board app on the mock board, running in real time with its web companion on a free port —
what the web benchmark, the page's pictures and the web tests start."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.loop import run as run_loop
from controller.app.store import Store
from controller.devices.interfaces import Board
from controller.devices.mock import mock_board
from controller.profile.model import Profile
from controller.remote.config import page_websocket
from controller.remote.link import linked
from controller.web.bridge import Bridge
from controller.web.limits import Limits
from controller.web.server import WebServer
from sim.board import sim_board


@dataclass
class Served:
    """The running app, its bridge and its server."""

    app: App
    bridge: Bridge
    server: WebServer
    board: Board


@contextlib.contextmanager
def served_board(profile: Profile, directory: Path, think: float = 0.1,
                 firmware: bool = False, reading: str = "paired",
                 limits: Limits | None = None) -> Iterator[Served]:
    """The app of ``profile`` keeping its files in ``directory``, its loop on a thread and its
    web companion started; all stopped after. The board is the mock one, or with
    ``firmware`` the simulator's: the real touch firmware on a simulated microcontroller
    behind the touch link (its sensors have readings). ``reading`` and ``limits`` are the
    server's (see :class:`controller.web.server.WebServer`)."""
    store = Store.at(directory, profile.name)
    app = App(profile, store, think_seconds=think)
    bridge, stop = Bridge(), threading.Event()
    board = sim_board(profile, "firmware") if firmware else mock_board(profile)
    loop = threading.Thread(target=run_loop, args=(Driver(app, board), stop),
                            kwargs={"companion": linked(store.directory, bridge)}, daemon=True)
    loop.start()
    server = WebServer(bridge, profile, store.directory, store.history, port=0,
                       reading=reading, limits=limits,
                       websocket=page_websocket(store.directory))
    try:
        if not bridge.attached.wait(60):
            raise TimeoutError("the board app's loop did not start within 60 s")
        server.start()
        yield Served(app, bridge, server, board)
    finally:
        server.stop()
        stop.set()
        loop.join(timeout=5)
        board.close()
