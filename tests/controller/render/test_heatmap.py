"""The sensors' heat map: cold blue to red at the touch threshold, white where touched, grey
where nothing was read."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from controller.profile import load_profile
from controller.render.canvas import Canvas
from controller.render.color import HIGHLIGHT
from controller.render.heatmap import UNREAD, draw_heat_map, heat_colour, readings_map

PROFILE = load_profile("kaskade-8x8")


def test_the_scale_runs_from_blue_through_yellow_to_red():
    quiet, halfway, touched = heat_colour(0, 40), heat_colour(28, 40), heat_colour(40, 40)
    assert quiet[2] > max(quiet[:2])
    assert min(halfway[:2]) > 150, "yellow: red and green"
    assert halfway[2] < 50, "yellow: little blue"
    assert touched == (255, 30, 0)


@given(st.integers(-10_000, 10_000), st.integers(1, 500))
def test_every_distance_has_a_colour_between_the_ends(delta, touch):
    colour = heat_colour(delta, touch)
    assert all(0 <= value <= 255 for value in colour)
    if delta <= 0:
        assert colour == heat_colour(0, touch)
    if delta >= touch:
        assert colour == heat_colour(touch, touch)


@given(st.integers(1, 200))
def test_redder_the_nearer_a_touch(touch):
    reds = [heat_colour(delta, touch)[0] for delta in range(touch + 1)]
    assert reds == sorted(reds)


def test_pads_are_drawn_in_their_places():
    profile = load_profile("kaskade-8x8")
    canvas = Canvas(profile.led_width, profile.led_height)
    draw_heat_map(canvas, profile, {0: 0, 9: 50}, touch=40, touched={63})
    k = profile.per_pad
    assert canvas.get(0, 0) == heat_colour(0, 40)       # a1, quiet
    assert canvas.get(k + 1, k + 1) == heat_colour(40, 40)  # b2, past the threshold
    assert canvas.get(7 * k, 7 * k) == HIGHLIGHT         # h8, touched
    assert canvas.get(2 * k, 0) == UNREAD                # c1, never read


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
