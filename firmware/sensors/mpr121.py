"""MPR121 capacitive touch controllers on one or two I2C buses (up to four per bus).

We read each chip's filtered electrode data (10 bits per electrode, lower with a finger) and
do our own baselines and thresholds in ``firmware.pads``, so every sensor type behaves the same
and the thresholds can be set from the Pi. Register addresses and the start-up sequence follow
the MPR121 datasheet (Freescale/NXP, rev. 4) and its quick-start note AN3944.
"""

from firmware.port import const

_ELECTRODES = const(12)
_REG_FILTERED = const(0x04)  # 0x04-0x1B: electrode 0-11 filtered data, low byte first
_REG_THRESHOLDS = const(0x41)  # touch, release for electrode 0, then 1, ...
_REG_DEBOUNCE = const(0x5B)
_REG_CDC = const(0x5C)  # AFE configuration 1: charge current, first filter
_REG_CDT = const(0x5D)  # AFE configuration 2: charge time, second filter, sample interval
_REG_ECR = const(0x5E)  # electrode configuration: 0 stops, else runs with N electrodes
_REG_RESET = const(0x80)
_RESET_VALUE = const(0x63)
_CDT_AFTER_RESET = const(0x24)
"""What _REG_CDT holds after a soft reset: how we recognise an MPR121."""
RETRY_SCANS = const(100)
"""How often (in scans) a missing chip is looked for again."""

_FILTERS = (
    # 0x2B-0x35: baseline filter for rising, falling and touched data (AN3891 defaults)
    (0x2B, 0x01), (0x2C, 0x01), (0x2D, 0x0E), (0x2E, 0x00),
    (0x2F, 0x01), (0x30, 0x05), (0x31, 0x01), (0x32, 0x00),
    (0x33, 0x00), (0x34, 0x00), (0x35, 0x00),
)
_RUN = const(0x8F)  # baseline tracking on, first 5 bits loaded at start, 12 electrodes


class Mpr121:
    """One chip at ``address`` on ``i2c`` (bus ``bus``), its electrodes from ``first`` on."""

    def __init__(self, bus, i2c, address, first):
        self.bus = bus
        self.i2c = i2c
        self.address = address
        self.first = first
        self.data = bytearray(2 * _ELECTRODES)
        self.wanted = None  # the part of data that holds the board's electrodes, once known
        self.byte = bytearray(1)
        self.up = False
        self.wait = 0
        self.reported = False  # a fault was sent for this chip and not yet cleared

    def name(self):
        return str(self.bus) + ":" + hex(self.address)[2:].upper()

    def _set(self, register, value):
        self.byte[0] = value
        self.i2c.writeto_mem(self.address, register, self.byte)

    def start(self):
        """Reset and configure the chip; OSError if it does not answer or is not an MPR121."""
        self._set(_REG_RESET, _RESET_VALUE)
        self._set(_REG_ECR, 0)
        self.i2c.readfrom_mem_into(self.address, _REG_CDT, self.byte)
        if self.byte[0] != _CDT_AFTER_RESET:
            raise OSError(19)  # ENODEV: something answers, but not an MPR121
        for register, value in _FILTERS:
            self._set(register, value)
        for electrode in range(_ELECTRODES):
            self._set(_REG_THRESHOLDS + 2 * electrode, 12)
            self._set(_REG_THRESHOLDS + 2 * electrode + 1, 6)
        self._set(_REG_DEBOUNCE, 0)
        self._set(_REG_CDC, 0x10)  # 16 uA, 6 samples in the first filter
        self._set(_REG_CDT, 0x20)  # 0.5 us charge, 4 samples, 1 ms sample interval
        self._set(_REG_ECR, _RUN)

    def read(self, raw, ok, count):
        """Read the electrodes into ``raw``: only those the board uses (channels beyond
        ``count`` are not the board's), for every byte takes its time on the wire."""
        wanted = self.wanted
        if wanted is None:  # the first read: a view made once, so no read allocates
            wanted = self.wanted = memoryview(self.data)[:2 * min(_ELECTRODES, count - self.first)]
        self.i2c.readfrom_mem_into(self.address, _REG_FILTERED, wanted)
        data = self.data
        channel = self.first
        for index in range(0, len(wanted), 2):
            raw[channel] = data[index] | (data[index + 1] & 3) << 8
            ok[channel] = 1
            channel += 1


class Mpr121Array:
    """All the board's MPR121 chips: ``buses`` is a list of (number, i2c, addresses)."""

    polarity = -1
    touch = 12
    release = 6

    def __init__(self, buses, report):
        self.report = report
        self.chips = []
        for number, i2c, addresses in buses:
            for address in addresses:
                self.chips.append(Mpr121(number, i2c, address, _ELECTRODES * len(self.chips)))
        self.channels = _ELECTRODES * len(self.chips)

    def start(self):
        for chip in self.chips:
            self._try_start(chip)

    def _try_start(self, chip):
        try:
            chip.start()
        except OSError:
            if not chip.reported:
                chip.reported = True
                self.report("chip-missing", chip.name())
            chip.up = False
            chip.wait = RETRY_SCANS
            return
        if chip.reported:
            chip.reported = False
            self.report("chip-back", chip.name())
        chip.up = True
        chip.wait = 0

    def read(self, raw, ok, count):
        for chip in self.chips:
            if chip.up:
                try:
                    chip.read(raw, ok, count)
                    continue
                except OSError:
                    chip.reported = True
                    self.report("chip-missing", chip.name())
                    chip.up = False
                    chip.wait = RETRY_SCANS
            else:
                chip.wait -= 1
                if chip.wait <= 0:
                    self._try_start(chip)
                    if chip.up:
                        continue
            for electrode in range(_ELECTRODES):
                channel = chip.first + electrode
                if channel < count:
                    ok[channel] = 0
