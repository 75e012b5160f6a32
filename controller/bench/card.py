"""What a slow SD card costs the board: moves played through the web API while every fsync
takes ``fsync_ms`` longer (worn cards take hundreds of milliseconds, some a second).

The board app runs for real (the mock board, the real-time loop with its writer thread, the
web server on a free port); ``os.fsync`` is slowed in this process. For each move: the time
from the touch's release to the frame that shows it handed to the LEDs, and to the page's
stream showing the move (which waits for the save: the page is told of a move only once it is
on the card); and meanwhile how long the loop takes to answer a call (a touch's, a page's).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

from controller.bench.stream import StreamReader, post_json
from controller.devices.frame import Frame
from controller.games.kaskade import KaskadeState
from controller.profile import load_profile
from sim.front.served import served_board

SKIP = "h8"
"""A pad beside the 6x6 game: its touch skips the words that open the game."""
CELLS = [f"{column}{row}" for row in range(1, 7) for column in "abcdef"]
"""The moves, in turn: each on an empty cell, so none sets off a cascade and the game goes on
for 36 moves."""


class _Page:
    """Follows ``/api/stream`` as the page does: when each count of moves was first shown."""

    def __init__(self, address: str) -> None:
        self.shown: dict[int, float] = {}
        self.reader = StreamReader(address, "api/stream", self._take)

    def _take(self, state: dict[str, Any]) -> None:
        game = state["game"] or {}
        self.shown.setdefault(len(game.get("moves", [])), time.perf_counter())

    def moves(self, count: int, timeout: float = 30.0) -> float:
        """When the page was first shown ``count`` moves."""
        if not self.reader.wait_for(lambda: count in self.shown, timeout):
            raise TimeoutError(f"the page never showed move {count}")
        return self.shown[count]

    def close(self) -> None:
        self.reader.close()


@contextmanager
def _slow_fsync(extra_ms: float) -> Iterator[None]:
    """Every fsync in this process takes ``extra_ms`` longer."""
    real = os.fsync

    def slow(descriptor: Any) -> None:
        time.sleep(extra_ms / 1000)
        real(descriptor)

    with mock.patch.object(os, "fsync", slow):
        yield


def measure_card(fsync_ms: float, moves: int) -> dict[str, Any]:
    """Move-to-LEDs, move-to-page and loop-call times over ``moves`` moves (1 to 36) at
    ``fsync_ms`` more per fsync."""
    profile = load_profile("kaskade-8x8")
    with tempfile.TemporaryDirectory() as state, \
            served_board(profile, Path(state), think=1.0, reading="open") as served:
        bridge, server = served.bridge, served.server
        token = server.pairing.pair(server.pairing.new_code(), "bench", "")
        address = server.address
        frames: list[float] = []
        show = served.board.pixels.show

        def timed(frame: Frame) -> None:
            frames.append(time.perf_counter())
            show(frame)

        served.board.pixels.show = timed  # type: ignore[method-assign]
        bridge.call(lambda app, now: app.new_game(KaskadeState(6, 6), {})).result(10)
        post_json(address, "/api/touch", {"pad": SKIP}, token)
        page = _Page(address)
        page.moves(0)
        to_leds, to_page, calls = [], [], []
        with _slow_fsync(fsync_ms):
            for count, move in enumerate(CELLS[:moves], 1):
                post_json(address, "/api/touch", {"pad": move, "action": "down"}, token)
                shown = len(frames)
                released = time.perf_counter()
                post_json(address, "/api/touch", {"pad": move, "action": "up"}, token)
                asked = time.perf_counter()
                bridge.call(lambda app, now: None).result(30)
                calls.append((time.perf_counter() - asked) * 1000)
                to_page.append((page.moves(count) - released) * 1000)
                to_leds.append((frames[shown] - released) * 1000)
        page.close()
    return {
        "fsync_ms": fsync_ms,
        "moves": moves,
        "move_to_leds_median_ms": round(statistics.median(to_leds), 1),
        "move_to_leds_worst_ms": round(max(to_leds), 1),
        "loop_call_median_ms": round(statistics.median(calls), 1),
        "loop_call_worst_ms": round(max(calls), 1),
        "move_to_page_median_ms": round(statistics.median(to_page), 1),
        "move_to_page_worst_ms": round(max(to_page), 1),
    }
