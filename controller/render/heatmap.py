"""The sensors screen's picture: each pad coloured by how near its sensor is to a touch.

Blue is a quiet pad, green and yellow a pad that something approaches, red a pad at or past
the touch threshold; a pad the firmware reports touched is white. A pad without a reading
stays dim grey, so a dead sensor shows as a grey hole in a blue field. The same colours colour
``kaskade calibrate``'s map in the terminal.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping

from controller.profile.model import Profile
from controller.render.canvas import Canvas
from controller.render.color import HIGHLIGHT, Colour
from controller.render.glyphs import solid_rows

UNREAD: Colour = (25, 25, 25)
_STOPS: tuple[tuple[float, Colour], ...] = (
    (0.0, (0, 30, 140)),
    (0.35, (0, 190, 120)),
    (0.7, (255, 190, 0)),
    (1.0, (255, 30, 0)),
)


def heat_colour(delta: int, touch: int) -> Colour:
    """The colour of a pad ``delta`` counts from its baseline towards a touch, for a touch
    threshold of ``touch`` counts."""
    share = max(0.0, min(1.0, delta / touch)) if touch > 0 else 1.0
    for (low, first), (high, second) in itertools.pairwise(_STOPS):
        if share <= high:
            amount = (share - low) / (high - low)
            return (round(first[0] + (second[0] - first[0]) * amount),
                    round(first[1] + (second[1] - first[1]) * amount),
                    round(first[2] + (second[2] - first[2]) * amount))
    return _STOPS[-1][1]


def draw_heat_map(canvas: Canvas, profile: Profile, deltas: Mapping[int, int], touch: int,
                  touched: Collection[int]) -> None:
    """Every pad of ``profile`` in its heat colour (see the module's description)."""
    k = profile.per_pad
    for pad in range(profile.pads):
        column, row = pad % profile.columns, pad // profile.columns
        if pad in touched:
            colour = HIGHLIGHT
        elif pad in deltas:
            colour = heat_colour(deltas[pad], touch)
        else:
            colour = UNREAD
        canvas.block(column * k, row * k, solid_rows(k, colour))


def readings_map(profile: Profile, deltas: Mapping[int, int], touch: int,
                 colour: bool = False) -> str:
    """The pads as a grid, top row first: each pad's distance towards a touch in counts, marked
    ``*`` at or past the touch threshold, ``?`` where nothing was read; with ``colour``, on the
    heat map's colours (a terminal with 24-bit colour)."""
    lines = []
    for row in range(profile.rows - 1, -1, -1):
        cells = []
        for column in range(profile.columns):
            value = deltas.get(row * profile.columns + column)
            if value is None:
                cells.append("    ?")
            else:
                mark = "*" if value >= touch else " "
                cell = f"{max(-999, min(9999, value)):>4}{mark}"
                if colour:
                    red, green, blue = heat_colour(value, touch)
                    ink = "30" if red + green > 250 else "97"
                    cell = f"\x1b[{ink};48;2;{red};{green};{blue}m{cell}\x1b[0m"
                cells.append(cell)
        lines.append(f"{row + 1:>2} " + "".join(cells))
    lines.append("   " + "".join(f"{chr(ord('a') + c):>4} " for c in range(profile.columns)))
    return "\n".join(lines)
