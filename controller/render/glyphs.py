"""Ball glyphs: how many balls a cell holds, readable at a glance on 1, 2 x 2 or 3 x 3 LEDs.

* 3 x 3 LEDs per pad: die faces (1 to 6), 7 as six plus the centre, more as a full square.
* 2 x 2: one lit LED per ball (1 to 3), all four for more.
* 1 LED: brightness steps (about 45 %, 70 %, 100 % for 1, 2, 3 or more balls).

A glyph's other LEDs glow faintly in the owner's colour, so ownership reads even on a cell with
one ball. Glyphs are cached: a board redraws the same few shapes again and again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

from controller.render.color import Colour, scale

# Lit LEDs as (x, y) inside the pad, y = 0 the bottom row.
_PIPS_3 = {
    1: {(1, 1)},
    2: {(0, 2), (2, 0)},
    3: {(0, 2), (1, 1), (2, 0)},
    4: {(0, 0), (0, 2), (2, 0), (2, 2)},
    5: {(0, 0), (0, 2), (2, 0), (2, 2), (1, 1)},
    6: {(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)},
    7: {(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2), (1, 1)},
}
_PIPS_2 = {
    1: {(0, 1)},
    2: {(0, 1), (1, 0)},
    3: {(0, 1), (1, 0), (1, 1)},
}
_LEVELS_1 = {1: 0.45, 2: 0.7}
UNLIT = 0.18
"""Brightness of a glyph's unlit LEDs, relative to the owner's colour."""


def lit_leds(per_pad: int, balls: int) -> frozenset[tuple[int, int]]:
    """Which LEDs of a ``per_pad`` x ``per_pad`` pad are lit for ``balls`` balls."""
    if balls <= 0:
        return frozenset()
    if per_pad == 1:
        return frozenset({(0, 0)})
    pips = _PIPS_3 if per_pad == 3 else _PIPS_2
    if balls in pips:
        return frozenset(pips[balls])
    return frozenset((x, y) for x in range(per_pad) for y in range(per_pad))


@lru_cache(maxsize=4096)
def ball_rows(
    per_pad: int, balls: int, colour: Colour, unlit: Optional[float] = None
) -> tuple[bytes, ...]:
    """The pad's LED rows (bottom first) for ``balls`` balls of ``colour``; the other LEDs glow
    at ``unlit`` (default ``UNLIT``) of it."""
    if per_pad == 1:
        return (bytes(scale(colour, _LEVELS_1.get(balls, 1.0))),)
    lit = lit_leds(per_pad, balls)
    on, off = bytes(colour), bytes(scale(colour, UNLIT if unlit is None else unlit))
    return tuple(b"".join(on if (x, y) in lit else off for x in range(per_pad))
                 for y in range(per_pad))


@lru_cache(maxsize=1024)
def solid_rows(per_pad: int, colour: Colour) -> tuple[bytes, ...]:
    """A pad filled with one colour."""
    return (bytes(colour) * per_pad,) * per_pad
