"""The touch board's restarts that nobody asked for (a crash, a watchdog, a brown-out): said
once when they happen, once when they come in a loop, and summed up for the health page."""

from __future__ import annotations

from typing import Any

from controller.devices.interfaces import SensorsRestarted

LOOP_WINDOW = 60.0
"""Seconds after the last of restarts in a loop that the touch board is still said to be in
one (the touch link says when restarts make a loop)."""


class BoardRestarts:
    """The last restart the touch link reported, and when."""

    def __init__(self) -> None:
        self.last: tuple[SensorsRestarted, float] | None = None

    def take(self, event: SensorsRestarted, now: float) -> str | None:
        """Note the restart ``event`` reported at ``now``; what a person should be told of it:
        each restart on its own, but a loop only when it begins."""
        was_looping = self.last is not None and self.last[0].looping
        self.last = (event, now)
        if not event.looping:
            return f"the touch board restarted: {event.reason}"
        if not was_looping:
            return (f"the touch board keeps restarting ({event.recent} times within a minute; "
                    f"the last time {event.reason}): its firmware or wiring is at fault "
                    "(kaskade firmware status, kaskade doctor)")
        return None

    def report(self, now: float) -> dict[str, Any]:
        """For the health page: how many restarts, the last one's reason, and in words
        whether the board restarts in a loop now."""
        if self.last is None:
            return {"restarts": 0, "last_restart": None, "looping": False,
                    "restarting": "no restarts since the app started"}
        event, at = self.last
        ago = max(0.0, now - at)
        looping = event.looping and ago <= LOOP_WINDOW
        words = (f"restarting in a loop: {event.recent} times within a minute, the last "
                 f"{ago:.0f} s ago" if looping else
                 f"restarted {event.count} time(s) since the app started, the last "
                 f"{ago:.0f} s ago")
        return {"restarts": event.count, "last_restart": event.reason, "looping": looping,
                "restarting": words}
