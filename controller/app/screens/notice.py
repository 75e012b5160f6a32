"""The notice at start: shown when the app had to set a file aside (a damaged saved game or
settings) so that nobody wonders where a game went; the words are in ``App.notices`` (the log,
the simulator's panel). It goes after a few seconds or at a touch, to the screen the app would
have shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from controller.app.screens.base import Screen
from controller.render.canvas import Canvas
from controller.render.notice import draw_notice

if TYPE_CHECKING:
    from controller.app.host import Host

SHOWN_SECONDS = 6.0


class NoticeScreen(Screen):
    """The exclamation mark, then ``following``."""

    def __init__(self, host: Host[Screen], following: Screen) -> None:
        super().__init__(host)
        self.following = following
        self.until: float | None = None

    def pad_up(self, pad: int, now: float) -> Screen | None:
        del pad, now
        return self.following

    def button_down(self, button: str, now: float) -> Screen | None:
        del button, now
        return self.following

    def tick(self, now: float) -> Screen | None:
        if self.until is None:
            self.until = now + SHOWN_SECONDS
        return self.following if now >= self.until else None

    def wakeup(self, now: float) -> float | None:
        return now if self.until is None else self.until

    def describe(self, now: float) -> str:
        notice = self.host.notices[-1] if self.host.notices else "something was set aside"
        return f"Notice: {notice} · touch to go on"

    def draw(self, canvas: Canvas, now: float) -> bool:
        draw_notice(canvas, self.profile, now)
        return True
