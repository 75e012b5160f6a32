"""The board app on the mock backend with a virtual clock, driven by pad names: the headless
simulator's runner with recording backends underneath."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from controller.app.store import Store
from controller.cli.board import board_name
from controller.devices.mock import MockPixels, mock_board
from controller.games.algebraic import cell_name, parse_cell
from controller.profile import load_profile
from sim.front.headless import Headless
from sim.leds import FrameReader

NOON = datetime(2026, 11, 21, 12, 0, 0)


class BoardHarness(Headless):
    """A board of profile ``profile_name`` (a reference build, or a profile file) keeping its
    files under ``state``."""

    def __init__(self, state: Path, profile_name: str = "kaskade-8x8") -> None:
        profile = load_profile(profile_name)
        self.store = Store.at(state, board_name(profile_name))
        super().__init__(profile, self.store, None, lambda: NOON,
                         board=mock_board(profile))

    @property
    def pixels(self) -> MockPixels:
        return self.board.pixels  # type: ignore[return-value]

    @property
    def screen(self) -> str:
        return type(self.app.screen).__name__

    def pad(self, name: str) -> int:
        column, row = parse_cell(name)  # type: ignore[misc]
        return row * self.profile.columns + column

    def wait(self, seconds: float) -> None:
        self.pass_time(seconds)

    def tap(self, name: str, hold: float = 0.1) -> None:
        self.touches.down(self.pad(name))
        self.wait(hold)
        self.touches.up(self.pad(name))
        self.wait(0.05)

    def tap_pad(self, pad: tuple[int, int]) -> None:
        """Tap the pad at ``(column, row)``, as layouts give them."""
        self.tap(cell_name(*pad))

    def open_game(self, name: str, level: int | None = None) -> None:
        """From home: the tile of ``name``, then (for a game with seats) two people, or the
        person against the computer at ``level``; leaves the set-up screen, if any, open."""
        home = self.app.screen
        tile = home.layout.tiles[home.games.index(name)]
        self.tap_pad((tile.column, tile.row))  # its name
        self.tap_pad((tile.column, tile.row))  # play it
        if self.screen == "PlayersScreen":
            players = self.app.screen.layout
            self.tap_pad((players.people.column, players.people.row) if level is None
                         else players.levels[level - 1])
        self.skip_message()

    def start(self) -> None:
        """Tap the set-up screen's start pad, then skip the words that say whose turn it is."""
        tile = self.app.screen.layout.start
        self.tap_pad((tile.column, tile.row))
        self.skip_message()

    def skip_message(self) -> None:
        """If words cover the game ("White to move"), touch to skip them, as a player would."""
        message = self.app.announcer.message
        if message is not None and not message.caption:
            self.tap("a1")

    def go_home(self) -> None:
        """The menu button, then the pause screen's home pad."""
        self.press("menu")
        layout = self.app.screen.layout
        self.tap_pad((layout.home.column, layout.home.row))

    def press(self, button: str, hold: float = 0.1) -> None:
        self.buttons.down(button)
        self.wait(hold)
        self.buttons.up(button)
        self.wait(0.05)

    def start_game(self, size: str, computer: int | None = None,
                   person: str = "white") -> None:
        """From home: the Kaskade tile, the players (two people, or the person against the
        computer at level ``computer``), then the far corner of ``size``."""
        width, height = (int(v) for v in size.split("x"))
        self.tap(cell_name(0, self.profile.rows - 1))
        self.tap(cell_name(0, self.profile.rows - 1))
        layout = self.app.screen.layout
        if computer is None:
            self.tap(cell_name(layout.people.column, layout.people.row))
        else:
            if person == "black":
                self.tap(cell_name(*layout.colour))
            self.tap(cell_name(*layout.levels[computer - 1]))
        self.tap(cell_name(width - 1, height - 1))
        self.skip_message()

    def play(self, moves: str, settle: float = 3.0) -> None:
        for move in moves.split():
            self.tap(move)
            self.wait(settle)

    def frame_colours(self) -> list[tuple[int, int, int]]:
        """The drive values of each LED in the last frame pushed (LED index order)."""
        return FrameReader(self.profile).colours(self.pixels.frames[-1])

    def pad_colours(self, name: str) -> list[tuple[int, int, int]]:
        """The LEDs of pad ``name`` in the last frame, bottom row first."""
        colours = self.frame_colours()
        k = self.profile.per_pad
        column, row = parse_cell(name)  # type: ignore[misc]
        return [colours[(row * k + y) * self.profile.led_width + column * k + x]
                for y in range(k) for x in range(k)]
