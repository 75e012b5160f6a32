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
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sim.board import Fingers

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


@dataclass
class _Press:
    pad: int
    hold: Hold | None = None
    """From the pad's touch on; None while the press waits its turn."""
    let_go: bool = False


class Taps:
    """Presses of pads that a board sees one by one, in order, however fast they come: each
    pad stays touched for at least ``seconds`` of the board's clock and is let go for as long
    before the next press lands. A double click on one pad would otherwise be one touch on a
    busy machine (the second press landing while the first is still held), and a click on
    another pad a touch the firmware takes together with the last. Call :meth:`step` often."""

    def __init__(self, fingers: Fingers, seconds: float) -> None:
        self.fingers = fingers
        self.seconds = seconds
        self.presses: deque[_Press] = deque()
        self.lifted: Hold | None = None

    def press(self, pad: int) -> None:
        """A finger on ``pad``, as soon as the presses before it are over."""
        self.presses.append(_Press(pad))
        self.step()

    def release(self) -> None:
        """Let go of the latest press held, once it has lasted its time."""
        for press in reversed(self.presses):
            if not press.let_go:
                press.let_go = True
                break
        self.step()

    def step(self) -> None:
        """Touch and let go of pads whose time has come."""
        while self.presses:
            press = self.presses[0]
            if press.hold is None:
                if self.lifted is not None and not self.lifted.over():
                    return
                press.hold = Hold(self.fingers.clock, self.seconds)
                self.fingers.down(press.pad)
            if not (press.let_go and press.hold.over()):
                return
            self.fingers.up(press.pad)
            self.lifted = Hold(self.fingers.clock, self.seconds)
            self.presses.popleft()
