"""MPR121 capacitive touch controllers on one or two I2C buses (up to four per bus).

We read each chip's filtered electrode data (10 bits per electrode, lower with a finger) and
do our own baselines and thresholds in ``firmware.pads``, so every sensor type behaves the same
and the thresholds can be set from the Pi. Register addresses and the start-up sequence follow
the MPR121 datasheet (Freescale/NXP, rev. 4) and its quick-start note AN3944.

The data of six chips is 4.1 ms a scan on the bus (the RP2040's I2C block runs at 376 kHz when
asked for 400), two fifths of the scan period, with the core waiting on it. So a chip's data
is read only where it may have changed: each scan reads its 2-byte touch status, set by the
chip's own thresholds, which are kept at half ours (so it speaks up before our baselines would
see a touch), and reads the data of the electrodes from the lowest to the highest whose status
is set or whose channel the pads ask for (``watch``: any channel not at rest — touched, being
confirmed, new); every electrode of a chip in turn, one chip a scan, so every reading and
baseline still follows the pads. The channels left unread are marked ``UNREAD``, and stand as
they were. The decision is always ours, on the data: a status the data does not bear out makes
no touch.
"""

from array import array

from firmware.pads import UNREAD
from firmware.port import MICROPYTHON, const

_ELECTRODES = const(12)
_REG_STATUS = const(0x00)  # 0x00-0x01: touch status of electrodes 0-7, 8-11 (and flags)
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
_RERUN = const(0x0F)  # the same, the chip's baselines kept (after new thresholds)


