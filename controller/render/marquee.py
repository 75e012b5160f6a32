"""A message in letters across the middle of the board: still when it fits, else scrolling
from right to left like an LED name badge.

The text sits on a dark band over the dimmed picture, so the game under it stays in view
above and below. How long a message shows follows from its length and the board's width;
whoever shows it lets a touch end it sooner (``controller/app/announcer.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.render.canvas import Canvas
from controller.render.color import Colour
from controller.render.font import LARGE, SMALL, Font, columns, small_enough

SPEED = 14.0
"""Font columns scrolled per second: a letter (six columns) passes in about 0.4 s, and every
column stays in view for at least ``board width / SPEED`` seconds (0.57 s on an 8-LED-wide
board), which LED badges find readable."""
STILL = 2.0
"""Seconds a message that fits the board is shown."""
_DIM = bytes(value // 4 for value in range(256))
WHITE: Colour = (255, 255, 255)


@dataclass(frozen=True)
class Lettering:
    """How a text is set on a board ``width`` x ``height`` LEDs: its font, scale (2 on boards
    32 LEDs and more each way, whose LEDs are small), columns and whether it scrolls."""

    font: Font
    scale: int
    columns: tuple[int, ...]
    scrolls: bool

    @classmethod
    def of(cls, text: str, width: int, height: int) -> Lettering:
        """The biggest lettering of ``text`` that is still readable on the board: the large
        font, or the small one when it makes a number fit without scrolling."""
        scale = 2 if min(width, height) >= 32 else 1
        large = columns(LARGE, text)
        if len(large) * scale <= width or not small_enough(text):
            return cls(LARGE, scale, large, len(large) * scale > width)
        small = columns(SMALL, text)
        if len(small) * scale <= width:
            return cls(SMALL, scale, small, False)
        return cls(LARGE, scale, large, True)

    def duration(self, width: int) -> float:
        """Seconds the message takes on a board ``width`` LEDs wide."""
        if not self.scrolls:
            return STILL
        return (len(self.columns) + width / self.scale) / SPEED

    def offset(self, width: int, elapsed: float) -> int:
        """The LED column of the text's first column ``elapsed`` seconds in."""
        span = len(self.columns) * self.scale
        if not self.scrolls:
            return (width - span) // 2
        return width - int(elapsed * SPEED) * self.scale


def draw_label(canvas: Canvas, lettering: Lettering, elapsed: float = 0.0) -> None:
    """``lettering`` ``elapsed`` seconds in, straight over the picture, each letter LED dark
    where the picture is bright and white where it is dark: a label on a progress bar or on a
    verdict's colour, which stays in view around it."""
    scale = lettering.scale
    height = lettering.font.height * scale
    top = (canvas.height + height) // 2
    left = lettering.offset(canvas.width, elapsed)
    for index, bits in enumerate(lettering.columns):
        for y in range(lettering.font.height):
            if not bits >> y & 1:
                continue
            for dx in range(scale):
                for dy in range(scale):
                    x, row = left + index * scale + dx, top - (y + 1) * scale + dy
                    if 0 <= x < canvas.width and 0 <= row < canvas.height:
                        bright = sum(canvas.get(x, row)) > 300
                        canvas.rect(x, row, 1, 1, (0, 0, 0) if bright else WHITE)


def draw_message(canvas: Canvas, lettering: Lettering, elapsed: float,
                 colour: Colour = WHITE) -> None:
    """``lettering`` ``elapsed`` seconds after it appeared, over the dimmed picture."""
    canvas.pixels[:] = canvas.pixels.translate(_DIM)
    scale = lettering.scale
    height = lettering.font.height * scale
    bottom = max(0, (canvas.height - height) // 2 - 1)
    canvas.rect(0, bottom, canvas.width, min(canvas.height - bottom, height + 2), (0, 0, 0))
    top = bottom + 1 + height  # above the font's top row (LED rows run upwards)
    left = lettering.offset(canvas.width, elapsed)
    for index, bits in enumerate(lettering.columns):
        x = left + index * scale
        if not bits or x + scale <= 0 or x >= canvas.width:
            continue
        for y in range(lettering.font.height):
            if bits >> y & 1:
                canvas.rect(max(0, x), top - (y + 1) * scale,
                            min(scale, canvas.width - x, x + scale), scale, colour)
