"""From canvas to LED bytes: chain order, colour order, gamma, brightness and the limiter."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.profile import load_profile, profile_names
from controller.render.canvas import Canvas
from controller.render.output import FULL_WHITE, FrameMaker, drive_table
from sim.leds import FrameReader


@pytest.mark.parametrize("name", profile_names())
def test_every_led_gets_its_own_colour_in_chain_and_colour_order(name):
    profile = load_profile(name)
    canvas = Canvas(profile.led_width, profile.led_height)
    identity = bytes(range(256))
    for index in range(profile.leds):
        x, y = index % profile.led_width, index // profile.led_width
        canvas.rect(x, y, 1, 1, (x * 7 % 256, y * 7 % 256, (x + y) % 256))
    maker = FrameMaker(profile, gamma=1.0)
    frame = maker.make(bytes(canvas.pixels), 1.0)
    assert [len(data) for data in frame.channels] == [len(c.chain) * 3 for c in profile.channels]
    colours = FrameReader(profile).colours(frame)
    table = drive_table(255, 1.0)
    for index in range(profile.leds):
        x, y = index % profile.led_width, index // profile.led_width
        expected = tuple(table[v] for v in (x * 7 % 256, y * 7 % 256, (x + y) % 256))
        assert colours[index] == expected
    assert identity.translate(table)[100] == 100


def test_grb_strips_get_green_first():
    profile = load_profile("kaskade-8x8")
    canvas = Canvas(profile.led_width, profile.led_height)
    canvas.rect(0, 0, 1, 1, (255, 0, 0))   # the first LED of the chain: bottom left
    frame = FrameMaker(profile).make(bytes(canvas.pixels), 1.0)
    assert frame.channels[0][:3] == bytes([0, 255, 0])


def test_gamma_keeps_dark_dark_and_lit_lit():
    table = drive_table(255)
    assert table[0] == 0
    assert all(table[v] >= 1 for v in range(1, 256))
    assert list(table) == sorted(table)
    assert table[255] == 255
    assert table[128] < 64, "half a colour is much less than half the drive"
    assert set(drive_table(0)) == {0}
    assert drive_table(128)[255] == 128


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(profile_names()), st.floats(0, 1), st.binary(min_size=1, max_size=64))
def test_no_frame_draws_more_than_the_budget(name, brightness, pattern):
    profile = load_profile(name)
    maker = FrameMaker(profile)
    size = profile.leds * 3
    pixels = (pattern * (size // len(pattern) + 1))[:size]
    frame = maker.make(pixels, brightness)
    assert frame.milliamps <= profile.power.limit_amps * 1000 - profile.power.other_milliamps \
        + 1e-6
    unlimited = sum(pixels.translate(drive_table(round(brightness * 255))))
    assert frame.limited == (unlimited * profile.power.led_milliamps / FULL_WHITE >
                             maker.budget_milliamps)


def test_full_white_on_the_large_board_is_limited_close_to_the_budget():
    profile = load_profile("kaskade-16x16")
    canvas = Canvas(profile.led_width, profile.led_height)
    canvas.fill((255, 255, 255))
    frame = FrameMaker(profile).make(bytes(canvas.pixels), 1.0)
    assert frame.limited
    assert 0.97 * 25000 < frame.milliamps <= 25000
