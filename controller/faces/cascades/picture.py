"""Cascades on the LEDs: the slope laid out on the pad grid, stones, whose turn, the cells a
stone may go on, the pass / end-of-turn pad, the last turn, hints, the win.

The slope is drawn skewed (axial hex coordinates): each cell sits on a pad and the two cells it
touches below are the pad straight below and the one below-right, so neighbours on the board are
neighbours on the grid. The top row is the top pad row; the widest row needs 2n − 1 pad columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from controller.games import GameState
from controller.games.cascades import CascadesState, Slope
from controller.games.cascades.slope import MAX_TOP, MIN_TOP
from controller.profile.model import Profile
from controller.render.breath import pulse
from controller.render.canvas import Canvas
from controller.render.color import BLACK_PLAYER, HIGHLIGHT, WHITE_PLAYER, Colour, mix, scale
from controller.render.feedback import (
    EMPTY,
    HINT,
    PLACED_FLASH,
    THINKING,
    Turn,
    backdrop,
    draw_touches,
    fill_at,
)
from controller.render.glyphs import solid_rows
from controller.render.pixel_art import Art, art_icon
from controller.render.tile import Pad

PLACEABLE = 0.4
"""Brightness of an empty cell the player to move may fill."""
OLDER_STONE = 0.7
"""Brightness of stones placed before the last turn (the last turn's stones are full)."""


def game_rows(top: int, shape: str) -> int:
    """Pad rows the slope needs."""
    return top if shape == "widening" else 2 * top - 1


def fits(profile: Profile, top: int, shape: str) -> bool:
    """Whether a board of top width ``top`` fits ``profile``'s grid with a row to spare for
    the pass pad."""
    return 2 * top - 1 <= profile.columns and game_rows(top, shape) + 1 <= profile.rows


def largest_top(profile: Profile, shape: str = "widening") -> int | None:
    """The widest top row that fits the grid, or ``None`` when not even the smallest does."""
    tops = [top for top in range(MIN_TOP, MAX_TOP + 1) if fits(profile, top, shape)]
    return max(tops) if tops else None


@dataclass(frozen=True)
class CascadesLayout:
    """Where each cell and the pass / end-of-turn pad are on the grid."""

    slope: Slope
    pads: tuple[Pad, ...]
    """``(column, row)`` of each cell."""
    done: Pad
    """The pad that passes at a turn's start and ends the turn after one stone."""

    @classmethod
    def of(cls, profile: Profile, slope: Slope) -> CascadesLayout:
        """The slope centred left to right, its top row on the grid's top row."""
        if not fits(profile, slope.top, slope.shape):
            raise ValueError(f"a top row of {slope.top} does not fit "
                             f"{profile.columns}x{profile.rows} pads")
        left = (profile.columns - (2 * slope.top - 1)) // 2
        pads = []
        for row, index in slope.places:
            shift = max(0, row - (slope.top - 1))
            pads.append((left + index + shift, profile.rows - 1 - row))
        done = (profile.columns - 1, profile.rows - 1 - slope.rows)
        return cls(slope, tuple(pads), done)

    def hit(self, pad: Pad) -> tuple[str, int] | None:
        """``("cell", number)``, ``("done", 0)`` or ``None``."""
        if pad == self.done:
            return "done", 0
        try:
            return "cell", self.pads.index(pad)
        except ValueError:
            return None


@dataclass(frozen=True)
class CascadesView:
    """What to show."""

    cells: Sequence[int]
    """Per cell: -1 empty, else the owner."""
    colours: tuple[Colour, Colour]
    placeable: frozenset[int] = frozenset()
    done: str | None = None
    """``"pass"`` or ``"end"`` when the done pad does that now, else ``None``."""
    last_turn: frozenset[int] = frozenset()
    """Cells filled in the most recent turn (drawn brightest)."""
    last_move: int | None = None
    counted: frozenset[int] = frozenset()
    """Cells that decide the game (the bottom row), faintly marked while empty."""
    hint: object | None = None
    """A suggested move: a cell number, ``"pass"`` or ``"end"``."""
    turn: Turn = field(default_factory=Turn)


def draw_cascades(canvas: Canvas, profile: Profile, layout: CascadesLayout, view: CascadesView,
                  now: float) -> bool:
    """Draw ``view``; returns whether the picture changes with time."""
    k = profile.per_pad
    animating = view.turn.winner is not None or view.turn.thinking
    theme = backdrop(canvas, view.colours, view.turn.to_move, view.turn.winner, now)
    empty = scale(theme, THINKING * pulse(now, 0.3) if view.turn.thinking else EMPTY)
    for cell, owner in enumerate(view.cells):
        column, row = layout.pads[cell]
        if owner < 0:
            level = PLACEABLE if cell in view.placeable and not view.turn.thinking else None
            colour = scale(theme, level) if level else empty
            if cell in view.counted and level is None:
                colour = mix(colour, scale(HIGHLIGHT, EMPTY), 0.35)
        else:
            colour = view.colours[owner]
            if cell not in view.last_turn:
                colour = scale(colour, OLDER_STONE)
            if view.turn.winner is not None and owner == view.turn.winner and cell in view.counted:
                colour = scale(colour, pulse(now, 0.5))
        canvas.block(column * k, row * k, solid_rows(k, colour))
    if view.done is not None and view.turn.to_move is not None:
        colour = view.colours[view.turn.to_move]
        colour = mix(colour, HIGHLIGHT, 0.4) if view.done == "end" else scale(colour, 0.5)
        fill_at(canvas, layout.done, k, colour)
    since = now - view.turn.moved_at
    if view.last_move is not None and 0 <= since < PLACED_FLASH:
        owner = view.cells[view.last_move]
        if owner >= 0:
            glow = mix(view.colours[owner], HIGHLIGHT, 0.6)
            fill_at(canvas, layout.pads[view.last_move], k, glow)
            animating = True
    animating |= _hint(canvas, layout, view, k, now)
    animating |= draw_touches(canvas, profile, view.turn.touches, now)
    return animating


def _hint(canvas: Canvas, layout: CascadesLayout, view: CascadesView, k: int,
          now: float) -> bool:
    since = now - view.turn.hint_at
    if view.hint is None or view.turn.to_move is None or not 0 <= since < HINT:
        return False
    pad = layout.pads[view.hint] if isinstance(view.hint, int) else layout.done
    if int(since / 0.25) % 2 == 0:
        fill_at(canvas, pad, k, mix(view.colours[view.turn.to_move], HIGHLIGHT, 0.6))
    return True


ICON: Art = {
    2: ("WB",
        "BW"),
    4: (".WB.",
        "WBWB",
        "BWBW",
        ".BW."),
    6: ("..WB..",
        ".BWBW.",
        "WBWBWB",
        "BWBWBW",
        ".WBWB.",
        "..BW.."),
}
"""The hexagon slope filled with stones of both colours."""
ICON_PALETTE = {"W": WHITE_PLAYER, "B": BLACK_PLAYER}


icon = art_icon(ICON, ICON_PALETTE)
"""Its home tile."""


def holds(profile: Profile, state: GameState[Any]) -> bool:
    """Whether a game's slope (a saved one's: its top width and shape) fits the board."""
    assert isinstance(state, CascadesState)
    return fits(profile, state.slope.top, state.slope.shape)
