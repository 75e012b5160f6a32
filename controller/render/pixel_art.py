"""Small pictures drawn LED by LED — each game's home tile, the pause menu's tiles — in the sizes
the reference builds give a tile: 2 x 2 LEDs (kaskade-mini), 4 x 4 (kaskade-8x8) and 6 x 6
(kaskade-8x8-fine, kaskade-16x16).

A picture is rows of letters, top row first, each letter a colour of a palette (``.`` off). A
tile whose size has no drawing gets the largest drawing that fits, centred.
"""

from __future__ import annotations

from collections.abc import Mapping

from controller.render.canvas import Canvas
from controller.render.color import Colour, scale
from controller.render.tile import Icon, Tile

Art = Mapping[int, tuple[str, ...]]
"""Drawings of one picture by their side in LEDs."""


def check_art(art: Art, palette: Mapping[str, Colour]) -> None:
    """Raise ``ValueError`` unless every drawing is square, its stated size, and in the
    palette's letters (the art is written by hand; a slip should fail at once)."""
    for side, rows in art.items():
        if len(rows) != side or any(len(row) != side for row in rows):
            raise ValueError(f"a {side} x {side} drawing has rows {rows}")
        unknown = set("".join(rows)) - set(palette) - {"."}
        if unknown:
            raise ValueError(f"letters {sorted(unknown)} are not in the palette")


def draw_art(canvas: Canvas, tile: Tile, k: int, art: Art, palette: Mapping[str, Colour],
             level: float = 1.0) -> None:
    """The drawing of ``art`` that fits ``tile`` (``k`` LEDs per pad), at ``level`` of full
    brightness; the tile's other LEDs go dark."""
    side = tile.size * k
    left, bottom = tile.column * k, tile.row * k
    canvas.rect(left, bottom, side, side, (0, 0, 0))
    fitting = [size for size in art if size <= side]
    if not fitting:
        return
    size = max(fitting)
    rows = art[size]
    offset = (side - size) // 2
    colours = {letter: scale(colour, level) for letter, colour in palette.items()}
    for y, row in enumerate(rows):
        line = bottom + offset + size - 1 - y
        for x, letter in enumerate(row):
            if letter != ".":
                canvas.rect(left + offset + x, line, 1, 1, colours[letter])


def art_icon(art: Art, palette: Mapping[str, Colour]) -> Icon:
    """A home tile's ``icon`` that draws ``art`` in ``palette`` (checked at once)."""
    check_art(art, palette)

    def icon(canvas: Canvas, tile: Tile, k: int, level: float) -> None:
        draw_art(canvas, tile, k, art, palette, level)

    return icon
