"""The simulator without a front end, for tests and scripts: touches come from a script, time
is virtual (a wait of a minute takes no time), pictures go to PNG files.

The app, the driver, the renderer and the simulated board are the real ones; only the clock is
replaced, so a script gives the same frames on every run.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Optional, TextIO

from controller.app.app import App, Store
from controller.app.driver import FRAME_RATE, Driver
from controller.devices.interfaces import InputEvent
from controller.profile.model import Profile
from sim.board import sim_board, sim_parts
from sim.leds import FrameReader
from sim.png import write_png
from sim.raster import Raster
from sim.script import Command, ScriptError, parse_command

TAP = 0.1
"""Seconds a tap keeps the finger on the pad."""
PNG_LED_PIXELS = 512
"""About how wide PNG pictures are, in pixels."""


class Headless:
    """One simulated board of ``profile`` with its state in ``state``."""

    def __init__(self, profile: Profile, store: Store, png_out: Optional[Path] = None,
                 wall_clock: Callable[[], datetime] = datetime.now) -> None:
        self.profile = profile
        self.png_out = png_out
        self.board = sim_board(profile)
        self.parts = sim_parts(self.board)
        self.app = App(profile, store, wall_clock)
        self.driver = Driver(self.app, self.board)
        self.now = 0.0
        self.board.start(self._event)
        self.wakeup = self.driver.advance(self.now)
        self.raster = Raster(profile, max(4, PNG_LED_PIXELS // profile.led_width))
        self.reader = FrameReader(profile)

    def _event(self, event: InputEvent) -> None:
        self.wakeup = self.driver.feed(event, self.now)

    # -- running a script -----------------------------------------------------------------------

    def run(self, lines: Iterable[str], echo: Optional[TextIO] = None) -> None:
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
        else:
            device: Any = self.parts.touches if command.button is None else self.parts.buttons
            which = command.pad if command.button is None else command.button
            if verb != "up":
                device.down(which)
            if verb in ("tap", "press", "hold"):
                self.pass_time(command.seconds if verb == "hold" else TAP)
            if verb != "down":
                device.up(which)
        self.pass_time(0.0)

    def pass_time(self, seconds: float) -> None:
        """Let ``seconds`` of virtual time pass, advancing whenever the app asks to."""
        end = self.now + seconds
        step = 1 / FRAME_RATE
        while self.wakeup is not None and self.wakeup <= end:
            self.now = max(self.now, self.wakeup)
            self.wakeup = self.driver.advance(self.now)
            if self.wakeup is not None and self.wakeup <= self.now:
                self.wakeup = self.now + step
        self.now = end
        self.wakeup = self.driver.advance(self.now)

    # -- results --------------------------------------------------------------------------------

    def led_colours(self) -> list[tuple[int, int, int]]:
        """The drive values of every LED now (``y * width + x``)."""
        _, frame = self.parts.pixels.latest()
        if frame is None:
            return [(0, 0, 0)] * self.profile.leds
        return self.reader.colours(frame)

    def save_png(self, name: str, line: int = 0) -> Path:
        """The board now, as ``name.png`` in the picture folder."""
        if self.png_out is None:
            raise ScriptError(line, "png needs a folder for pictures: give --png-out DIR")
        self.png_out.mkdir(parents=True, exist_ok=True)
        path = self.png_out / f"{name}.png"
        write_png(path, self.raster.width, self.raster.height,
                  self.raster.rgb(self.led_colours()))
        return path

    def summary(self) -> dict[str, Any]:
        """Where things stand: the screen, the game, the frames pushed, sounds, notices."""
        session = self.app.session
        game = None
        if session is not None:
            game = {"position": session.state.position(), "moves": session.moves,
                    "finished": session.finished, "json": session.state.to_json()}
        return {
            "profile": self.profile.name,
            "screen": type(self.app.screen).__name__,
            "time": round(self.now, 3),
            "frames": self.driver.pushed,
            "sounds": [sound.value for sound in self.parts.sound.played],
            "notices": self.app.notices,
            "game": game,
        }

    def dump(self, path: Path) -> None:
        """The summary and every LED's colour, as JSON."""
        data = self.summary()
        data["leds"] = [list(colour) for colour in self.led_colours()]
        data["led_size"] = [self.profile.led_width, self.profile.led_height]
        Path(path).write_text(json.dumps(data) + "\n", encoding="utf-8")
