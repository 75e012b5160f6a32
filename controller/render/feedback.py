"""What every game shows the same way: a touch that was not allowed flashes red, and a pad
held towards undo fills with white."""

from __future__ import annotations

from typing import Optional

from controller.profile.model import Profile
from controller.render.canvas import Canvas
from controller.render.color import HIGHLIGHT, ILLEGAL, OFF, Colour, scale
from controller.render.glyphs import solid_rows

ILLEGAL_FLASH = 0.5
"""Seconds a pad touched illegally flashes."""


def draw_feedback(canvas: Canvas, profile: Profile, illegal_pad: Optional[int],
                  illegal_at: float, held_pad: Optional[int], held_progress: float,
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


def fill_pad(canvas: Canvas, profile: Profile, pad: int, colour: Colour) -> None:
    """Pad ``pad`` (``row * columns + column``) in one colour."""
    k = profile.per_pad
    canvas.block((pad % profile.columns) * k, (pad // profile.columns) * k, solid_rows(k, colour))
