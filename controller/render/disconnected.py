"""How the board looks while its touch sensors are unreachable (a pulled cable, a stopped
firmware): the game stays on the LEDs, dimmed so nobody thinks it is waiting for a touch, inside
a slowly pulsing red frame. Touches come back, the frame goes, the game goes on."""

from __future__ import annotations

import math

from controller.render.canvas import Canvas
from controller.render.color import scale

DIM = 0.25
"""How much of the game's light remains."""
RED = (255, 24, 0)
PULSE_SECONDS = 1.6


def draw_disconnected(canvas: Canvas, now: float) -> None:
    """Dim what ``canvas`` shows and frame it in red, pulsing with the time ``now``."""
    canvas.pixels[:] = bytes(round(value * DIM) for value in canvas.pixels)
    level = 0.45 + 0.55 * (0.5 + 0.5 * math.cos(2 * math.pi * now / PULSE_SECONDS))
    colour = scale(RED, level)
    width, height = canvas.width, canvas.height
    canvas.rect(0, 0, width, 1, colour)
    canvas.rect(0, height - 1, width, 1, colour)
    canvas.rect(0, 0, 1, height, colour)
    canvas.rect(width - 1, 0, 1, height, colour)
