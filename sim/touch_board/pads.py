"""The physics of the pads: what a sensor would measure under each one.

Every pad has a capacitance of its own, drifts slowly (temperature, humidity), carries noise,
and changes by a finger's worth while touched. The sensor models turn this into what their
chips report: MPR121 electrode counts, TTP223 outputs, charge times. Faults are physics too: a
noisy pad, a stuck pad (a drink spilled on it).
"""

from __future__ import annotations

import math
import random
import threading
from dataclasses import dataclass


@dataclass
class PadPhysics:
    """How one kind of sensor sees pads, in its own counts."""

    base: float
    """The typical untouched reading."""
    spread: float
    """How much pads differ from each other."""
    finger: float
    """How far a finger moves the reading (negative: the reading falls)."""
    noise: float
    """Standard deviation of the noise of a healthy pad."""
    drift: float
    """Random-walk drift, counts per square root of a second."""


MPR121_PADS = PadPhysics(base=700, spread=40, finger=-45, noise=1.5, drift=0.3)
HISTORY = 16
"""Changes kept per pad: enough for any sensor's look back."""
CHARGE_PADS = PadPhysics(base=40, spread=4, finger=30, noise=1.0, drift=0.05)


class VirtualPads:
    """``count`` pads, touched and released by ``down``/``up`` from any thread."""

    def __init__(self, count: int, physics: PadPhysics, seed: int = 0) -> None:
        self.count = count
        self.physics = physics
        self.random = random.Random(seed)
        self.base = [physics.base + self.random.uniform(-physics.spread, physics.spread)
                     for _ in range(count)]
        self.drift = [0.0] * count
        self.noise = [physics.noise] * count
        self.touched = [False] * count
        self.changes: list[list[tuple[float, bool]]] = [[] for _ in range(count)]
        """Each pad's recent fingers: when (on the sensors' clock) it was touched or let go."""
        self.stuck = [False] * count
        self.elapsed_ms = 0.0
        """The time the sensors have measured through (the board's clock, not the wall's)."""
        self._lock = threading.Lock()

    # what people (and tests) do

    def down(self, pad: int) -> None:
        """A finger on ``pad``."""
        self._set(pad, True)

    def up(self, pad: int) -> None:
        """The finger off ``pad``."""
        self._set(pad, False)

    def _set(self, pad: int, touched: bool) -> None:
        with self._lock:
            self.touched[pad] = touched
            changes = self.changes[pad]
            changes.append((self.elapsed_ms, touched))
            del changes[:-HISTORY]

    def clock(self) -> float:
        """Seconds the sensors have measured through: a front end holds a finger for a tap's
        time on this clock, which a busy machine slows (``sim.front.finger_time``)."""
        return self.elapsed_ms / 1000

    def set_noise(self, pad: int, sigma: float) -> None:
        """Make ``pad`` noisier (or quieter): noise of standard deviation ``sigma`` counts."""
        self.noise[pad] = sigma

    def stick(self, pad: int, stuck: bool = True) -> None:
        """Make ``pad`` read as touched whatever happens (water on the pad)."""
        self.stuck[pad] = stuck

    # what the sensors see

    def advance(self, ms: float) -> None:
        """Let ``ms`` milliseconds of drift happen."""
        if ms <= 0:
            return
        self.elapsed_ms += ms
        step = self.physics.drift * math.sqrt(ms / 1000)
        for pad in range(self.count):
            self.drift[pad] += self.random.gauss(0.0, step)

    def is_touched(self, pad: int) -> bool:
        return self.touched[pad] or self.stuck[pad]

    def touched_at(self, pad: int, ms: float) -> bool:
        """Whether ``pad`` was touched ``ms`` into the sensors' clock (a sensor that takes its
        time, a TTP223 or an MPR121's filter, asks about a moment past)."""
        if self.stuck[pad]:
            return True
        with self._lock:
            changes = self.changes[pad]
            if not changes:
                return self.touched[pad]
            state = not changes[0][1]  # before the first change kept
            for at, touched in changes:
                if at > ms:
                    break
                state = touched
            return state

    def settled_at(self, pad: int, ms: float, response: float) -> bool:
        """What a sensor that needs a finger (or its absence) to stay ``response`` ms before
        it believes it makes of ``pad`` at ``ms``: the state of the latest stretch at least
        that long that began ``response`` ms ago or earlier. A shorter tap never shows."""
        if self.stuck[pad]:
            return True
        with self._lock:
            changes = self.changes[pad]
            if not changes:
                return self.touched[pad]
            stretches = [(-float("inf"), not changes[0][1]), *changes]
        for index in range(len(stretches) - 1, -1, -1):
            at, touched = stretches[index]
            end = stretches[index + 1][0] if index + 1 < len(stretches) else float("inf")
            if at + response <= ms and end - at >= response:
                return touched
        return False

    def reading(self, pad: int, finger: float | None = None) -> float:
        """What the sensor measures on ``pad`` now: a finger's worth while touched, or the
        share ``finger`` of it (a sensor that averages over time)."""
        value = self.base[pad] + self.drift[pad] + self.random.gauss(0.0, self.noise[pad])
        share = (1.0 if self.is_touched(pad) else 0.0) if finger is None else finger
        return value + self.physics.finger * share
