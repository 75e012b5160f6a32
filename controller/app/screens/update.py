"""The firmware update offered on the board: when the touch board runs other firmware than the
one this installation bundles (older, newer, changed or foreign: any other content), going
home shows the offer first, its description saying which. Holding the "update" tile
(a tap cannot start it by accident) updates over the USB cable while the pads fill up; "later"
or the menu button goes home and the offer waits for the next start.

An update cannot be cancelled: stopping halfway would leave the board exactly as a pulled cable
does (safe, but no further on).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from controller.app.screens.base import Screen
from controller.devices.interfaces import Sound
from controller.render.canvas import Canvas
from controller.render.update import (
    OfferLayout,
    draw_update_offer,
    draw_update_progress,
    draw_update_result,
)

if TYPE_CHECKING:
    from controller.app.host import Host

UPDATE_HOLD = 1.5
"""Seconds the update tile is held to start the update."""
RESULT_SECONDS = 2.0
"""How long the outcome shows before the board goes home (a touch goes home at once)."""


class UpdateOfferScreen(Screen):
    """The offer: update, or later."""

    def __init__(self, host: Host[Screen]) -> None:
        super().__init__(host)
        self.layout = OfferLayout.of(self.profile)
        self.held_since: float | None = None

    def pad_down(self, pad: int, now: float) -> Screen | None:
        if self.layout.hit(self.pad(pad)) == "update":
            self.held_since = now
        return None

    def pad_up(self, pad: int, now: float) -> Screen | None:
        self.held_since = None
        if self.layout.hit(self.pad(pad)) == "later":
            return self._later()
        return None

    def button_down(self, button: str, now: float) -> Screen | None:
        return self._later() if button == "menu" else None

    def tick(self, now: float) -> Screen | None:
        if self.held_since is not None and now - self.held_since >= UPDATE_HOLD:
            self.host.say(Sound.TAP)
            self.host.firmware_update.start()
            return UpdatingScreen(self.host)
        return None

    def wakeup(self, now: float) -> float | None:
        return None if self.held_since is None else self.held_since + UPDATE_HOLD

    def draw(self, canvas: Canvas, now: float) -> bool:
        held = 0.0 if self.held_since is None else min(1.0, (now - self.held_since) /
                                                       UPDATE_HOLD)
        draw_update_offer(canvas, self.profile, self.layout, held, now)
        return True

    def describe(self, now: float) -> str:
        standing = self.host.firmware_update.standing
        words = standing.words() if standing else "other touch firmware"
        return (f"{words[0].upper()}{words[1:]} · hold the update pad to install this program's "
                "firmware (a minute, the game and settings stay), or touch later")

    def _later(self) -> Screen:
        self.host.say(Sound.TAP)
        self.host.firmware_update.decline()
        return self.host.home()


class UpdatingScreen(Screen):
    """The update under way; touches and buttons wait for its end."""

    def __init__(self, host: Host[Screen]) -> None:
        super().__init__(host)
        self.share = 0.0

    def update_progress(self, share: float, now: float) -> Screen | None:
        self.share = max(self.share, share)
        return None

    def update_finished(self, error: str | None, now: float) -> Screen | None:
        if error is None:
            self.host.say(Sound.WIN)

        else:
            self.host.say(Sound.ILLEGAL)

        return UpdateResultScreen(self.host, error is None, now)

    def describe(self, now: float) -> str:
        return f"Updating the touch board's firmware · {round(self.share * 100)} % · keep it " \
            "plugged in"

    def draw(self, canvas: Canvas, now: float) -> bool:
        draw_update_progress(canvas, self.profile, self.share, now)
        return True


class UpdateResultScreen(Screen):
    """Green with a tick for a board that runs the new firmware, red with a cross for one that
    kept the old; the words follow ("firmware updated", "update failed"), also over home."""

    def __init__(self, host: Host[Screen], success: bool, since: float) -> None:
        super().__init__(host)
        self.success = success
        self.until = since + RESULT_SECONDS
        self.touched: set[int] = set()

    def pad_down(self, pad: int, now: float) -> Screen | None:
        self.touched.add(pad)
        return None

    def pad_up(self, pad: int, now: float) -> Screen | None:
        """A touch made on this screen goes home (not the end of the hold that started the
        update, when it failed at once)."""
        return self._leave(now) if pad in self.touched else None

    def button_down(self, button: str, now: float) -> Screen | None:
        return self._leave(now)

    def tick(self, now: float) -> Screen | None:
        return self._leave(now) if now >= self.until else None

    def _leave(self, now: float) -> Screen:
        """Home, the verdict following in words (over home: here they would hide the colour)."""
        self.host.caption(self.host.say_words("update done" if self.success else "update failed"),
                         now)
        return self.host.home()

    def wakeup(self, now: float) -> float | None:
        return self.until

    def describe(self, now: float) -> str:
        if self.success:
            return "The touch board runs the new firmware · touch to go home"
        return "The update did not finish; the touch board keeps its firmware · touch to go home"

    def draw(self, canvas: Canvas, now: float) -> bool:
        draw_update_result(canvas, self.profile, self.success)
        return False
