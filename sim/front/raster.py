"""Drawing the board as a person sees it: each LED a glowing spot under the diffuser, in its
place and colour, pads divided by thin dark lines.

LED drive values are linear in light while a screen's values are not, so each drive value is
converted for the screen (gamma 2.2) before drawing: a dim LED looks dim, not black. The same
picture goes to the window and to PNG files, so screenshots show exactly what the window shows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from controller.profile.model import Profile
from controller.render.color import Colour

BACKGROUND: Colour = (16, 16, 19)
DIVIDER: Colour = (5, 5, 6)
SCREEN_GAMMA = 2.2
BLOOM = 1.35
"""An LED's core is brighter than a screen can show; letting it saturate looks like a light."""
TO_SCREEN = bytes(round(255 * (v / 255) ** (1 / SCREEN_GAMMA)) for v in range(256))


class Raster:
    """Pictures of ``profile``'s LEDs, ``led_px`` screen pixels per LED."""

    def __init__(self, profile: Profile, led_px: int) -> None:
        self.profile = profile
        self.led_px = led_px
        self.line = 1 if led_px < 16 else 2
        self.width = profile.led_width * led_px + self.line
        self.height = profile.led_height * led_px + self.line

    def pad_at(self, x: int, y: int) -> int:
        """The pad under screen pixel ``(x, y)`` (from the top left), or -1 off the board."""
        k = self.profile.per_pad
        column = x // (self.led_px * k)
        row = self.profile.rows - 1 - y // (self.led_px * k)
        if 0 <= column < self.profile.columns and 0 <= row < self.profile.rows:
            return row * self.profile.columns + column
        return -1

    def led_centre(self, x: int, y: int) -> tuple[int, int]:
        """Screen pixel at the centre of LED ``(x, y)`` (LED rows from the bottom)."""
        return (x * self.led_px + self.led_px // 2,
                (self.profile.led_height - 1 - y) * self.led_px + self.led_px // 2)

    def rgb(self, drive: Sequence[Colour]) -> bytes:
        """The picture of LEDs with these drive values, RGB rows from the top."""
        profile = self.profile
        width, k = profile.led_width, profile.per_pad
        rows = []
        for y in reversed(range(profile.led_height)):
            top_edge = y % k == k - 1
            sprites = [
                self._sprite(drive[y * width + x], x % k == 0, top_edge) for x in range(width)
            ]
            edge = bytes(DIVIDER) * self.line
            for line in range(self.led_px):
                rows.append(b"".join(sprite[line] for sprite in sprites) + edge)
        rows.extend([bytes(DIVIDER) * self.width] * self.line)
        return b"".join(rows)

    def _sprite(self, drive: Colour, left_edge: bool, top_edge: bool) -> tuple[bytes, ...]:
        colour = (TO_SCREEN[drive[0]], TO_SCREEN[drive[1]], TO_SCREEN[drive[2]])
        return _sprite(colour, self.led_px, self.line if left_edge else 0,
                       self.line if top_edge else 0)


@lru_cache(maxsize=8)
def _glow(size: int) -> tuple[tuple[float, ...], ...]:
    """Light falling off from the centre of an LED's square, over a faint diffused fill."""
    rows = []
    for py in range(size):
        row = []
        for px in range(size):
            distance = math.hypot((px + 0.5) / size - 0.5, (py + 0.5) / size - 0.5)
            spot = 1.0 if distance < 0.22 else max(0.0, 1 - (distance - 0.22) / 0.42) ** 2
            row.append(0.18 + BLOOM * spot)
        rows.append(tuple(row))
    return tuple(rows)


@lru_cache(maxsize=8192)
def _sprite(colour: Colour, size: int, left: int, top: int) -> tuple[bytes, ...]:
    """One LED's square of ``size`` pixels, with the pad divider on its left or top edge."""
    lines = []
    for py, row in enumerate(_glow(size)):
        pixels = bytearray()
        for px, light in enumerate(row):
            if px < left or py < top:
                pixels += bytes(DIVIDER)
            else:
                pixels += bytes(min(255, int(b + c * light)) for b, c in zip(BACKGROUND, colour))
        lines.append(bytes(pixels))
    return tuple(lines)
