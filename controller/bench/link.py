"""How fast a touch travels from a finger to the app, and how fast the Pi decodes the wire.

* Scans: on the simulated microcontroller running the real firmware, on its own clock, how
  many scans pass from a finger landing (at a random moment between two scans) to the touch
  line leaving the board — the firmware's own latency, the same on any machine.
* Milliseconds: the whole path in real time — the firmware scanning on its thread, the line
  through a pseudo-terminal, pyserial, the touch link's decoding — from the finger to the
  ``PadDown`` event the app receives. A real board adds the USB frame time (1 ms at most).
* Decoding: lines per second through the host's codec (a mix of touches, heartbeats and
  diagnostic readings).
"""

from __future__ import annotations

import queue
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from controller.devices.interfaces import PadDown, PadUp, TouchesBack
from controller.profile import load_profile
from controller.profile.firmware import SCAN_HZ
from firmware import proto
from hw.touch.link import TouchLink
from sim.touch_board.device import SimulatedMicrocontroller
from sim.touch_board.line import SerialLine
from sim.touch_board.serve import RunningDevice


def _scans_to_report(profile_name: str, taps: int, seed: int) -> list[int]:
    profile = load_profile(profile_name)
    line = SerialLine()
    device = SimulatedMicrocontroller(profile, line, seed)
    device.boot()
    device.run_for(200)
    line.host.read(10**6)
    rng = random.Random(seed)
    counts = []
    for _ in range(taps):
        pad = rng.randrange(profile.pads)
        device.pads.down(pad)
        scans = 0
        while b"T " not in line.host.read(10**6):
            device.step(device.period_ms)
            scans += 1
        counts.append(scans)
        device.pads.up(pad)
        device.run_for(100)
        line.host.read(10**6)
    return counts


CONNECT_SECONDS = 60.0
"""How long the link may take to connect: it retries a port that another program holds for
a moment, and a busy machine is slow."""


def _connected(events: queue.Queue[Any], link: TouchLink) -> None:
    """Wait for the link's first connection (a problem on the way is retried, not fatal)."""
    deadline = time.monotonic() + CONNECT_SECONDS
    while True:
        try:
            if events.get(timeout=max(0.0, deadline - time.monotonic())) == TouchesBack():
                return
        except queue.Empty:
            raise RuntimeError(f"the simulated board did not connect: {link.problem}") from None


def _finger_to_app_ms(profile_name: str, taps: int, seed: int) -> list[float]:
    profile = load_profile(profile_name)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as directory:
        running = RunningDevice(profile, Path(directory) / "board", seed)
        running.start()
        events: queue.Queue[Any] = queue.Queue()
        link = TouchLink(profile, lambda: str(Path(directory) / "board"))
        link.start(events.put)
        try:
            _connected(events, link)
            time.sleep(0.2)
            latencies = []
            for _ in range(taps):
                pad = rng.randrange(profile.pads)
                time.sleep(rng.uniform(0, 0.01))  # land anywhere between two scans
                began = time.perf_counter()
                running.pads.down(pad)
                while events.get(timeout=5) != PadDown(pad):
                    pass
                latencies.append((time.perf_counter() - began) * 1000)
                running.pads.up(pad)
                while events.get(timeout=5) != PadUp(pad):
                    pass
            return latencies
        finally:
            link.close()
            running.close()


def _decode_lines_per_s(seconds: float) -> float:
    lines = [proto.encode("T", 1, ["D", "17"]), proto.encode("B", 2, ["3600", "100"]),
             proto.encode("R", 3, [f"{p}:700:-1" for p in range(16)])]
    chunk = b"".join(lines) * 100
    decoder = proto.Decoder()
    decoded = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        decoded += len(decoder.feed(chunk))
    return decoded / (time.perf_counter() - began)


def measure_link(profile_name: str, taps: int, seed: int, seconds: float) -> dict[str, Any]:
    """The figures of ``kaskade bench link``."""
    profile = load_profile(profile_name)
    scans = _scans_to_report(profile_name, taps, seed)
    millis = _finger_to_app_ms(profile_name, taps, seed)
    scan_ms = 1000 / SCAN_HZ
    return {
        "profile": profile_name,
        "sensor": profile.touch.sensor,
        "scan_ms": scan_ms,
        "scans_median": statistics.median(scans),
        "scans_max": max(scans),
        "finger_to_app_ms_median": round(statistics.median(millis), 2),
        "finger_to_app_ms_max": round(max(millis), 2),
        "decode_lines_per_s": round(_decode_lines_per_s(seconds)),
    }
