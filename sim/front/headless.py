"""The simulator without a front end, for tests and scripts: touches come from a script, time
is virtual (a wait of a minute takes no time), pictures go to PNG files.

The app, the driver, the renderer and the simulated board are the real ones; only the clock is
replaced, games are named (so their dice seeded) by a count, and the computer thinks a fixed
number of steps (answering once its thinking time has passed in virtual time), so a script
gives the same frames on every run.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from controller.app.app import App
from controller.app.driver import FRAME_RATE, Driver
from controller.app.store import Store
from controller.app.thinking import DEFAULT_THINK_SECONDS, StepThinker
from controller.devices.firmware import bundled
from controller.devices.interfaces import Board, InputEvent, SensorsFirmware, Sound
from controller.devices.virtual import VirtualButtons, VirtualTouches
from controller.profile.model import Profile
from sim.board import sim_board
from sim.front.results import Results
from sim.front.script import Command, act, parse_command

SCRIPTED_HASH = "00000000"
"""The content hash a script's ``firmware`` line reports for any but the bundled version."""


def scripted_firmware(version: str) -> SensorsFirmware:
    """What a script's ``firmware VERSION`` line reports: the bundled firmware itself for the
    bundled version, else that version with other content (offered the update)."""
    ours = bundled()
    return SensorsFirmware(version, ours.content_hash if version == ours.version else
                           SCRIPTED_HASH)


class Headless:
    """One simulated board of ``profile`` with its state in ``state``."""

    def __init__(self, profile: Profile, store: Store, png_out: Path | None = None,
                 wall_clock: Callable[[], datetime] = datetime.now,
                 board: Board | None = None,
                 think_seconds: float = DEFAULT_THINK_SECONDS,
                 out: TextIO | None = None) -> None:
        self.profile = profile
        self.png_out = png_out
        self.out = out
        """Where ``describe`` lines go (and ``described`` keeps them)."""
        self.described: list[str] = []
        self.board = board or sim_board(profile, touch="direct")
        if not isinstance(self.board.touches, VirtualTouches) or \
                not isinstance(self.board.buttons, VirtualButtons):
            raise TypeError("the headless simulator needs a board with virtual inputs")
        self.touches, self.buttons = self.board.touches, self.board.buttons
        self.games = 0
        self.app = App(profile, store, wall_clock, think_seconds, self._game_id)
        self.driver = Driver(self.app, self.board)
        self.thinker = StepThinker()
        self.now = 0.0
        self.board.start(self._event)
        self.wakeup = self._advance()
        self.results = Results(self.driver, png_out)

    def _game_id(self) -> str:
        """Games named by how many the history holds and how many this run began, so a script
        deals and throws the same way on every run from the same state."""
        self.games += 1
        played = len(self.app.store.history.matches())
        return uuid.uuid5(uuid.NAMESPACE_URL, f"kaskade-sim:{played}:{self.games}").hex

    def _event(self, event: InputEvent) -> None:
        self.app.handle(event, self.now)
        self.wakeup = self._advance()

    def _advance(self) -> float | None:
        """Advance the driver, start any thinking asked for, and answer what is due."""
        wakeup = self.driver.advance(self.now)
        while True:
            for request in self.app.take_requests():
                self.thinker.start(request, self.now)
            answers = self.thinker.ready(self.now)
            if not answers:
                break
            for answer in answers:
                self.app.handle(answer, self.now)
            wakeup = self.driver.advance(self.now)
        due = self.thinker.due()
        if due is not None:
            wakeup = due if wakeup is None else min(wakeup, due)
        return wakeup

    # -- running a script -----------------------------------------------------------------------

    def run(self, lines: Iterable[str], echo: TextIO | None = None) -> None:
        """Carry out every line as it arrives (a script may be a pipe)."""
        for number, text in enumerate(lines, 1):
            command = parse_command(text, number, self.profile)
            if command is not None:
                self.do(command)
                if echo is not None:
                    echo.write(f"{number} ok\n")
                    echo.flush()

    def do(self, command: Command) -> None:
        """Carry out one command."""
        verb = command.verb
        if verb == "wait":
            self.pass_time(command.seconds)
        elif verb == "png":
            self.save_png(command.name, command.line)
        elif verb == "firmware":
            self._event(scripted_firmware(command.name))
        elif verb == "describe":
            line = self.describe()
            self.described.append(line)
            if self.out is not None:
                self.out.write(line + "\n")
                self.out.flush()
        else:
            device: Any = self.touches if command.button is None else self.buttons
            which = command.pad if command.button is None else command.button
            act(command, partial(device.down, which), partial(device.up, which),
                self.pass_time)
        self.pass_time(0.0)

    def pass_time(self, seconds: float) -> None:
        """Let ``seconds`` of virtual time pass, advancing whenever the app asks to."""
        end = self.now + seconds
        step = 1 / FRAME_RATE
        while self.wakeup is not None and self.wakeup <= end:
            self.now = max(self.now, self.wakeup)
            self.wakeup = self._advance()
            if self.wakeup is not None and self.wakeup <= self.now:
                self.wakeup = self.now + step
        self.now = end
        self.wakeup = self._advance()

    # -- results --------------------------------------------------------------------------------

    def led_colours(self) -> list[tuple[int, int, int]]:
        """The drive values of every LED now (``y * width + x``)."""
        return self.results.led_colours()

    def save_png(self, name: str, line: int = 0) -> Path:
        """The board now, as ``name.png`` in the picture folder."""
        return self.results.save_png(name, line)

    def describe(self) -> str:
        """The board now, in words (``App.describe``: the screen and what lies over it)."""
        return self.app.describe(self.now)

    @property
    def sounds(self) -> list[Sound]:
        """Every sound made so far."""
        return self.results.sounds

    def summary(self) -> dict[str, Any]:
        """Where things stand: the screen, the game, the frames pushed, sounds, notices."""
        return self.results.summary(self.now)

    def dump(self, path: Path) -> None:
        """The summary and every LED's colour, as JSON."""
        self.results.dump(path, self.now)
