"""How the board says "something needs a look" when it starts: a damaged saved game or
settings file was set aside (the words are in the log and on the simulator's side panel). An
amber exclamation mark, pulsing, over the whole grid; it goes by itself or at a touch."""

from __future__ import annotations

from controller.profile.model import Profile
from controller.render.breath import pulse
from controller.render.canvas import Canvas
from controller.render.color import scale
from controller.render.glyphs import solid_rows

AMBER = (255, 150, 0)


def draw_notice(canvas: Canvas, profile: Profile, now: float) -> None:
    """The exclamation mark: a bar down the middle (two columns on a wide even grid) from the
    third row up to just below the top, a gap, and a dot on the bottom row."""
    canvas.fill((0, 0, 0))
    k = profile.per_pad
    colour = scale(AMBER, pulse(now, 0.45))
    wide = profile.columns >= 6 and profile.columns % 2 == 0
    first = profile.columns // 2 - 1 if wide else profile.columns // 2
    top = profile.rows - 1 if profile.rows < 6 else profile.rows - 2
    for column in range(first, first + (2 if wide else 1)):
        for row in (0, *range(2, top + 1)):
            canvas.block(column * k, row * k, solid_rows(k, colour))
