"""How long a simulated finger stays on a pad, counted on the touch board's own clock.

The simulated firmware scans on a thread of its own. On a busy machine that thread may get no
time for a while, and a finger lifted after a fixed time of the wall clock could come and go
between two scans: a tap the board never saw. So a front end holds a finger for its time on
the board's clock (the time its scans have covered), however slowly that passes. A board that
stopped scanning altogether (hung, its firmware crashed) is let go after :data:`LIFT` more
seconds of the wall's, so no front end waits on it for ever.
"""

from __future__ import annotations

import time
from collections.abc import Callable

LIFT = 5.0
"""Seconds of the wall clock past a hold's length after which it ends even if the board's
clock stood still."""
POLL = 0.005
"""Seconds between looks at the clocks while :meth:`Hold.wait` waits."""


class Hold:
    """A finger (or a button) held from now until ``seconds`` have passed on ``clock``."""

    def __init__(self, clock: Callable[[], float], seconds: float) -> None:
        self.clock = clock
        self.seconds = seconds
        self.started = clock()
        self.wall_started = time.monotonic()

    def over(self) -> bool:
        """Whether the hold has lasted its time on its clock (or the clock has stopped)."""
        return (self.clock() - self.started >= self.seconds
                or time.monotonic() - self.wall_started >= self.seconds + LIFT)

    def wait(self) -> None:
        """Until the hold is over."""
        while not self.over():
            time.sleep(POLL)


def wait_on(clock: Callable[[], float]) -> Callable[[float], None]:
    """A ``wait(seconds)`` that waits ``seconds`` of ``clock`` (a script's taps and holds)."""
    return lambda seconds: Hold(clock, seconds).wait()
