"""Glyphs: how many balls a cell holds, or the number on a stone, readable at a glance on 1,
2 x 2 or 3 x 3 LEDs.

Balls (Kaskade):

* 3 x 3 LEDs per pad: die faces (1 to 6), 7 as six plus the centre, more as a full square.
* 2 x 2: one lit LED per ball (1 to 3), all four for more.
* 1 LED: brightness steps (about 45 %, 70 %, 100 % for 1, 2, 3 or more balls).

Numbered stones (1 to 6, Big Balls):

* 3 x 3: the die face.
* 2 x 2: count the lit LEDs, a white one counting two: 1 to 4 are one to four LEDs in the
  stone's colour, 5 is three and a white one, 6 two and two white ones.
* 1 LED: the stone's colour only; the game shows the number of the stone under a finger on its
  die display instead.

A glyph's other LEDs glow faintly in the owner's colour, so ownership reads even on a cell with
one ball. Glyphs are cached: a board redraws the same few shapes again and again.
"""

from __future__ import annotations

from functools import lru_cache

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
_NUMBERS_2 = {
    1: ({(0, 1)}, set()),
    2: ({(0, 1), (1, 0)}, set()),
    3: ({(0, 1), (1, 0), (1, 1)}, set()),
    4: ({(0, 0), (0, 1), (1, 0), (1, 1)}, set()),
    5: ({(0, 1), (1, 0), (1, 1)}, {(0, 0)}),
    6: ({(1, 1), (0, 0)}, {(0, 1), (1, 0)}),
}
"""Per number on a 2 x 2 pad: the LEDs lit in the stone's colour, and those lit white."""
PIP_WHITE: Colour = (255, 255, 255)
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
    per_pad: int, balls: int, colour: Colour, unlit: float | None = None
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


@lru_cache(maxsize=1024)
def number_rows(per_pad: int, number: int, colour: Colour, unlit: float = UNLIT) \
        -> tuple[bytes, ...]:
    """The pad's LED rows (bottom first) for a stone numbered ``number`` (1-6) in ``colour``;
    LEDs that are not pips glow at ``unlit`` of it."""
    if per_pad == 1:
        return (bytes(colour),)
    white: set[tuple[int, int]]
    if per_pad == 3:
        lit, white = _PIPS_3[number], set()
    else:
        lit, white = _NUMBERS_2[number]
    on, off, bright = bytes(colour), bytes(scale(colour, unlit)), bytes(PIP_WHITE)
    return tuple(b"".join(bright if (x, y) in white else on if (x, y) in lit else off
                          for x in range(per_pad)) for y in range(per_pad))


def pip_pads(number: int) -> frozenset[tuple[int, int]]:
    """The pads of a 3 x 3 block that show die face ``number`` (for a die drawn on pads)."""
    return frozenset(_PIPS_3[number])
