"""Kaskade on the LEDs: the position, whose turn, the last move, charged cells, cascades,
illegal touches, the win, the hold-to-undo feedback, the computer thinking, and hints.

The game sits on the pads from ``a1`` upwards, one cell per pad. Everything that moves is a
function of ``now`` and the times in the view, so the same view drawn at the same time always
gives the same picture: animations are timed frame sequences, not state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from controller.games import GameState
from controller.games.kaskade import KaskadeState
from controller.profile.model import Profile
from controller.render.breath import pulse
from controller.render.canvas import Canvas
from controller.render.color import (
    BLACK_PLAYER,
    HIGHLIGHT,
    ILLEGAL,
    NEUTRAL,
    OFF,
    PLAYERS,
    WHITE_PLAYER,
    Colour,
    mix,
    scale,
)
from controller.render.feedback import (
    EMPTY,
    HINT,
    NEVER,
    PLACED_FLASH,
    THINKING,
    Turn,
    backdrop,
    draw_touches,
)
from controller.render.glyphs import ball_rows, solid_rows
from controller.render.pixel_art import Art, art_icon
from controller.render.tile import Pad

BURST = 0.15
"""Seconds an overflowing cell glows in a cascade step."""
LAST_MOVE_TINT = 0.45
"""Glow of the unlit LEDs of the last move's pad (on boards with several LEDs per pad)."""


@dataclass(frozen=True)
class KaskadeView:
    """What to show: a position (or a step of a cascade) and what happened around it."""

    width: int
    height: int
    cells: Sequence[int]
    """Signed ball counts (White positive), cell ``rank * width + file``."""
    critical: Sequence[int]
    last_move: int | None = None
    last_mover: int = 0
    bursts: tuple[int, ...] = ()
    """Cells overflowing in the cascade step on show."""
    burst_at: float = NEVER
    hint: int | None = None
    """A cell suggested to the player to move."""
    turn: Turn = field(default_factory=Turn)


def draw_kaskade(canvas: Canvas, profile: Profile, view: KaskadeView, now: float) -> bool:
    """Draw ``view`` at time ``now``; return whether the picture changes with time."""
    k = profile.per_pad
    animating = view.turn.winner is not None
    theme = backdrop(canvas, PLAYERS, view.turn.to_move, view.turn.winner, now)
    empty = scale(theme, EMPTY)
    if view.turn.thinking:
        empty = scale(theme, THINKING * pulse(now, 0.3))
        animating = True
    charged_level = pulse(now)
    for cell, value in enumerate(view.cells):
        x, y = (cell % view.width) * k, (cell // view.width) * k
        if not value:
            canvas.block(x, y, solid_rows(k, empty))
            continue
        owner = 0 if value > 0 else 1
        balls = abs(value)
        colour = PLAYERS[owner]
        if balls == view.critical[cell] - 1:
            colour = scale(colour, charged_level)
            animating = True
        unlit = LAST_MOVE_TINT if cell == view.last_move else None
        canvas.block(x, y, ball_rows(k, balls, colour, unlit))
    animating |= _flash_cells(canvas, view, k, now)
    animating |= _hint(canvas, view, k, now)
    animating |= draw_touches(canvas, profile, view.turn.touches, now)
    return animating


def _flash_cells(canvas: Canvas, view: KaskadeView, k: int, now: float) -> bool:
    """The placement flash and the glow of overflowing cells."""
    animating = False
    since = now - view.turn.moved_at
    if view.last_move is not None and 0 <= since < PLACED_FLASH:
        _solid(canvas, view.last_move, view.width, k, mix(PLAYERS[view.last_mover], HIGHLIGHT, 0.6))
        animating = True
    since = now - view.burst_at
    if view.bursts and 0 <= since < BURST:
        glow = mix(PLAYERS[view.last_mover], HIGHLIGHT, 0.7 * (1 - since / BURST))
        for cell in view.bursts:
            _solid(canvas, cell, view.width, k, glow)
        animating = True
    return animating


def _hint(canvas: Canvas, view: KaskadeView, k: int, now: float) -> bool:
    """The suggested cell blinks white over the colour of the player to move."""
    since = now - view.turn.hint_at
    if view.hint is None or not 0 <= since < HINT or view.turn.to_move is None:
        return False
    if int(since / 0.25) % 2 == 0:
        _solid(canvas, view.hint, view.width, k, mix(PLAYERS[view.turn.to_move], HIGHLIGHT, 0.6))
    return True


def _solid(canvas: Canvas, index: int, columns: int, k: int, colour: Colour) -> None:
    canvas.block((index % columns) * k, (index // columns) * k, solid_rows(k, colour))


ICON: Art = {
    2: ("WB",
        "BW"),
    4: (".W..",
        "WWW.",
        ".W.B",
        "..BB"),
    6: ("..W...",
        ".WWW..",
        "..W.B.",
        "...BBB",
        ".B..B.",
        "BBB..."),
}
"""A cascade: a full cell bursts into its neighbours, which burst on in the other colour."""
ICON_PALETTE = {"W": WHITE_PLAYER, "B": BLACK_PLAYER}


icon = art_icon(ICON, ICON_PALETTE)
"""Its home tile."""


def draw_board_size(
    canvas: Canvas,
    profile: Profile,
    corner: Pad | None,
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
    if not valid and corner is not None:
        canvas.fill(OFF)  # too small: red on black, not only a change of hue
    canvas.rect(0, 0, (far[0] + 1) * k, (far[1] + 1) * k, scale(colour, 0.6))
    canvas.block(far[0] * k, far[1] * k, solid_rows(k, mix(colour, HIGHLIGHT, 0.3)))


def holds(profile: Profile, state: GameState[Any]) -> bool:
    """Whether a game's grid (a saved one's) fits the board."""
    assert isinstance(state, KaskadeState)
    return state.grid.width <= profile.columns and state.grid.height <= profile.rows
