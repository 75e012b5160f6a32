"""Sensors: the board's health on the LEDs — the touch sensors' live readings as a heat map, for
checking a newly built board or a pad that misbehaves without a computer at hand (``kaskade
calibrate`` shows the same in a terminal and sets the thresholds), and where its updates stand:
a newer firmware or release known, one under way, done, or one that did not take is said
across the LEDs as the screen opens, and in full in its description (the web page shows the
same). Opened from the home menu's sensors pad; the menu button goes back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from controller.app.screens.base import Screen
from controller.app.update_status import NOTABLE
from controller.render.canvas import Canvas
from controller.render.color import HIGHLIGHT
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
        self.updates = host.update_status()
        """Where the updates stood when the screen opened."""
        said = [host.say_words(f"{update.part} {update.state}", version=update.latest)
                for update in self.updates if update.state in NOTABLE]
        if said:
            host.announce(" · ".join(said), HIGHLIGHT)

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
        updates = " · ".join(update.words for update in self.updates)
        return (f"Touch sensors · each pad glows with its reading, full at the touch "
                f"threshold {self.touch} · touched pads light white · {updates} · menu goes "
                "home")

    def draw(self, canvas: Canvas, now: float) -> bool:
        draw_heat_map(canvas, self.profile, self.deltas, self.touch, self.touched)
        return False
