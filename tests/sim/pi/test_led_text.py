"""Reading a pairing code off the LEDs (what the whole-board test does, as a person at the
board would): frames drawn by the board's own renderer, scrolling, over a busy picture."""

from __future__ import annotations

import pytest

from controller.app.words import say
from controller.profile import load_profile
from controller.render.canvas import Canvas
from controller.render.marquee import Lettering, draw_message
from controller.render.output import FrameMaker
from hw.leds.ddp import as_rgb
from tests.support.led_text import UnreadError, read_code

PROFILE = load_profile("kaskade-8x8")
PAIRING = say("en", "pairing code", code="{code}")


def frames(code: str, step: float, picture: int = 0x55) -> list[bytes]:
    """The board's frames of the pairing words, every ``step`` seconds, over a picture."""
    text = PAIRING.format(code=code)
    lettering = Lettering.of(text, PROFILE.led_width, PROFILE.led_height)
    maker = FrameMaker(PROFILE)
    shown = []
    elapsed = 0.0
    while elapsed < lettering.duration(PROFILE.led_width):
        canvas = Canvas(PROFILE.led_width, PROFILE.led_height)
        canvas.fill((picture, 200, picture))
        draw_message(canvas, lettering, elapsed, (40, 90, 255))
        frame = maker.make(bytes(canvas.pixels), 0.6)
        shown.append(b"".join(as_rgb(data, PROFILE.colour_order) for data in frame.channels))
        elapsed += step
    return shown


@pytest.mark.parametrize("code", ["4821", "1111", "0907", "5163"])
@pytest.mark.parametrize("step", [1 / 30, 1 / 14, 0.25])
def test_the_code_is_read_as_it_scrolls(code, step):
    assert read_code(PROFILE, frames(code, step), PAIRING) == code


def test_frames_of_something_else_are_not_read_as_a_code():
    with pytest.raises(UnreadError):
        read_code(PROFILE, [bytes(3 * PROFILE.leds)] * 5, PAIRING)