def hint(touch):
    """The chip's own touch and release thresholds for our ``touch``: half of it, so that its
    status is set before our baselines see a touch (its baselines keep only the top 8 of the
    data's 10 bits, so they are up to 3 counts off ours)."""
    level = max(1, min(255, touch // 2))
    return level, level // 2


def plain_fill(buf, start, end, value):
    """``buf[start:end]`` set to ``value`` (``firmware.viper.fill`` in machine code)."""
    for index in range(start, end):
        buf[index] = value


def plain_decode(data, length, raw, ok, first):
    """Electrode data, low byte first, 10 bits each, into ``raw`` from channel ``first`` on.
    ``firmware.viper.decode_mpr121`` is the same loop in machine code."""
    channel = first
    for index in range(0, length, 2):
        raw[channel] = data[index] | (data[index + 1] & 3) << 8
        ok[channel] = 1
        channel += 1


_decode = plain_decode
_fill = plain_fill
# Machine code, where the port compiles viper (a Pico's does).
if MICROPYTHON:
    try:
        from firmware.viper import decode_mpr121 as _decode
        from firmware.viper import fill as _fill
    except (ImportError, SyntaxError):  # a port without a native emitter
        pass


class Mux:
    """A TCA9548A on a bus: its eight channels are buses of their own, one connected at a
    time, for up to four MPR121s each (they have four addresses). It remembers the channel it
    connected last, so chips read one channel after another cost one switch a channel."""

    def __init__(self, i2c, address):
        self.i2c = i2c
        self.address = address
        self.selected = -1
        self.byte = bytearray(1)

    def select(self, channel):
        """Connect ``channel``; OSError if the mux does not answer."""
        if channel != self.selected:
            self.selected = -1  # unknown until the write is through
            self.byte[0] = 1 << channel
            self.i2c.writeto(self.address, self.byte)
            self.selected = channel


class Mpr121:
    """One chip at ``address`` on ``i2c`` (bus ``bus``; behind ``mux``'s ``channel`` when
    given), its electrodes from ``first`` on."""

    def __init__(self, bus, i2c, address, first, mux=None, channel=0):
        self.bus = bus
        self.i2c = i2c
        self.address = address
        self.first = first
        self.mux = mux
        self.channel = channel
        self.data = bytearray(2 * _ELECTRODES)
        self.wanted = None  # the part of data that holds the board's electrodes, once known
        self.spans = None  # spans[n]: the first n electrodes' part of data, made once
        self.electrodes = 0  # the board's electrodes on this chip, once known
        self.status = bytearray(2)
        self.byte = bytearray(1)
        self.levels = bytearray(2 * _ELECTRODES)  # touch, release of each electrode
        self.due = False  # read the data next scan whatever the status says
        self.up = False
        self.wait = 0
        self.reported = False  # a fault was sent for this chip and not yet cleared

    def name(self):
        """``bus:address``, or ``bus:channel:address`` behind a mux: ``0:5A``, ``1:2:5C``."""
        where = str(self.bus) + ":" if self.mux is None else \
            str(self.bus) + ":" + str(self.channel) + ":"
        return where + hex(self.address)[2:].upper()

    def _select(self):
        if self.mux is not None:
            self.mux.select(self.channel)

    def _set(self, register, value):
        self.byte[0] = value
        self.i2c.writeto_mem(self.address, register, self.byte)

    def start(self, touch):
        """Reset and configure the chip, its status thresholds for our ``touch``; OSError if it
        does not answer or is not an MPR121."""
        self._select()
        self._set(_REG_RESET, _RESET_VALUE)
        self._set(_REG_ECR, 0)
        self.i2c.readfrom_mem_into(self.address, _REG_CDT, self.byte)
        if self.byte[0] != _CDT_AFTER_RESET:
            raise OSError(19)  # ENODEV: something answers, but not an MPR121
        for register, value in _FILTERS:
            self._set(register, value)
        self._levels(touch)
        self._set(_REG_DEBOUNCE, 0)
        self._set(_REG_CDC, 0x10)  # 16 uA, 6 samples in the first filter
        self._set(_REG_CDT, 0x20)  # 0.5 us charge, 4 samples, 1 ms sample interval
        self._set(_REG_ECR, _RUN)
        self.due = True

    def _levels(self, touch):
        """Write the status thresholds for our ``touch`` (only while the chip is stopped)."""
        level, release = hint(touch)
        levels = self.levels
        for electrode in range(_ELECTRODES):
            levels[2 * electrode] = level
            levels[2 * electrode + 1] = release
        self.i2c.writeto_mem(self.address, _REG_THRESHOLDS, levels)

    def retune(self, touch):
        """New status thresholds for our new ``touch``: the chip stops for them, and runs on
        with its baselines kept; OSError if it does not answer."""
        self._select()
        self._set(_REG_ECR, 0)
        self._levels(touch)
        self._set(_REG_ECR, _RERUN)
        self.due = True

    def touched(self):
        """The electrodes the chip's touch status flags, as bits (its over-current flag
        and the proximity electrode's are not ours); OSError if the chip does not answer."""
        self._select()
        self.i2c.readfrom_mem_into(self.address, _REG_STATUS, self.status)
        return self.status[0] | (self.status[1] & 0x0F) << 8

    def _views(self, count):
        """Made on the first read, once the board's channels are known: no read allocates."""
        self.electrodes = min(_ELECTRODES, count - self.first)
        data = memoryview(self.data)
        self.wanted = data[:2 * self.electrodes]
        self.spans = [data[:2 * n] for n in range(_ELECTRODES + 1)]

    def read(self, raw, ok, count):
        """Read the electrodes into ``raw``: only those the board uses (channels beyond
        ``count`` are not the board's), for every byte takes its time on the wire."""
        if self.wanted is None:
            self._views(count)
        self._select()
        self.i2c.readfrom_mem_into(self.address, _REG_FILTERED, self.wanted)
        _decode(self.data, len(self.wanted), raw, ok, self.first)
        self.due = False

    def read_some(self, electrodes, raw, ok, count):
        """Read the electrodes from the lowest to the highest of the bits ``electrodes``
        (of the board's), and mark the others ``UNREAD``."""
        if self.wanted is None:
            self._views(count)
        lowest = 0
        while lowest < self.electrodes and not electrodes >> lowest & 1:
            lowest += 1
        highest = self.electrodes - 1
        while highest > lowest and not electrodes >> highest & 1:
            highest -= 1
        first = self.first
        if lowest >= self.electrodes:
            _fill(ok, first, first + self.electrodes, UNREAD)
            return
        span = highest + 1 - lowest
        self._select()
        self.i2c.readfrom_mem_into(self.address, _REG_FILTERED + 2 * lowest, self.spans[span])
        _decode(self.data, 2 * span, raw, ok, first + lowest)
        _fill(ok, first, first + lowest, UNREAD)
        _fill(ok, first + highest + 1, first + self.electrodes, UNREAD)

    def skip(self, ok, count):
        """Mark the board's electrodes ``UNREAD`` this scan."""
        electrodes = min(_ELECTRODES, count - self.first)
        _fill(ok, self.first, self.first + electrodes, UNREAD)


class Mpr121Array:
    """All the board's MPR121 chips: ``buses`` is a list of (number, i2c, addresses)."""

    polarity = -1
    touch = 12
    release = 6

    def __init__(self, buses, report):
        """``buses``: (number, i2c, addresses, mux address or None, each address's mux
        channel or None) for each bus."""
        self.report = report
        self.chips = []
        for number, i2c, addresses, mux_address, channels in buses:
            mux = None if mux_address is None else Mux(i2c, mux_address)
            for index, address in enumerate(addresses):
                self.chips.append(Mpr121(number, i2c, address, _ELECTRODES * len(self.chips),
                                         mux, channels[index] if mux is not None else 0))
        self.channels = _ELECTRODES * len(self.chips)
        self.level = self.touch  # our touch threshold, which the chips' statuses follow
        self.hot = array("H", [0] * len(self.chips))  # each chip's electrodes the pads watch
        self.everything = False
        self.turn = 0  # the chip whose data is read this scan, whatever its status

    def start(self):
        for chip in self.chips:
            self._try_start(chip)

    def sensitivity(self, touch):
        """Our touch threshold is now ``touch``: the chips' status thresholds follow it."""
        self.level = touch
        for chip in self.chips:
            if chip.up:
                try:
                    chip.retune(touch)
                except OSError:
                    self._lost(chip)

    def watch(self, channels, count):
        """The next scan reads the data of ``channels[:count]`` (the pads' channels not at
        rest), or of every chip when ``channels`` is None."""
        if channels is None:
            self.everything = True
            return
        hot = self.hot
        for index in range(count):
            channel = channels[index]
            chip = channel // _ELECTRODES
            if chip < len(hot):
                hot[chip] |= 1 << (channel - chip * _ELECTRODES)

    def _try_start(self, chip):
        try:
            chip.start(self.level)
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

    def _lost(self, chip):
        chip.reported = True
        self.report("chip-missing", chip.name())
        chip.up = False
        chip.wait = RETRY_SCANS

    def read(self, raw, ok, count):
        chips = self.chips
        hot = self.hot
        turn = self.turn
        self.turn = turn + 1 if turn + 1 < len(chips) else 0
        for index in range(len(chips)):
            chip = chips[index]
            if chip.up:
                try:
                    if self.everything or index == turn or chip.due:
                        chip.read(raw, ok, count)
                    else:
                        wanted = hot[index] | chip.touched()
                        if wanted:
                            chip.read_some(wanted, raw, ok, count)
                        else:
                            chip.skip(ok, count)
                    hot[index] = 0
                    continue
                except OSError:
                    self._lost(chip)
            else:
                chip.wait -= 1
                if chip.wait <= 0:
                    self._try_start(chip)
            hot[index] = 0
            for electrode in range(_ELECTRODES):
                channel = chip.first + electrode
                if channel < count:
                    ok[channel] = 0
        self.everything = False
