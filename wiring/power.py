"""A build's power budget, from its profile: the LEDs' worst case against what the limiter
allows, the supply, and the wire gauge and fuse of every 5 V feed."""

from __future__ import annotations

from dataclasses import dataclass

from controller.profile.model import Profile
from wiring.pinmap import injections

OHMS_PER_METRE = ((26, 0.1339), (24, 0.0842), (22, 0.0530), (20, 0.0333), (18, 0.0210),
                  (16, 0.0132), (14, 0.0083), (12, 0.0052), (10, 0.0033), (8, 0.0021))
"""(AWG, copper resistance per metre), thinnest first."""
RUN_METRES = 0.5
"""A feed inside the board's case: half a metre there, half a metre back."""
DROP = 0.03
"""The share of the supply voltage a feed may lose: at 5 V, 0.15 V (WS2812B want 4.5 V+)."""
FUSES = (1, 2, 3, 4, 5, 7.5, 10, 15, 20, 25, 30, 40, 50)
"""Standard blade fuse ratings, amps."""
HEADROOM = 1.25
"""A fuse is rated this much above the current it should let through."""


@dataclass(frozen=True)
class Budget:
    """The numbers a maker buys and sets by."""

    leds: int
    worst_amps: float
    """Every LED at full white, standby and other loads included: what the limiter prevents."""
    limit_amps: float
    """The most the supply is asked for (other loads included): every frame is scaled down
    to stay within it."""
    other_amps: float
    supply_amps: float
    supply_volts: float
    feed_amps: float
    """What the main feed from the supply carries at most: the limit."""
    feed_gauge: int
    fuse_amps: float
    injection_points: int
    injection_amps: float
    """What one injection wire carries at most: the LEDs' share of the limit, split among
    the points."""
    injection_gauge: int

    @property
    def headroom_amps(self) -> float:
        """What the supply has left at the limit."""
        return self.supply_amps - self.feed_amps


def budget(profile: Profile) -> Budget:
    """The power budget of ``profile``."""
    power = profile.power
    other = power.other_milliamps / 1000
    worst = profile.leds * (power.led_milliamps + power.standby_milliamps) / 1000 + other
    feed = power.limit_amps
    points = len(injections(profile))
    per_point = (power.limit_amps - other) / points
    return Budget(profile.leds, worst, power.limit_amps, other, power.supply_amps,
                  power.supply_volts, feed, gauge(feed, power.supply_volts), fuse(feed), points,
                  per_point, gauge(per_point, power.supply_volts))


def gauge(amps: float, volts: float) -> int:
    """The thinnest wire (AWG) that carries ``amps`` over a feed losing at most ``DROP`` of
    ``volts``; at these lengths the voltage drop, not heating, sets the gauge."""
    for awg, ohms in OHMS_PER_METRE:
        if amps * ohms * 2 * RUN_METRES <= DROP * volts:
            return awg
    return OHMS_PER_METRE[-1][0]


def fuse(amps: float) -> float:
    """The smallest standard fuse ``HEADROOM`` above ``amps``."""
    for rating in FUSES:
        if rating >= amps * HEADROOM:
            return rating
    return FUSES[-1]
