"""What every game shows the same way: the board's backdrop (dark, or the winner's colour), a
touch that was not allowed flashes red, and a pad held towards undo fills with white."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from controller.profile.model import Profile
from controller.render.breath import pulse
from controller.render.canvas import Canvas
from controller.render.color import HIGHLIGHT, ILLEGAL, NEUTRAL, OFF, Colour, scale
from controller.render.glyphs import solid_rows

ILLEGAL_FLASH = 0.5
"""Seconds a pad touched illegally flashes."""
PLACED_FLASH = 0.25
"""Seconds the pad of a new piece flashes."""
EMPTY = 0.2
"""Brightness of an empty cell, in the colour of the player to move: the turn at a glance."""
HINT = 3.0
"""Seconds a hint blinks."""
THINKING = 0.5
"""Brightest the empty cells breathe while the computer thinks."""
NEVER = -math.inf
WINNER_OUTSIDE = 0.6
"""Brightness of the pads around a game once it is won, in the winner's colour."""


@dataclass(frozen=True)
class Touches:
    """What the fingers did that every game shows: an illegal touch and a hold towards undo."""

    illegal_pad: int | None = None
    """A pad (of the whole grid) touched illegally."""
    illegal_at: float = NEVER
    held_pad: int | None = None
    held_progress: float = 0.0
    """How far a hold towards undo has come, 0-1."""


@dataclass(frozen=True)
class Turn:
    """What every game's picture shows about the people at the board, whatever the game: whose
    turn it is (``None`` once over), the winner once the win is on show, when the last move was
    made, the fingers' feedback, whether the computer is thinking and when a hint came."""

    to_move: int | None = None
    winner: int | None = None
    moved_at: float = NEVER
    touches: Touches = field(default_factory=Touches)
    thinking: bool = False
    hint_at: float = NEVER


def backdrop(canvas: Canvas, colours: tuple[Colour, Colour], to_move: int | None,
             winner: int | None, now: float) -> Colour:
    """Fill the board (dark, or glowing in the winner's colour) and return the colour of the
    moment: the winner's breathing, the player to move's, or grey once over."""
    if winner is not None:
        theme = scale(colours[winner], pulse(now, 0.4))
        canvas.fill(scale(theme, WINNER_OUTSIDE))
        return theme
    canvas.fill(OFF)
    return NEUTRAL if to_move is None else colours[to_move]


def draw_touches(canvas: Canvas, profile: Profile, touches: Touches, now: float) -> bool:
    """``draw_feedback`` for a :class:`Touches`."""
    return draw_feedback(canvas, profile, touches.illegal_pad, touches.illegal_at,
                         touches.held_pad, touches.held_progress, now)


def draw_feedback(canvas: Canvas, profile: Profile, illegal_pad: int | None,
                  illegal_at: float, held_pad: int | None, held_progress: float,
                  now: float) -> bool:
    """The illegal flash and the hold-to-undo fill on pads of the whole grid; returns whether
    either is on show (and so the picture changes with time)."""
    animating = False
    since = now - illegal_at
    if illegal_pad is not None and 0 <= since < ILLEGAL_FLASH:
        blink = int(since / ILLEGAL_FLASH * 5) % 2 == 0
        fill_pad(canvas, profile, illegal_pad, ILLEGAL if blink else OFF)
        animating = True
    if held_pad is not None and held_progress > 0:
        fill_pad(canvas, profile, held_pad, scale(HIGHLIGHT, held_progress))
        animating = True
    return animating


def blink_hint(canvas: Canvas, pads: Sequence[tuple[int, int]], k: int, colour: Colour,
               hint_at: float, now: float, seconds: float) -> bool:
    """A hint's pads blink in ``colour`` for ``seconds`` after ``hint_at``; returns whether
    the hint is on show."""
    since = now - hint_at
    if not pads or not 0 <= since < seconds:
        return False
    if int(since / 0.25) % 2 == 0:
        for pad in pads:
            fill_at(canvas, pad, k, colour)
    return True


def fill_pad(canvas: Canvas, profile: Profile, pad: int, colour: Colour) -> None:
    """Pad ``pad`` (``row * columns + column``) in one colour."""
    fill_at(canvas, (pad % profile.columns, pad // profile.columns), profile.per_pad, colour)


def fill_at(canvas: Canvas, pad: tuple[int, int], k: int, colour: Colour) -> None:
    """The pad at ``(column, row)`` (``k`` x ``k`` LEDs) in one colour."""
    canvas.block(pad[0] * k, pad[1] * k, solid_rows(k, colour))
