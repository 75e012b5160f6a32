"""Per-pad signal processing on MicroPython."""

import random
import sys

sys.path.insert(0, "/")
sys.path.insert(0, "/tests")

from runner import run

from firmware.pads import UNREAD, Pads


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


def todo(pads):
    return [pads.todo[i] for i in range(pads.todo_count)]


def test_the_channels_not_at_rest_are_named_and_a_confirmation_is_said():
    pads = Pads(3, -1, 12, 6)
    scan(pads, [700, 700, 700])
    assert todo(pads) == [0, 1, 2], "a channel's first reading sets its baseline"
    scan(pads, [700, 700, 700])
    assert (todo(pads), pads.confirming) == ([], False)
    scan(pads, [700, 680, 700])
    assert (todo(pads), pads.confirming) == ([1], True)
    scan(pads, [700, 680, 700])
    scan(pads, [700, 680, 700])
    assert (todo(pads), pads.confirming) == ([1], False), "touched: held, not at rest"


def test_an_unread_channel_stands_as_it_was():
    pads = Pads(2, -1, 12, 6)
    scan(pads, [700, 700])
    scan(pads, [680, 700])
    assert pads.counter[0] == 1
    baseline = pads.baseline[1]
    pads.raw[0] = pads.raw[1] = 0  # what a driver that did not read leaves is never looked at
    pads.ok[0] = pads.ok[1] = UNREAD
    for _ in range(5):
        pads.update()
        assert pads.event_count == 0
    assert (pads.counter[0], pads.touched[0], pads.baseline[1]) == (1, 0, baseline)
    assert scan(pads, [680, 700]) == []
    assert scan(pads, [680, 700]) == [0], "the integrator goes on where it stood"


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
