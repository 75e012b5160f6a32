"""Messages on the LEDs: still when they fit, else scrolling slowly enough that every column of
every letter stays in view for a readable time on every reference build."""

from __future__ import annotations

import pytest

from controller.profile import load_profile, profile_names
from controller.render.canvas import Canvas
from controller.render.font import LARGE, SMALL
from controller.render.marquee import SPEED, STILL, WHITE, Lettering, draw_message

READABLE = 0.5
"""Seconds every column of a scrolling message must stay in view."""
FRAME = 1 / 30


def shown_columns(canvas: Canvas, lettering: Lettering, elapsed: float) -> set[int]:
    """Which of the text's columns are in view (lit or not) at ``elapsed``."""
    left = lettering.offset(canvas.width, elapsed)
    return {index for index in range(len(lettering.columns))
            if left + index * lettering.scale >= 0 and
            left + (index + 1) * lettering.scale <= canvas.width}


@pytest.mark.parametrize("name", profile_names())
def test_every_column_of_a_scrolling_message_is_in_view_long_enough(name):
    profile = load_profile(name)
    canvas = Canvas(profile.led_width, profile.led_height)
    lettering = Lettering.of("Black wins 5:3 - schwarz gewinnt", canvas.width, canvas.height)
    assert lettering.scrolls
    seen: dict[int, float] = {}
    steps = int(lettering.duration(canvas.width) / FRAME) + 1
    for step in range(steps):
        for column in shown_columns(canvas, lettering, step * FRAME):
            seen[column] = seen.get(column, 0.0) + FRAME
    assert set(seen) == set(range(len(lettering.columns))), "every column passes"
    assert min(seen.values()) >= READABLE - FRAME
    assert lettering.duration(canvas.width) < len(lettering.columns) / SPEED + 3


@pytest.mark.parametrize("name", profile_names())
def test_the_drawn_text_matches_its_glyphs(name):
    profile = load_profile(name)
    canvas = Canvas(profile.led_width, profile.led_height)
    canvas.fill((0, 90, 0))
    lettering = Lettering.of("1", canvas.width, canvas.height)
    draw_message(canvas, lettering, 0.0)
    lit = {(x, y) for x in range(canvas.width) for y in range(canvas.height)
           if canvas.get(x, y) == WHITE}
    glyph = lettering.font.glyph("1")
    assert len(lit) == "".join(glyph).count("#") * lettering.scale ** 2
    assert all(canvas.get(x, y)[1] < 90 for x in range(canvas.width)
               for y in range(canvas.height) if (x, y) not in lit), "the picture is dimmed"


def test_numbers_fit_in_the_small_font_where_the_large_would_scroll():
    lettering = Lettering.of("100%", 16, 16)
    assert lettering.font is SMALL
    assert not lettering.scrolls
    assert Lettering.of("100%", 24, 24).font is LARGE
    assert Lettering.of("100%", 8, 8).scrolls


def test_a_message_that_fits_stands_still_and_centred():
    lettering = Lettering.of("OK", 24, 24)
    assert not lettering.scrolls
    assert lettering.font is LARGE
    assert lettering.duration(24) == STILL
    assert lettering.offset(24, 0.0) == lettering.offset(24, 1.5) == (24 - 11) // 2
