"""A board app on the mock board, running in real time with its web companion on a free port —
what the web benchmark, the page's pictures and the web tests start."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from controller.app.app import App, Store
from controller.app.driver import Driver
from controller.app.loop import run as run_loop
from controller.devices.backends import open_board
from controller.profile.model import Profile
from controller.web.bridge import Bridge
from controller.web.server import WebServer


@dataclass
class Served:
    """The running app, its bridge and its server."""

    app: App
    bridge: Bridge
    server: WebServer


@contextlib.contextmanager
def served_board(profile: Profile, directory: Path, think: float = 0.1) -> Iterator[Served]:
    """The app of ``profile`` keeping its files in ``directory``, its loop on a thread and its
    web companion started; all stopped after."""
    store = Store.at(directory, profile.name)
    app = App(profile, store, think_seconds=think)
    bridge, stop = Bridge(), threading.Event()
    loop = threading.Thread(target=run_loop, args=(Driver(app, open_board("mock", profile)),
                                                   stop), kwargs={"companion": bridge},
                            daemon=True)
    loop.start()
    server = WebServer(bridge, profile, store.directory, store.history, port=0)
    try:
        server.start()
        yield Served(app, bridge, server)
    finally:
        server.stop()
        stop.set()
        loop.join(timeout=5)
