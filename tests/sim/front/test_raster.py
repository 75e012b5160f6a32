"""The simulator's picture puts every LED where the profile says and in its colour."""

import pytest

from controller.profile import load_profile, profile_names
from sim.front.raster import BACKGROUND, BLOOM, TO_SCREEN, Raster


@pytest.mark.parametrize("name", profile_names())
def test_pads_are_found_under_every_led_centre(name):
    profile = load_profile(name)
    raster = Raster(profile, 10)
    k = profile.per_pad
    for y in range(profile.led_height):
        for x in range(profile.led_width):
            px, py = raster.led_centre(x, y)
            assert raster.pad_at(px, py) == (y // k) * profile.columns + x // k
    assert raster.pad_at(raster.width + 5, 0) == -1


def test_an_led_shows_its_colour_at_its_centre_and_others_stay_dark():
    profile = load_profile("kaskade-mini")
    raster = Raster(profile, 12)
    drive = [(0, 0, 0)] * profile.leds
    drive[3 * profile.led_width + 5] = (200, 10, 60)
    rgb = raster.rgb(drive)
    assert len(rgb) == raster.width * raster.height * 3

    def pixel(px, py):
        start = (py * raster.width + px) * 3
        return tuple(rgb[start:start + 3])

    centre = pixel(*raster.led_centre(5, 3))
    light = 0.18 + BLOOM
    expected = tuple(min(255, int(b + TO_SCREEN[c] * light))
                     for b, c in zip(BACKGROUND, (200, 10, 60)))
    assert centre == expected
    assert pixel(*raster.led_centre(0, 0)) == BACKGROUND
