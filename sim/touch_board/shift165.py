"""A chain of 74HC165 parallel-in/serial-out shift registers with a TTP223 module on each input,
modelled at pin level.

While the latch pin (PL, active low) is low the registers copy their inputs; each rising edge
of the clock pin (CP) moves the chain one bit towards the data pin (Q7 of the nearest register).
The farthest register's serial input is tied low, so zeros follow the pads' bits. A broken
chain leaves the data line to its pull-up: it reads 1. A TTP223's output follows the finger
once it has stayed the module's response time, the most its datasheet gives in its fast mode
(as ``sim/silicon/devices.mjs`` has it): a shorter tap never shows.
"""

from __future__ import annotations

from sim.touch_board.pads import VirtualPads

TTP223_RESPONSE_MS = 60


class ShiftChainModel:
    """``registers`` registers; input bit ``i`` (in the order bits come out) is the output of
    the TTP223 under pad ``pads_of[i]`` (``None``: nothing connected, reads 0)."""

    def __init__(self, pads: VirtualPads, pads_of: list[int | None], registers: int) -> None:
        self.pads = pads
        self.pads_of = pads_of
        self.bits = [0] * (8 * registers)
        self.latch_level = 1
        self.clock_level = 0
        self.broken = False

    def _input(self, index: int) -> int:
        """The module's output: the finger once it has stayed the module's response time."""
        pad = self.pads_of[index] if index < len(self.pads_of) else None
        return 1 if pad is not None and self.pads.settled_at(
            pad, self.pads.elapsed_ms, TTP223_RESPONSE_MS) else 0

    def set_latch(self, level: int) -> None:
        if not level:
            self.bits = [self._input(i) for i in range(len(self.bits))]
        self.latch_level = level

    def set_clock(self, level: int) -> None:
        if level and not self.clock_level and self.latch_level:
            self.bits = [*self.bits[1:], 0]
        self.clock_level = level

    def data(self) -> int:
        if self.broken:
            return 1
        if not self.latch_level:
            return self._input(0)
        return self.bits[0]
