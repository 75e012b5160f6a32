"""Per-pad signal processing on MicroPython."""

import random
import sys

sys.path.insert(0, "/")
sys.path.insert(0, "/tests")

from runner import run

from firmware.pads import Pads


def scan(pads, readings):
    for channel in range(len(readings)):
        pads.raw[channel] = readings[channel]
        pads.ok[channel] = 1
    pads.update()
    return [pads.events[i] for i in range(pads.event_count)]


def test_touch_and_release_after_three_scans():
    pads = Pads(2, -1, 12, 6)
    scan(pads, [700, 700])
    assert [scan(pads, [680, 700]) for _ in range(3)] == [[], [], [0]]
    assert [scan(pads, [699, 700]) for _ in range(3)] == [[], [], [-1]]


def test_noise_makes_no_phantom_touch():
    random.seed(3)
    pads = Pads(4, -1, 12, 6)
    for _ in range(1500):
        noisy = [700 + random.getrandbits(4) - 8 for _ in range(4)]  # +-8 counts, uniform
        assert scan(pads, noisy) == []


def test_a_stuck_pad_is_released_and_reported():
    pads = Pads(1, 1, 50, 49, max_hold=20)
    scan(pads, [0])
    events, stuck = [], 0
    for _ in range(30):
        events += scan(pads, [100])
        stuck += pads.stuck_count
    assert events == [0, -1]
    assert stuck == 1


run(globals())
