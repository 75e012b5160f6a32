"""A move's cascade as a timed sequence of board pictures, built from the move's events alone
(the renderer never re-implements the rules)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from controller.games import Event
from controller.games.kaskade import Generation, Placed

STEP = 0.2
"""Seconds per generation for short cascades."""
LONGEST = 2.5
"""Seconds the longest cascade may take; long ones run faster."""
BOUNDARY = 1e-9
"""Steps whose start time is reached in floating point (10.2 - 10.0 is not quite 0.2)."""


@dataclass(frozen=True)
class Step:
    """One picture of the cascade: the board, and the cells that just overflowed."""

    cells: tuple[int, ...]
    overflowing: tuple[int, ...]


@dataclass(frozen=True)
class CascadeAnimation:
    """The placement, then one step per generation, each ``step`` seconds from ``start``."""

    steps: tuple[Step, ...]
    start: float
    step: float

    @classmethod
    def of(cls, before: Sequence[int], events: Sequence[Event], start: float) \
            -> CascadeAnimation | None:
        """The animation of a move from the board ``before`` it, or ``None`` without a cascade."""
        generations = [e for e in events if isinstance(e, Generation)]
        if not generations:
            return None
        cells = list(before)
        placed = events[0]
        assert isinstance(placed, Placed)
        cells[placed.cell] = placed.balls if placed.player == 0 else -placed.balls
        steps = [Step(tuple(cells), ())]
        for generation in generations:
            for change in generation.changes:
                cells[change.cell] = change.balls if change.owner == 0 else -change.balls
            steps.append(Step(tuple(cells), generation.overflowing))
        return cls(tuple(steps), start, min(STEP, LONGEST / len(steps)))

    @property
    def end(self) -> float:
        """When the last step has been shown."""
        return self.start + self.step * len(self.steps)

    def at(self, now: float) -> tuple[Step, float] | None:
        """The step on show at ``now`` and when it began; ``None`` once the animation is over."""
        index = math.floor((now - self.start) / self.step + BOUNDARY)
        if not 0 <= index < len(self.steps):
            return None
        return self.steps[index], self.start + index * self.step
