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
        self.stuck = [False] * count
        self.elapsed_ms = 0.0
        """The time the sensors have measured through (the board's clock, not the wall's)."""
        self._lock = threading.Lock()

    # what people (and tests) do

    def down(self, pad: int) -> None:
        """A finger on ``pad``."""
        with self._lock:
            self.touched[pad] = True

    def up(self, pad: int) -> None:
        """The finger off ``pad``."""
        with self._lock:
            self.touched[pad] = False

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

    def reading(self, pad: int) -> float:
        """What the sensor measures on ``pad`` now."""
        value = self.base[pad] + self.drift[pad] + self.random.gauss(0.0, self.noise[pad])
        if self.is_touched(pad):
            value += self.physics.finger
        return value
