"""Ball glyphs: the count can be read from the lit LEDs on every pad size."""

import pytest

from controller.render.glyphs import UNLIT, ball_rows, lit_leds


@pytest.mark.parametrize(("per_pad", "most"), [(2, 3), (3, 7)])
def test_lit_leds_count_the_balls(per_pad, most):
    shapes = set()
    for balls in range(1, most + 1):
        lit = lit_leds(per_pad, balls)
        assert len(lit) == balls
        assert all(0 <= x < per_pad and 0 <= y < per_pad for x, y in lit)
        shapes.add(lit)
    assert len(shapes) == most
    assert len(lit_leds(per_pad, most + 1)) == per_pad * per_pad, "more shows as a full pad"


def test_one_led_shows_more_balls_brighter():
    levels = [ball_rows(1, balls, (200, 100, 50))[0][0] for balls in (1, 2, 3, 4)]
    assert levels[0] < levels[1] < levels[2] == levels[3]


def test_unlit_leds_glow_faintly_in_the_owners_colour():
    rows = ball_rows(2, 1, (200, 100, 50))
    assert rows[1][:3] == bytes((200, 100, 50)), "one ball: the top-left LED"
    assert rows[0][:3] == bytes((int(200 * UNLIT), int(100 * UNLIT), int(50 * UNLIT)))
    brighter = ball_rows(2, 1, (200, 100, 50), 0.5)
    assert brighter[0][:3] == bytes((100, 50, 25))
