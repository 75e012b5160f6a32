"""Calibrating the touch sensors: watching the diagnostic stream for a while (the largest
distance from the baseline seen with hands off is the noise) and the thresholds that follow from
the noise. ``kaskade calibrate`` shows and stores them; the policy and the reading live here,
beside the link, so the same code serves any front end."""

from __future__ import annotations

from collections.abc import Callable

from firmware import proto
from hw.touch.connection import Connection
from hw.touch.readings import parse_readings

SHOW_EVERY = 0.5
"""Seconds between the pictures of the readings while watching."""


def suggest(noise: int, default_touch: int, default_release: int) -> tuple[int, int]:
    """Thresholds for a board whose quiet pads stray up to ``noise`` counts (about four
    standard deviations): release at the noise, touch at twice it, never below the firmware's
    defaults; a touch must then also hold for three scans, which noise does not."""
    release = max(default_release, noise)
    touch = max(default_touch, 2 * noise, release + 1)
    return touch, release


def watch(connection: Connection, seconds: float, clock: Callable[[], float],
          show: Callable[[dict[int, int]], None]) -> tuple[dict[int, int], int]:
    """Stream the readings for ``seconds``, showing them every half second; the latest
    distance per pad, and the largest seen in the first half (the hands-off part)."""
    connection.request(proto.DIAGNOSE, [1])
    began = shown = clock()
    deltas: dict[int, int] = {}
    noise = 0
    while (now := clock()) - began < seconds:
        for message in connection.receive():
            if message.kind != proto.READINGS:
                continue
            for pad, _, delta in parse_readings(message.fields):
                deltas[pad] = delta
                if now - began < seconds / 2:
                    noise = max(noise, abs(delta))
        if now - shown >= SHOW_EVERY:
            shown = now
            show(deltas)
    return deltas, noise
