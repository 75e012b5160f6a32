"""The headless simulator in real time, serving the web companion while a touch script runs
(``kaskade sim --headless --web ADDRESS --script FILE``), and linked to the broker when remote
play or Home Assistant is set up: the board app runs on its real-time loop as on a Pi, with
the simulated board (the real firmware on a simulated microcontroller, unless ``--touch
direct``); the script's touches, buttons and waits happen in real time, so a page in a browser
watches, and may play, and a board elsewhere plays, while the script goes on. A script read
from standard input keeps the board served until its input ends.

Unlike ``sim.front.headless`` this is not repeatable frame by frame (the wall clock runs); use it to
drive a served board, the virtual-time one to test.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any, TextIO, TypeVar

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.loop import run as run_loop
from controller.app.ready import ReadyReport
from controller.app.store import Store
from controller.errors import KaskadeError
from controller.profile.model import Profile
from controller.remote.link import RemoteLink, linked
from controller.web.bridge import Bridge
from sim.board import SimBoard, sim_parts
from sim.front.finger_time import wait_on
from sim.front.headless import scripted_firmware
from sim.front.results import Results
from sim.front.script import Command, act, parse_command

CALL_SECONDS = 10.0
"""Longest wait for the app to answer the script (a picture, a description)."""
SETTLE = 0.25
"""Seconds after a touch through the firmware before the next command: the firmware confirms
a touch and its release over a few scans, as a finger's taps are never closer either (on the
emulated Pico, counted from the touch lines it sent: its scans may run slower than real
time)."""
CONNECT_SECONDS = 30.0
"""Longest wait for the simulated touch board's firmware to boot and connect."""
T = TypeVar("T")


class SimulatorError(KaskadeError, RuntimeError):
    """The simulated board could not be brought up."""


class Live:
    """A board app of ``profile`` on ``board`` in real time, its companion ``bridge``."""

    def __init__(self, profile: Profile, store: Store, board: SimBoard, bridge: Bridge,
                 think_seconds: float, png_out: Path | None = None,
                 out: TextIO | None = None, page: str = "") -> None:
        self.profile = profile
        self.board = board
        self.parts = sim_parts(board)
        self.bridge = bridge
        self.out = out
        self.app = App(profile, store, think_seconds=think_seconds)
        self.driver = Driver(self.app, board)
        self.results = Results(self.driver, png_out)
        self.stop = threading.Event()
        self.link = linked(store.directory, bridge, page)
        """The link to a broker (and the bridge after it), when one is set up."""
        self.loop = threading.Thread(
            target=run_loop, args=(self.driver, self.stop),
            kwargs={"companion": ReadyReport(store.directory.parent, self.link or bridge)},
            name="board", daemon=True)

    def __enter__(self) -> Live:
        """Start the app's loop; with the simulated firmware, wait until the touch board has
        connected, so the script's first touch is not lost to its boot."""
        self.loop.start()
        deadline = time.monotonic() + CONNECT_SECONDS
        while self.bridge.board.latest is None:  # the loop's first step is made
            time.sleep(0.01)
        if self.parts.link is not None:
            while not self.on_loop(lambda now: self.app.firmware_update.board is not None):
                if time.monotonic() > deadline:
                    raise SimulatorError(f"the simulated touch board did not connect within "
                                         f"{CONNECT_SECONDS:g} s")
                time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.loop.join(timeout=10)
        if isinstance(self.link, RemoteLink):
            self.link.close()

    def on_loop(self, function: Callable[[float], T]) -> T:
        """``function(now)``'s result, run on the app's thread (where the app may be read)."""
        result: T = self.bridge.call(lambda app, now: function(now)).result(CALL_SECONDS)
        return result

    def run(self, lines: Iterable[str]) -> None:
        """Carry out every line as it arrives (a script may be a pipe)."""
        for number, text in enumerate(lines, 1):
            command = parse_command(text, number, self.profile)
            if command is not None:
                self.do(command)

    def do(self, command: Command) -> None:
        """Carry out one command in real time."""
        verb = command.verb
        if verb == "wait":
            time.sleep(command.seconds)
        elif verb == "png":
            self.on_loop(lambda now: self.results.save_png(command.name, command.line))
        elif verb == "firmware":
            self.bridge.post(scripted_firmware(command.name))
        elif verb == "describe":
            line = self.on_loop(self._describe)
            if self.out is not None:
                self.out.write(line + "\n")
                self.out.flush()
        elif command.button is not None:
            buttons = self.parts.buttons
            act(command, partial(buttons.down, command.button),
                partial(buttons.up, command.button), time.sleep)
        elif command.pad is not None:
            fingers = self.parts.touches
            act(command, partial(fingers.down, command.pad), partial(fingers.up, command.pad),
                wait_on(fingers.clock))
            if self.parts.link is not None:
                self.board.settle()
                time.sleep(SETTLE)
        self.on_loop(lambda now: None)  # the command has reached the app before the next

    def _describe(self, now: float) -> str:
        return self.app.describe(now)  # the board read on the app's thread

    def summary(self) -> dict[str, Any]:
        """Where things stand (as the headless simulator's summary)."""
        return self.on_loop(self.results.summary)

    def finish(self, png_out: Path | None, dump: Path | None) -> None:
        """The final picture and the dump, as the headless simulator writes them."""
        if png_out is not None:
            self.on_loop(lambda now: self.results.save_png("final"))
        if dump is not None:
            self.on_loop(partial(self.results.dump, dump))
