"""The menus on the grid: home (a tile per game, brightness, sound), board size by touching the
far corner, and the pause menu (continue, resign, home).

Each layout is computed once per profile and used both to draw and to decide what a touch
means, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional

from controller.profile.model import Profile
from controller.render.canvas import Canvas
from controller.render.color import (
    BLACK_PLAYER,
    CONFIRM,
    HIGHLIGHT,
    ILLEGAL,
    NEUTRAL,
    OFF,
    WHITE_PLAYER,
    Colour,
    mix,
    scale,
)
from controller.render.glyphs import ball_rows, solid_rows
from controller.render.kaskade import pulse

Pad = tuple[int, int]
"""A pad as ``(column, row)``, ``(0, 0)`` being ``a1``."""

_DARKEN = bytes(value // 6 for value in range(256))
SOUND_ON: Colour = CONFIRM
SOUND_OFF: Colour = (90, 20, 20)
LEVEL: Colour = (255, 255, 255)


@dataclass(frozen=True)
class Tile:
    """A square of pads: bottom-left pad and side."""

    column: int
    row: int
    size: int

    def contains(self, pad: Pad) -> bool:
        """Whether ``pad`` lies on the tile."""
        column, row = pad
        return self.column <= column < self.column + self.size and \
            self.row <= row < self.row + self.size

    def pads(self) -> list[Pad]:
        """The tile's pads, bottom row first."""
        return [(self.column + c, self.row + r) for r in range(self.size)
                for c in range(self.size)]


def tile_size(profile: Profile) -> int:
    """Side of a menu tile: 2 pads, 3 on large boards."""
    return 3 if min(profile.columns, profile.rows) >= 12 else 2


@dataclass(frozen=True)
class HomeLayout:
    """Game tiles from the top left, a brightness bar and a sound switch along the bottom."""

    tiles: tuple[Tile, ...]
    brightness: tuple[Pad, ...]
    """The bar's pads, dimmest first."""
    sound: Pad

    @classmethod
    def of(cls, profile: Profile, games: int) -> HomeLayout:
        """The layout for ``games`` game tiles."""
        size = tile_size(profile)
        per_row = (profile.columns + 1) // (size + 1)
        tiles = []
        for index in range(games):
            line, place = divmod(index, per_row)
            top = profile.rows - line * (size + 1)
            tiles.append(Tile(place * (size + 1), top - size, size))
        bar = tuple((column, 0) for column in range(profile.columns - 2))
        return cls(tuple(tiles), bar, (profile.columns - 1, 0))

    def hit(self, pad: Pad) -> Optional[tuple[str, int]]:
        """What a touch on ``pad`` means: ``("game", i)``, ``("brightness", level)`` with
        level 1 … len(bar), ``("sound", 0)``, or ``None``."""
        for index, tile in enumerate(self.tiles):
            if tile.contains(pad):
                return "game", index
        if pad in self.brightness:
            return "brightness", self.brightness.index(pad) + 1
        if pad == self.sound:
            return "sound", 0
        return None


def draw_home(
    canvas: Canvas,
    profile: Profile,
    layout: HomeLayout,
    brightness_level: int,
    sound: bool,
    resumable: Sequence[bool],
    now: float,
) -> bool:
    """The home menu; tiles of games with an unfinished game breathe. Returns whether the
    picture changes with time."""
    canvas.fill(OFF)
    k = profile.per_pad
    animating = False
    for tile, waiting in zip(layout.tiles, resumable):
        level = pulse(now, 0.35) if waiting else 1.0
        animating |= waiting
        _kaskade_icon(canvas, tile, k, level)
    for index, (column, row) in enumerate(layout.brightness, 1):
        colour = scale(LEVEL, 0.25 + 0.75 * index / len(layout.brightness)) \
            if index <= brightness_level else scale(NEUTRAL, 0.5)
        canvas.block(column * k, row * k, solid_rows(k, colour))
    column, row = layout.sound
    canvas.block(column * k, row * k, solid_rows(k, SOUND_ON if sound else SOUND_OFF))
    return animating


def _kaskade_icon(canvas: Canvas, tile: Tile, k: int, level: float) -> None:
    """Balls of both colours in a chequer, as on a game in progress."""
    for index, (column, row) in enumerate(tile.pads()):
        colour = WHITE_PLAYER if (column + row) % 2 == 0 else BLACK_PLAYER
        canvas.block(column * k, row * k, ball_rows(k, 1 + index % 3, scale(colour, level)))


def draw_board_size(
    canvas: Canvas,
    profile: Profile,
    corner: Optional[Pad],
    suggestion: Pad,
    smallest: int,
) -> None:
    """Choosing the board size: the board from ``a1`` to the touched ``corner`` lights up (red
    when smaller than ``smallest`` each way); untouched, the ``suggestion`` shows faintly."""
    k = profile.per_pad
    canvas.fill(scale(NEUTRAL, 0.5))
    far = corner or suggestion
    valid = far[0] + 1 >= smallest and far[1] + 1 >= smallest
    colour = scale(WHITE_PLAYER, 0.35) if corner is None else (WHITE_PLAYER if valid else ILLEGAL)
    canvas.rect(0, 0, (far[0] + 1) * k, (far[1] + 1) * k, scale(colour, 0.6))
    canvas.block(far[0] * k, far[1] * k, solid_rows(k, mix(colour, HIGHLIGHT, 0.3)))


@dataclass(frozen=True)
class PauseLayout:
    """Three tiles across the middle: continue, resign (hold), home."""

    resume: Tile
    resign: Tile
    home: Tile

    @classmethod
    def of(cls, profile: Profile) -> PauseLayout:
        """The layout for ``profile``."""
        size = tile_size(profile)
        gap = max(0, (profile.columns - 3 * size) // 4)
        row = (profile.rows - size) // 2
        left = (profile.columns - 3 * size - 2 * gap) // 2
        return cls(*(Tile(left + i * (size + gap), row, size) for i in range(3)))

    def hit(self, pad: Pad) -> Optional[str]:
        """``"resume"``, ``"resign"``, ``"home"`` or ``None``."""
        for name in ("resume", "resign", "home"):
            if getattr(self, name).contains(pad):
                return name
        return None


def draw_pause(canvas: Canvas, profile: Profile, layout: PauseLayout,
               resign_progress: float) -> None:
    """The pause menu over the darkened game; the resign tile brightens as it is held."""
    k = profile.per_pad
    canvas.pixels[:] = canvas.pixels.translate(_DARKEN)
    _tile(canvas, layout.resume, k, CONFIRM)
    _tile(canvas, layout.resign, k,
          scale(mix(ILLEGAL, HIGHLIGHT, resign_progress), 0.5 + 0.5 * resign_progress))
    _tile(canvas, layout.home, k, scale(HIGHLIGHT, 0.6))


def _tile(canvas: Canvas, tile: Tile, k: int, colour: Colour) -> None:
    canvas.rect(tile.column * k, tile.row * k, tile.size * k, tile.size * k, colour)
