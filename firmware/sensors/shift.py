"""TTP223 touch modules, one per pad, read through a chain of 74HC165 shift registers.

Each TTP223 does its own sensing and drives its output high while touched; the 74HC165s turn
the outputs into one serial line: a low pulse on latch (PL) loads every input, then each rising
clock edge (CP) moves the next bit to the data line (Q7 of the register nearest the
microcontroller). Channel 0 is the first bit out, the H input of that nearest register.

On a Pico whose wiring allows it the chain is clocked by an SPI block (``spi_for`` in
``firmware.sensors``): a 256-pad chain takes a third of a millisecond instead of most of a scan
period bit-banged in Python. Either way the bits land in a buffer, a byte per register, and only
the registers whose byte changed since the last scan are decoded into readings.

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

    def __init__(self, latch, clock, data, registers, report, spi=None):
        """``clock`` and ``data`` are pins to bit-bang, or ``None`` when ``spi`` clocks the
        chain."""
        self.latch = latch
        self.clock = clock
        self.data = data
        self.spi = spi
        self.registers = registers
        self.channels = 8 * registers
        self.report = report
        self.broken = False
        self.marked = False  # whether the ok flags say what `broken` says
        self.bits = bytearray(registers + 1)  # the pads' bytes, then the sentinel's
        self.last = bytearray(registers)
        self.fresh = True  # the first read decodes every register
        latch.value(1)
        if clock is not None:
            clock.value(0)

    def start(self):
        pass

    def _shift(self):
        """Latch the inputs and shift every bit into ``bits``, first bit out the highest."""
        self.latch.value(0)
        self.latch.value(1)
        if self.spi is not None:
            self.spi.readinto(self.bits, 0)
            return
        clock = self.clock
        data = self.data
        bits = self.bits
        for index in range(len(bits)):
            byte = 0
            for _ in range(8):
                byte = byte << 1 | data.value()
                clock.value(1)
                clock.value(0)
            bits[index] = byte

    def read(self, raw, ok, count):
        self._shift()
        bits = self.bits
        last = self.last
        fresh = self.fresh
        self.fresh = False
        for index in range(self.registers):
            byte = bits[index]
            if fresh or byte != last[index]:
                last[index] = byte
                channel = 8 * index
                mask = 0x80
                while mask and channel < count:
                    raw[channel] = _LEVEL if byte & mask else 0
                    channel += 1
                    mask >>= 1
        broken = bits[self.registers] != 0
        if broken != self.broken:
            self.broken = broken
            self.marked = False
            self.report("chain-broken" if broken else "chain-back", str(self.registers))
        if not self.marked:
            self.marked = True
            for channel in range(count):
                ok[channel] = 0 if broken else 1
