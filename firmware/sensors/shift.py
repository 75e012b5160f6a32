"""TTP223 touch modules, one per pad, read through a chain of 74HC165 shift registers.

Each TTP223 does its own sensing and drives its output high while touched; the 74HC165s turn
the outputs into one serial line: a low pulse on latch (PL) loads every input, then each rising
clock edge (CP) moves the next bit to the data line (Q7 of the register nearest the
microcontroller). Channel 0 is the first bit out, the H input of that nearest register.

To notice a broken or unpowered chain, the farthest register's serial input (DS) is tied to
ground and the data line has a pull-up: after all the pads' bits, eight more are read, and they
must be zero. If they are not, the chain is reported broken and no pad counts as touched.
"""

from firmware.port import const

_LEVEL = const(100)
"""The reading of a touched module (an untouched one reads 0)."""


class ShiftChain:
    polarity = 1
    touch = 50
    release = 49

    def __init__(self, latch, clock, data, registers, report):
        self.latch = latch
        self.clock = clock
        self.data = data
        self.channels = 8 * registers
        self.report = report
        self.broken = False
        latch.value(1)
        clock.value(0)

    def start(self):
        pass

    def read(self, raw, ok, count):
        latch = self.latch
        clock = self.clock
        data = self.data
        latch.value(0)
        latch.value(1)
        for channel in range(self.channels):
            if channel < count:
                raw[channel] = _LEVEL if data.value() else 0
            clock.value(1)
            clock.value(0)
        sentinel = 0
        for _ in range(8):
            sentinel |= data.value()
            clock.value(1)
            clock.value(0)
        broken = sentinel != 0
        if broken != self.broken:
            self.broken = broken
            self.report("chain-broken" if broken else "chain-back", str(self.channels // 8))
        for channel in range(count):
            ok[channel] = 0 if broken else 1
