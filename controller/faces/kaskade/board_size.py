"""Choosing the board size by touching its far corner: the board from ``a1`` to the finger
lights up; letting go starts the game."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from controller.app.screens.base import Screen
from controller.devices.interfaces import Sound
from controller.faces.kaskade.picture import draw_board_size
from controller.games import OptionsError
from controller.games.kaskade import KaskadeState
from controller.games.kaskade.grid import MIN_SIDE, parse_size
from controller.render.canvas import Canvas

if TYPE_CHECKING:
    from controller.app.host import Host

FIRST_SIZE = (6, 6)
"""The size suggested before any game was played (made to fit the board)."""


class BoardSizeScreen(Screen):
    """Kaskade's setup, after the players were chosen (``levels``: the computer's seats)."""

    def __init__(self, host: Host[Screen], levels: dict[int, int] | None = None) -> None:
        super().__init__(host)
        self.levels = levels or {}
        self.corner: tuple[int, int] | None = None
        width, height = FIRST_SIZE
        with contextlib.suppress(OptionsError):
            width, height = parse_size(host.settings.sizes.get("kaskade", ""))
        self.suggestion = (min(width, self.profile.columns) - 1,
                           min(height, self.profile.rows) - 1)

    def pad_down(self, pad: int, now: float) -> Screen | None:
        self.corner = self.pad(pad)
        return None

    def pad_up(self, pad: int, now: float) -> Screen | None:
        corner = self.corner or self.pad(pad)
        self.corner = None
        width, height = corner[0] + 1, corner[1] + 1
        if width < MIN_SIDE or height < MIN_SIDE:
            self.host.say(Sound.ILLEGAL)
            return None
        self.host.settings.sizes["kaskade"] = f"{width}x{height}"
        self.host.save_settings()
        self.host.say(Sound.TAP)
        return self.host.start_game(KaskadeState(width, height), self.levels)

    def button_down(self, button: str, now: float) -> Screen | None:
        if button == "menu":
            return self.host.home()
        return None

    def pad_words(self, pad: int) -> str:
        column, row = self.pad(pad)
        if column + 1 < MIN_SIDE or row + 1 < MIN_SIDE:
            return f"too small: a board is at least {MIN_SIDE}x{MIN_SIDE}"
        return f"touch: a {column + 1}x{row + 1} board"

    def describe(self, now: float) -> str:
        largest = f"{self.profile.columns}x{self.profile.rows}"
        if self.corner is not None:
            width, height = self.corner[0] + 1, self.corner[1] + 1
            if width < MIN_SIDE or height < MIN_SIDE:
                return f"Kaskade · {width}x{height} is too small: {MIN_SIDE}x{MIN_SIDE} at least"
            return f"Kaskade · {width}x{height}: let go to start"
        suggested = f"{self.suggestion[0] + 1}x{self.suggestion[1] + 1}"
        return (f"Kaskade · touch the far corner of the board you want ({MIN_SIDE}x{MIN_SIDE} "
                f"to {largest}; the lit one is {suggested})")

    def draw(self, canvas: Canvas, now: float) -> bool:
        draw_board_size(canvas, self.profile, self.corner, self.suggestion, MIN_SIDE)
        return False
