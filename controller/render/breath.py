"""Breathing light: how things that wait for someone (a charged cell, a game to continue, the
computer thinking, the die to throw) slowly brighten and dim, in a few steps so the board only
changes when the step does."""

from __future__ import annotations

import math

PULSE_PERIOD = 1.4
"""Seconds of one breath."""
PULSE_STEPS = 10
"""Brightness steps of a breath."""


def pulse(now: float, low: float = 0.55) -> float:
    """A breathing brightness from ``low`` to 1, in ``PULSE_STEPS`` steps."""
    phase = 0.5 - 0.5 * math.cos(2 * math.pi * now / PULSE_PERIOD)
    step = round(phase * PULSE_STEPS) / PULSE_STEPS
    return low + (1 - low) * step
