"""How long a touch sent from a browser takes to come back as the new picture, and what the web
companion costs the board while a page is open.

The board app runs for real (the mock board, the real-time loop, the web server on a free
port). A client pairs, follows ``/api/stream`` as the page does, and touches the brightness bar
through ``/api/touch``; the time from letting go of the pad to the stream's event with the new
LEDs is the latency. The cost is the process's CPU time per second while a game waits on the
home menu (its tile breathes: a new picture every frame), without a client and then with one
following the stream.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from controller.bench.stream import StreamReader, post_json
from controller.games.kaskade import KaskadeState
from controller.profile import load_profile
from sim.front.served import served_board


class _Follower:
    """Reads the stream and notes when each version arrived."""

    def __init__(self, address: str, token: str) -> None:
        self.arrivals: dict[int, float] = {}
        self.latest = 0
        self.reader = StreamReader(address, f"api/stream?token={token}", self._take)

    def _take(self, state: dict[str, Any]) -> None:
        self.arrivals[state["version"]] = time.perf_counter()
        self.latest = state["version"]

    def newer_than(self, version: int, timeout: float = 5.0) -> float:
        """When a version newer than ``version`` arrived."""
        self.reader.wait_for(lambda: self.latest > version, timeout)
        return self.arrivals[self.latest]

    def close(self) -> None:
        self.reader.close()


def measure_web(profile_name: str, taps: int, seconds: float) -> dict[str, Any]:
    """Touch-to-picture latency over ``taps`` touches, and the CPU cost of an open page over
    ``seconds``."""
    profile = load_profile(profile_name)
    with tempfile.TemporaryDirectory() as state, \
            served_board(profile, Path(state), think=1.0) as served:
        bridge, server = served.bridge, served.server
        digits = server.pairing.new_code()
        token = server.pairing.pair(digits, "bench", "")
        address = server.address
        follower = _Follower(address, token)
        follower.newer_than(0)
        bar = [f"{chr(ord('a') + column)}1" for column in range(2)]
        latencies = []
        for index in range(taps):
            pad = bar[index % 2]
            post_json(address, "/api/touch", {"pad": pad, "action": "down"}, token)
            time.sleep(0.05)
            version = follower.latest
            sent = time.perf_counter()
            post_json(address, "/api/touch", {"pad": pad, "action": "up"}, token)
            latencies.append((follower.newer_than(version) - sent) * 1000)
            time.sleep(0.05)
        follower.close()
        bridge.call(lambda app, now: app.start_game(KaskadeState(3, 3), {})).result(5)
        bridge.call(lambda app, now: app.show(app.home())).result(5)
        idle = _cpu_share(seconds)
        follower = _Follower(address, token)
        watched = _cpu_share(seconds)
        follower.close()
    return {
        "profile": profile_name,
        "taps": taps,
        "touch_to_picture_median_ms": round(statistics.median(latencies), 2),
        "touch_to_picture_worst_ms": round(max(latencies), 2),
        "cpu_without_page": round(idle, 3),
        "cpu_with_page": round(watched, 3),
    }


def _cpu_share(seconds: float) -> float:
    """The process's CPU time per second of wall time over ``seconds``."""
    cpu, wall = time.process_time(), time.perf_counter()
    time.sleep(seconds)
    return (time.process_time() - cpu) / (time.perf_counter() - wall)
