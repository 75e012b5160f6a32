"""Per-pad signal processing: baselines, thresholds, the integrator, stuck pads."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from firmware.pads import Pads


def scan(pads: Pads, readings: list[int], ok: bool = True) -> list[int]:
    for channel, value in enumerate(readings):
        pads.raw[channel] = value
        pads.ok[channel] = 1 if ok else 0
    pads.update()
    return [pads.events[i] for i in range(pads.event_count)]


def make(count: int = 2, polarity: int = -1, confirm: int = 3, hold: int = 1000) -> Pads:
    pads = Pads(count, polarity, touch=12, release=6, confirm=confirm, max_hold=hold)
    scan(pads, [700] * count)
    return pads


def test_a_touch_needs_confirm_scans_in_a_row():
    pads = make()
    assert scan(pads, [680, 700]) == []
    assert scan(pads, [680, 700]) == []
    assert scan(pads, [680, 700]) == [0]
    assert pads.touched[0] == 1


def test_a_blip_shorter_than_confirm_is_ignored():
    pads = make()
    for _ in range(20):
        assert scan(pads, [680, 700]) == []
        assert scan(pads, [680, 700]) == []
        assert scan(pads, [700, 700]) == []


def test_release_needs_the_reading_back_within_the_release_threshold():
    pads = make()
    for _ in range(3):
        scan(pads, [680, 700])
    for _ in range(10):  # 8 counts away: between release (6) and touch (12): still touched
        assert scan(pads, [692, 700]) == []
    scan(pads, [696, 700])
    scan(pads, [696, 700])
    assert scan(pads, [696, 700]) == [-1]  # channel 0 released


def test_rising_sensors_touch_upwards():
    pads = make(polarity=1)
    assert [scan(pads, [700, 720]) for _ in range(3)][-1] == [1]


def test_several_pads_at_once():
    pads = make(count=4)
    events = [scan(pads, [680, 700, 680, 680]) for _ in range(3)][-1]
    assert sorted(events) == [0, 2, 3]


def test_the_baseline_follows_slow_drift_while_untouched():
    pads = make()
    reading = 700
    for _ in range(3000):  # drifts 60 counts down, slowly: never a touch
        reading -= 0.02
        assert scan(pads, [round(reading), 700]) == []
    assert abs((pads.baseline[0] >> 6) - reading) < 3


def test_the_baseline_stands_still_under_a_finger():
    pads = make()
    before = pads.baseline[0]
    for _ in range(500):
        scan(pads, [670, 700])
    assert pads.baseline[0] == before
    assert pads.touched[0] == 1


def test_a_pad_held_too_long_is_stuck_released_and_recalibrated():
    pads = make(hold=50)
    stuck_seen = []
    events = []
    for _ in range(60):
        events += scan(pads, [650, 700])
        stuck_seen += [pads.stuck[i] for i in range(pads.stuck_count)]
    assert events == [0, -1]
    assert stuck_seen == [0]
    assert [scan(pads, [650, 700]) for _ in range(10)] == [[]] * 10  # the new normal


def test_a_channel_that_stops_answering_lets_go_and_never_touches():
    pads = make()
    for _ in range(3):
        scan(pads, [650, 700])
    assert scan(pads, [0, 0], ok=False) == [-1, ]
    assert [scan(pads, [0, 0], ok=False) for _ in range(5)] == [[]] * 5


def test_calibrate_takes_the_present_readings_of_untouched_pads():
    pads = make()
    scan(pads, [720, 690])
    pads.calibrate()
    assert pads.baseline[0] >> 6 == 720
    assert pads.baseline[1] >> 6 == 690


@pytest.mark.parametrize(("touch", "release"), [(5, 5), (5, 6), (5, -1)])
def test_thresholds_must_leave_a_gap(touch, release):
    with pytest.raises(ValueError, match="release < touch"):
        make().set_thresholds(touch, release)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
@example(515)  # one noisy reading a threshold above the baseline used to pull it up a quarter
@example(4885000)  # of the way, and the ordinary readings after it then looked like a finger
def test_noise_below_a_third_of_the_touch_threshold_never_touches(seed):
    """The documented noise floor: Gaussian noise of sigma 4 counts (a third of the default
    touch threshold) on every pad, for 2,000 scans: no phantom touch."""
    rng = random.Random(seed)
    pads = make(count=4)
    for _ in range(2000):
        assert scan(pads, [round(rng.gauss(700, 4)) for _ in range(4)]) == []


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.lists(st.sampled_from([0, 100]), min_size=3, max_size=3),
                          st.booleans()), min_size=1, max_size=60),
       st.integers(1, 4), st.integers(2, 12))
# three pads stuck in one skipped scan were once reported in the order they were held
@example(scans=[([0, 0, 0], True), ([100, 100, 100], True)], confirm=1, hold=2)
@example(scans=[([0, 0, 0], True), ([0, 0, 100], True), ([100, 0, 100], True)], confirm=1,
         hold=4)
def test_skipping_a_still_scan_changes_nothing_but_time(scans, confirm, hold):
    # A digital sensor (a TTP223's 0 or 100) repeats its readings scan after scan: the skip of
    # such a scan must leave every event, stuck pad, touch and baseline as a full pass would.
    skipping = Pads(3, 1, touch=50, release=49, confirm=confirm, max_hold=hold)
    full = Pads(3, 1, touch=50, release=49, confirm=confirm, max_hold=hold)
    for readings, ok in scans:
        for _ in range(3):  # each reading held a few scans, as a finger is
            full.still = False
            got = [scan(pads, readings, ok) for pads in (skipping, full)]
            assert got[0] == got[1]
            assert [skipping.stuck[i] for i in range(skipping.stuck_count)] == \
                [full.stuck[i] for i in range(full.stuck_count)]
            assert skipping.touched == full.touched
            assert list(skipping.baseline) == list(full.baseline)
            assert list(skipping.held) == list(full.held)


def test_a_still_board_skips_its_channels_until_a_reading_changes():
    pads = Pads(2, 1, touch=50, release=49, confirm=3, max_hold=1000)
    for _ in range(5):
        scan(pads, [0, 0])
    assert pads.still
    assert [scan(pads, [0, 100]) for _ in range(3)] == [[], [], [1]]
    scan(pads, [0, 100])
    assert pads.still  # held: only its time moves
    assert pads.down_count == 1
