"""The firmware update on the grid: the offer (an arrow pointing up over "update" and "later"
tiles), the update's progress (pads filling like a bar) and its outcome (green or red).

The offer's layout is computed once per profile and used both to draw and to decide what a
touch means, as the menus' layouts are.
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.profile.model import Profile
from controller.render.breath import pulse
from controller.render.canvas import Canvas
from controller.render.color import CONFIRM, HIGHLIGHT, ILLEGAL, NEUTRAL, OFF, Colour, mix, scale
from controller.render.glyphs import solid_rows
from controller.render.marquee import Lettering, draw_label
from controller.render.menu import draw_tile, tile_size
from controller.render.pixel_art import Art, draw_art
from controller.render.tile import Pad, Tile

UPDATE: Colour = (0, 200, 255)
"""The colour of everything about a firmware update: cyan, used nowhere else."""


@dataclass(frozen=True)
class OfferLayout:
    """An up arrow across the top; below it the "update" tile (hold it) on the left and the
    "later" tile on the right."""

    arrow: frozenset[Pad]
    update: Tile
    later: Tile

    @classmethod
    def of(cls, profile: Profile) -> OfferLayout:
        """The layout for ``profile``."""
        size = tile_size(profile)
        left = (profile.columns - 2 * size - 1) // 2
        update, later = Tile(left, 0, size), Tile(left + size + 1, 0, size)
        return cls(frozenset(_arrow(profile.columns, size + 1, profile.rows - 1)), update,
                   later)

    def hit(self, pad: Pad) -> str | None:
        """``"update"``, ``"later"`` or ``None``."""
        if self.update.contains(pad):
            return "update"
        if self.later.contains(pad):
            return "later"
        return None


def _arrow(columns: int, bottom: int, top: int) -> set[Pad]:
    """An arrow pointing up, as wide as the grid, from row ``bottom`` to row ``top``: a head
    widening by a pad each side per row, then a shaft (two pads wide on even grids)."""
    centre = (columns - 1) / 2
    height = top - bottom + 1
    head = min(height // 2 + 1, (columns + 1) // 2)
    shaft = max(0.5, columns / 8 - 0.5)
    pads: set[tuple[int, int]] = set()
    for depth in range(height):
        reach = depth + 0.5 if depth < head else shaft
        pads.update((column, top - depth) for column in range(columns)
                    if abs(column - centre) <= reach)
    return pads


def draw_update_offer(canvas: Canvas, profile: Profile, layout: OfferLayout, held: float,
                      now: float) -> None:
    """The offer; the arrow breathes, the update tile brightens as it is held (``held`` 0-1)."""
    k = profile.per_pad
    canvas.fill(OFF)
    arrow = scale(UPDATE, pulse(now, 0.4))
    for column, row in layout.arrow:
        canvas.block(column * k, row * k, solid_rows(k, arrow))
    draw_tile(canvas, layout.update, k, scale(mix(CONFIRM, HIGHLIGHT, held), 0.6 + 0.4 * held))
    draw_tile(canvas, layout.later, k, scale(NEUTRAL, 0.8))


def percent_lettering(share: float, width: int, height: int) -> Lettering:
    """The share in percent, as it fits without scrolling: ``45%``, else ``45``."""
    percent = round(share * 100)
    lettering = Lettering.of(f"{percent}%", width, height)
    return lettering if not lettering.scrolls else Lettering.of(str(percent), width, height)


def draw_update_progress(canvas: Canvas, profile: Profile, share: float, now: float) -> None:
    """The update's progress: pads light up from the bottom left, row by row, as a share of the
    bytes arrives; the next pad blinks, so a slow step still shows that work goes on; the share
    in percent is written over it, dark on the lit pads and white on the others."""
    k = profile.per_pad
    canvas.fill(scale(NEUTRAL, 0.25))
    done = min(profile.pads, int(share * profile.pads))
    for pad in range(done):
        row, column = divmod(pad, profile.columns)
        canvas.block(column * k, row * k, solid_rows(k, UPDATE))
    if done < profile.pads and int(now * 2) % 2 == 0:
        row, column = divmod(done, profile.columns)
        canvas.block(column * k, row * k, solid_rows(k, scale(UPDATE, 0.4)))
    draw_label(canvas, percent_lettering(share, canvas.width, canvas.height))


VERDICT_ART: dict[bool, Art] = {
    True: {2: ("..", "#."),
           4: ("...#", "..#.", "#.#.", ".#.."),
           6: (".....#", "....#.", "...#..", "#.#...", ".#....", "......")},
    False: {2: ("#.", ".#"),
            4: ("#..#", ".##.", ".##.", "#..#"),
            6: ("#....#", ".#..#.", "..##..", "..##..", ".#..#.", "#....#")},
}
"""A tick for success, a cross for failure: the verdict is a shape as well as a colour."""


def draw_update_result(canvas: Canvas, profile: Profile, success: bool) -> None:
    """The outcome: all green with a white tick on a dark square in the middle, or all red
    with a cross (the board then runs its previous firmware)."""
    canvas.fill(scale(CONFIRM if success else ILLEGAL, 0.7))
    size = tile_size(profile)
    middle = Tile((profile.columns - size) // 2, (profile.rows - size) // 2, size)
    draw_art(canvas, middle, profile.per_pad, VERDICT_ART[success], {"#": HIGHLIGHT})
