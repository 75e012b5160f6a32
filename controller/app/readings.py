"""The touch sensors' latest readings, kept by the app for whoever watches them besides the
sensors screen (the web page's heat map): the touch board streams readings only while someone
looks, so a board nobody watches sends no more than touches."""

from __future__ import annotations

from collections.abc import Sequence


class LiveReadings:
    """Each pad's latest ``(raw reading, distance towards a touch)`` and who is watching."""

    def __init__(self) -> None:
        self.pads: dict[int, tuple[int, int]] = {}
        self.count = 0
        """How many batches of readings came in: grows with every batch, so a follower sees
        that something new arrived."""
        self.watchers = 0

    def take(self, readings: Sequence[tuple[int, int, int]]) -> None:
        """Keep a batch of ``(pad, raw, delta)`` readings."""
        for pad, raw, delta in readings:
            self.pads[pad] = (raw, delta)
        self.count += 1

    def watch(self, on: bool) -> None:
        """One more watcher (``on``) or one fewer; the readings of the last watch are
        forgotten once nobody watches, so a later watcher never sees stale ones."""
        self.watchers = self.watchers + 1 if on else max(0, self.watchers - 1)
        if not self.watchers:
            self.pads.clear()

    @property
    def watched(self) -> bool:
        """Whether anyone besides the screen watches."""
        return self.watchers > 0
