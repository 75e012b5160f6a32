"""Sensors: the touch sensors' live readings as a heat map on the LEDs, for checking a newly
built board or a pad that misbehaves without a computer at hand (``kaskade calibrate`` shows
the same in a terminal and sets the thresholds). Opened from the home menu's sensors pad; the
menu button goes back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from controller.app.screens.base import Screen
from controller.render.canvas import Canvas
from controller.render.heatmap import draw_heat_map

if TYPE_CHECKING:
    from controller.app.host import Host


class SensorsScreen(Screen):
    """The heat map of the pads; touches light their pads white."""

    wants_readings = True

    def __init__(self, host: Host[Screen]) -> None:
        super().__init__(host)
        self.deltas: dict[int, int] = {}
        self.touched: set[int] = set()
        self.touch = host.touch_threshold

    def readings(self, readings: Sequence[tuple[int, int, int]], now: float) -> Screen | None:
        for pad, _, delta in readings:
            if pad < self.profile.pads:
                self.deltas[pad] = delta
        return None

    def pad_down(self, pad: int, now: float) -> Screen | None:
        self.touched.add(pad)
        return None

    def pad_up(self, pad: int, now: float) -> Screen | None:
        self.touched.discard(pad)
        return None

    def button_down(self, button: str, now: float) -> Screen | None:
        return self.host.home() if button == "menu" else None

    def describe(self, now: float) -> str:
        return (f"Touch sensors · each pad glows with its reading, full at the touch "
                f"threshold {self.touch} · touched pads light white · menu goes home")

    def draw(self, canvas: Canvas, now: float) -> bool:
        draw_heat_map(canvas, self.profile, self.deltas, self.touch, self.touched)
        return False
