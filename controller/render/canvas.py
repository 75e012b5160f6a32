"""The picture on the board before it becomes a frame: one colour per LED, in LED rows.

Row 0 is the bottom row, so pad ``a1`` is at the start of the buffer, matching the profile's
LED indexes (``y * width + x``). Drawing is done with slice assignments of whole rows: the Pi
draws a 1024-LED board many times a second.
"""

from __future__ import annotations

from collections.abc import Sequence

from controller.render.color import Colour


class Canvas:
    """``width`` x ``height`` LEDs of RGB, all off to begin with."""

    __slots__ = ("height", "pixels", "width")

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.pixels = bytearray(width * height * 3)

    def fill(self, colour: Colour) -> None:
        """Every LED ``colour``."""
        self.pixels[:] = bytes(colour) * (self.width * self.height)

    def rect(self, x: int, y: int, width: int, height: int, colour: Colour) -> None:
        """A filled rectangle with its bottom-left LED at ``(x, y)``."""
        row = bytes(colour) * width
        for line in range(y, y + height):
            start = (line * self.width + x) * 3
            self.pixels[start : start + len(row)] = row

    def block(self, x: int, y: int, rows: Sequence[bytes]) -> None:
        """Rows of ready-made RGB bytes, the first at LED row ``y``, starting at column ``x``."""
        for offset, row in enumerate(rows):
            start = ((y + offset) * self.width + x) * 3
            self.pixels[start : start + len(row)] = row

    def get(self, x: int, y: int) -> Colour:
        """The colour of LED ``(x, y)``."""
        start = (y * self.width + x) * 3
        red, green, blue = self.pixels[start : start + 3]
        return red, green, blue
