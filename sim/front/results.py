"""What a scripted run of the simulator gives, in virtual time (``sim.front.headless``) or in real
time (``sim.front.live``): the LEDs as colours and as PNG pictures, and a summary of where things
stand, read from the app and its driver."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from controller.app.app import App
from controller.app.driver import Driver
from controller.devices.interfaces import Sound
from controller.devices.mock import MockSound, MockSpeech
from controller.profile.model import Profile
from sim.board import SimSound, SimSpeech
from sim.front.png import write_png
from sim.front.raster import Raster
from sim.front.script import ScriptError
from sim.leds import FrameReader

PNG_LED_PIXELS = 512
"""About how wide PNG pictures are, in pixels."""


class Results:
    """Pictures and summaries of the board of ``driver``; pictures go to ``png_out``."""

    def __init__(self, driver: Driver, png_out: Path | None) -> None:
        self.driver = driver
        self.profile: Profile = driver.app.profile
        self.png_out = png_out
        self.raster = Raster(self.profile, max(4, PNG_LED_PIXELS // self.profile.led_width))
        self.reader = FrameReader(self.profile)

    def led_colours(self) -> list[tuple[int, int, int]]:
        """The drive values of every LED now (``y * width + x``)."""
        frame = self.driver.shown
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

    @property
    def sounds(self) -> list[Sound]:
        """Every sound made so far."""
        sound = self.driver.board.sound
        assert isinstance(sound, (MockSound, SimSound)), "a board that remembers its sounds"
        return list(sound.played)

    @property
    def said(self) -> list[str]:
        """Every word said aloud so far (where speech is switched on)."""
        speech = self.driver.board.speech
        assert isinstance(speech, (MockSpeech, SimSpeech)), "a board that remembers its words"
        return [text for text, _ in speech.said]

    def summary(self, now: float) -> dict[str, Any]:
        """Where things stand: the screen, the game, the frames pushed, sounds, notices."""
        app: App = self.driver.app
        session = app.session
        game = None
        if session is not None:
            game = {"position": session.state.position(), "moves": session.moves,
                    "finished": session.finished, "json": session.state.to_json()}
        return {
            "profile": self.profile.name,
            "screen": type(app.screen).__name__,
            "description": app.describe(now),
            "time": round(now, 3),
            "frames": self.driver.pushed,
            "sounds": [sound.value for sound in self.sounds],
            "said": self.said,
            "notices": app.notices,
            "game": game,
        }

    def dump(self, path: Path, now: float) -> None:
        """The summary and every LED's colour, as JSON."""
        data = self.summary(now)
        data["leds"] = [list(colour) for colour in self.led_colours()]
        data["led_size"] = [self.profile.led_width, self.profile.led_height]
        Path(path).write_text(json.dumps(data) + "\n", encoding="utf-8")
