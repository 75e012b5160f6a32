"""The diagnostic stream's readings: parsed leniently, shown as a map of the pads."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from controller.profile import load_profile
from controller.render.heatmap import heat_colour
from hw.touch.readings import parse_readings, readings_map

PROFILE = load_profile("kaskade-8x8")


def test_well_formed_fields_are_kept_and_the_rest_skipped():
    assert parse_readings(["3:700:-2", "x", "4:1:2:3", "5:690:12"]) == [(3, 700, -2), (5, 690, 12)]


@given(st.lists(st.text(max_size=12), max_size=20))
def test_parsing_never_raises(fields):
    for pad, reading, delta in parse_readings(fields):
        assert pad >= 0
        assert isinstance(reading + delta, int)


def test_the_map_marks_touches_and_unread_pads():
    lines = readings_map(PROFILE, {9: 45, 0: 0}, 12).splitlines()
    assert lines[-3].split()[:3] == ["2", "?", "45*"]
    assert lines[-2].split()[:3] == ["1", "0", "?"]
    assert lines[-1].split() == list("abcdefgh")


def test_the_map_is_coloured_with_the_heat_maps_colours():
    painted = readings_map(PROFILE, {9: 45, 0: 0}, 12, colour=True)
    red, green, blue = heat_colour(45, 12)
    assert f"48;2;{red};{green};{blue}m  45*" in painted
    assert "\x1b[" not in readings_map(PROFILE, {9: 45}, 12)
