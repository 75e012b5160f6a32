"""The board app on the mock backend with a virtual clock, driven by pad names."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from controller.app.app import App, Store
from controller.app.driver import FRAME_RATE, Driver
from controller.devices.backends import open_board
from controller.devices.mock import MockPixels
from controller.devices.virtual import VirtualButtons, VirtualTouches
from controller.games.algebraic import parse_cell
from controller.profile import load_profile

NOON = datetime(2026, 11, 21, 12, 0, 0)


class BoardHarness:
    """A board of profile ``profile_name`` keeping its files under ``state``."""

    def __init__(self, state: Path, profile_name: str = "kaskade-8x8") -> None:
        self.profile = load_profile(profile_name)
        self.state = state
        self.store = Store.at(state, profile_name)
        self.board = open_board("mock", self.profile)
        self.app = App(self.profile, self.store, lambda: NOON)
        self.driver = Driver(self.app, self.board)
        self.now = 0.0
        self.board.start(self._feed)
        self.wakeup = self.driver.advance(self.now)

    def _feed(self, event) -> None:
        self.wakeup = self.driver.feed(event, self.now)

    @property
    def touches(self) -> VirtualTouches:
        return self.board.touches  # type: ignore[return-value]

    @property
    def buttons(self) -> VirtualButtons:
        return self.board.buttons  # type: ignore[return-value]

    @property
    def pixels(self) -> MockPixels:
        return self.board.pixels  # type: ignore[return-value]

    @property
    def sounds(self) -> list:
        return self.board.sound.played  # type: ignore[attr-defined]

    @property
    def screen(self) -> str:
        return type(self.app.screen).__name__

    def pad(self, name: str) -> int:
        column, row = parse_cell(name)  # type: ignore[misc]
        return row * self.profile.columns + column

    def wait(self, seconds: float) -> None:
        end = self.now + seconds
        while self.wakeup is not None and self.wakeup <= end:
            self.now = max(self.now, self.wakeup)
            self.wakeup = self.driver.advance(self.now)
            if self.wakeup is not None and self.wakeup <= self.now:
                self.wakeup = self.now + 1 / FRAME_RATE
        self.now = end
        self.wakeup = self.driver.advance(self.now)

    def tap(self, name: str, hold: float = 0.1) -> None:
        self.touches.down(self.pad(name))
        self.wait(hold)
        self.touches.up(self.pad(name))
        self.wait(0.05)

    def press(self, button: str, hold: float = 0.1) -> None:
        self.buttons.down(button)
        self.wait(hold)
        self.buttons.up(button)
        self.wait(0.05)

    def start_game(self, size: str) -> None:
        """From home: the Kaskade tile, then the far corner of ``size``."""
        width, height = (int(v) for v in size.split("x"))
        self.tap("a8" if self.profile.rows == 8 else f"a{self.profile.rows}")
        self.tap(f"{'abcdefghijklmnop'[width - 1]}{height}")

    def play(self, moves: str, settle: float = 3.0) -> None:
        for move in moves.split():
            self.tap(move)
            self.wait(settle)

    def frame_colours(self) -> list[tuple[int, int, int]]:
        """The drive values of each LED in the last frame pushed (LED index order)."""
        from sim.leds import FrameReader

        return FrameReader(self.profile).colours(self.pixels.frames[-1])

    def pad_colours(self, name: str) -> list[tuple[int, int, int]]:
        """The LEDs of pad ``name`` in the last frame, bottom row first."""
        colours = self.frame_colours()
        k = self.profile.per_pad
        column, row = parse_cell(name)  # type: ignore[misc]
        return [colours[(row * k + y) * self.profile.led_width + column * k + x]
                for y in range(k) for x in range(k)]
