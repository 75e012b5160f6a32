"""MPR121 capacitive touch controllers on one or two I2C buses (up to four per bus, or eight
channels of four behind a TCA9548A mux).

We read each chip's filtered electrode data (10 bits per electrode, lower with a finger) and
do our own baselines and thresholds in ``firmware.pads``, so every sensor type behaves the same
and the thresholds can be set from the Pi. Register addresses and the start-up sequence follow
the MPR121 datasheet (Freescale/NXP, rev. 4) and its quick-start note AN3944.

The data of six chips is 4.1 ms a scan on the bus (the RP2040's I2C block runs at 376 kHz when
asked for 400), two fifths of the scan period, with the core waiting on it. So a chip's data
is read only where it may have changed. The chip's own touch status (2 bytes), set by its own
thresholds, which are kept at half ours, says where: the data is read of the electrodes from
the lowest to the highest whose status disagrees with the pads (set where no pad is held, clear
where one is) or whose channel the pads ask for (``watch``: a touch or a release being
confirmed, a new channel); every electrode of a chip in turn, one chip a scan, so every reading
and baseline still follows the pads, and a held pad the chip still flags stands as it is. The
channels left unread are marked ``UNREAD``. The decision is always ours, on the data: a status
the data does not bear out makes no touch.

Reading the status costs as much as 2 bytes of data, and 22 chips' statuses are most of a scan.
Where a bus's chips have their IRQ outputs wired together to a pin (``irq`` in the profile;
each output is open-drain and low from a change of its chip's status until the status is read),
the statuses are read only while that line is low, and the chips with nothing to read are
passed over in machine code (``_pick``): at rest a scan reads one pin and one chip (a touch on
a chip whose IRQ wire were cut would still be found, in its turn). A hand on the board gives
every chip news at once: a scan then reads as many statuses and data as its ``BUDGET``
allows, and the next scan, half a period later, goes on from there.
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
NO_LINE = const(255)
"""A chip's IRQ line when its bus has none."""
RETRY_SCANS = const(100)
"""How often (in scans) a missing chip is looked for again."""
BUDGET = const(8)
"""The reads of statuses and data a scan makes at most, beyond the whole chip in its turn (each
about a quarter of a millisecond on the wire and in the driver): a hand on the board gives every
chip news at once, and the statuses and data of 22 chips in one scan would take longer than its
period. What is left waits for the next scan, which comes half a period later (``pending``),
and starts there. Measured on the emulated 16x16 (docs/firmware.md), 8 keeps its worst scan at
5.5 to 6.9 ms, with room for a real Pico's flash cache misses; 12 took it to 7.3 ms."""

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


def plain_span(bits, limit):
    """The lowest and the highest of the set bits of ``bits`` below ``limit``, as ``lowest <<
    8 | highest``; ``limit << 8`` if there is none (``firmware.viper.span`` in machine code)."""
    lowest = 0
    while lowest < limit and not bits >> lowest & 1:
        lowest += 1
    if lowest >= limit:
        return limit << 8
    highest = limit - 1
    while highest > lowest and not bits >> highest & 1:
        highest -= 1
    return lowest << 8 | highest


def plain_pick(hot, held, flags, line_of, quiet, count, turn, start, out):
    """The chips a scan must visit, from ``start`` on round the ``count`` of them, into
    ``out``; returns how many. A chip is passed over — its ``held`` cleared, as a visit
    would — when it is not in its ``turn``, its IRQ line (``line_of``, ``NO_LINE`` for none)
    is ``quiet``, and neither the pads (``hot``) nor its status (``flags`` against ``held``)
    point at any of its electrodes (``firmware.viper.pick`` in machine code)."""
    picked = 0
    for step in range(count):
        index = start + step
        if index >= count:
            index -= count
        line = line_of[index]
        if index == turn or line == NO_LINE or not quiet[line] \
                or hot[index] | (flags[index] ^ held[index]):
            out[picked] = index
            picked += 1
        else:
            held[index] = 0
    return picked


_decode = plain_decode
_fill = plain_fill
_span = plain_span
_pick = plain_pick
# Machine code, where the port compiles viper (a Pico's does).
if MICROPYTHON:
    try:
        from firmware.viper import decode_mpr121 as _decode
        from firmware.viper import fill as _fill
        from firmware.viper import pick as _pick
        from firmware.viper import span as _span
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

    def __init__(self, bus, i2c, address, first, mux=None, channel=0, line=NO_LINE):
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
        self.line = line  # the index of its bus's IRQ line among the array's, or NO_LINE
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
        mux = self.mux
        if mux is not None and mux.selected != self.channel:
            mux.select(self.channel)

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
        """The electrodes the chip's touch status flags, as bits (its over-current flag and the
        proximity electrode's are not ours); reading it also lets the chip's IRQ output go.
        OSError if the chip does not answer."""
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
        (of the board's); the others stay as the scan marked them, ``UNREAD``."""
        if self.wanted is None:
            self._views(count)
        found = _span(electrodes, self.electrodes)
        lowest = found >> 8
        if lowest >= self.electrodes:
            return
        span = (found & 0xFF) + 1 - lowest
        self._select()
        self.i2c.readfrom_mem_into(self.address, _REG_FILTERED + 2 * lowest, self.spans[span])
        _decode(self.data, 2 * span, raw, ok, self.first + lowest)


class Mpr121Array:
    """All the board's MPR121 chips: ``buses`` is a list of (number, i2c, addresses, mux
    address or None, each address's mux channel or None, the pin the chips' IRQ outputs are
    wired to or None) for each bus."""

    polarity = -1
    touch = 12
    release = 6

    def __init__(self, buses, report):
        self.report = report
        self.chips = []
        self.lines = []  # the buses' IRQ pins
        for number, i2c, addresses, mux_address, channels, irq in buses:
            mux = None if mux_address is None else Mux(i2c, mux_address)
            line = NO_LINE
            if irq is not None:
                line = len(self.lines)
                self.lines.append(irq)
            for index, address in enumerate(addresses):
                self.chips.append(Mpr121(number, i2c, address, _ELECTRODES * len(self.chips),
                                         mux, channels[index] if mux is not None else 0, line))
        count = len(self.chips)
        self.channels = _ELECTRODES * count
        self.level = self.touch  # our touch threshold, which the chips' statuses follow
        self.hot = array("H", [0] * count)  # each chip's electrodes the pads watch
        self.held = array("H", [0] * count)  # ... and those held at rest
        self.flags = array("H", [0] * count)  # ... and those its status flagged when last read
        self.line_of = bytearray([chip.line for chip in self.chips])
        self.quiet = bytearray(len(self.lines))  # each IRQ line high this scan: no news
        self.picked = bytearray(count)  # the chips a scan visits
        self.everything = False
        self.irregular = True  # a chip is missing or due a whole read: visit every chip
        self.turn = 0  # the chip whose data is read this scan, whatever its status
        self.pending = False  # news left for the next scan to read (see BUDGET)
        self.start_at = 0  # the chip the scan starts with: where the last one's budget ran out
        self.left = 0  # what is left of a scan's budget after a chip's part

    def start(self):
        for index in range(len(self.chips)):
            self._try_start(index)

    def sensitivity(self, touch):
        """Our touch threshold is now ``touch``: the chips' status thresholds follow it."""
        self.level = touch
        self.irregular = True
        for index in range(len(self.chips)):
            chip = self.chips[index]
            if chip.up:
                try:
                    chip.retune(touch)
                except OSError:
                    self._lost(chip)

    def watch(self, channels, count, touched, counter):
        """The next scan reads the data of ``channels[:count]`` (the pads' channels not at
        rest) — but of a pad held at rest (``touched``, its ``counter`` clear) only if its
        chip's status no longer flags it — or of every chip when ``channels`` is None."""
        if channels is None:
            self.everything = True
            return
        hot = self.hot
        held = self.held
        for index in range(count):
            channel = channels[index]
            chip = channel // _ELECTRODES
            if chip < len(hot):
                bit = 1 << (channel - chip * _ELECTRODES)
                if touched[channel] and not counter[channel]:
                    held[chip] |= bit
                else:
                    hot[chip] |= bit

    def _try_start(self, index):
        chip = self.chips[index]
        self.irregular = True
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
        self.flags[index] = 0

    def _lost(self, chip):
        self.irregular = True
        chip.reported = True
        self.report("chip-missing", chip.name())
        chip.up = False
        chip.wait = RETRY_SCANS

    def read(self, raw, ok, count):
        chips = self.chips
        quiet = self.quiet
        lines = self.lines
        for line in range(len(lines)):
            quiet[line] = lines[line].value()
        turn = self.turn
        if self.pending:  # news waits: no chip's turn this scan, the budget goes to the news
            turn = -1
        else:
            self.turn = turn + 1 if turn + 1 < len(chips) else 0
        _fill(ok, 0, min(count, self.channels), UNREAD)
        self.pending = False
        self.left = BUDGET
        start = self.start_at
        if self.everything or self.irregular:
            self.irregular = False  # until a visit finds a chip missing or due
            for step in range(len(chips)):
                index = start + step
                self._visit(index - len(chips) if index >= len(chips) else index, turn, raw,
                            ok, count)
        else:
            self._visit_picked(turn, raw, ok, count)
        self.everything = False

    def _visit_picked(self, turn, raw, ok, count):
        """The chips ``_pick`` chose, within the budget: the one in its turn as ``_visit``
        does, every other one here, in as few calls as a Pico can afford (a method call costs
        tens of microseconds there, and a hand makes every chip's visit count)."""
        chips = self.chips
        hot = self.hot
        held = self.held
        flags = self.flags
        quiet = self.quiet
        picked = self.picked
        visits = _pick(hot, held, flags, self.line_of, quiet, len(chips), turn, self.start_at,
                       picked)
        for step in range(visits):
            index = picked[step]
            chip = chips[index]
            if index == turn or not chip.up or chip.due:
                self._visit(index, turn, raw, ok, count)
                continue
            if self.left <= 0:  # the budget is spent: the rest is the next scan's, from here
                self.pending = True
                self.start_at = index
                for later in range(step, visits):
                    hot[picked[later]] = 0
                    held[picked[later]] = 0
                return
            try:
                line = chip.line
                self._news(index, chip, line == NO_LINE or not quiet[line], raw, ok, count)
            except OSError:
                self._lost(chip)
                _fill(ok, chip.first, min(count, chip.first + _ELECTRODES), 0)
            hot[index] = 0
            held[index] = 0

    def _visit(self, index, turn, raw, ok, count):
        """Chip ``index``'s part of the scan; a chip that does not answer is lost, and a lost
        one looked for again every ``RETRY_SCANS`` scans, its pads unread (``ok`` 0)."""
        chip = self.chips[index]
        if chip.up:
            try:
                self._read(index, chip, index == turn, raw, ok, count)
                if chip.due:
                    self.irregular = True
                return
            except OSError:
                self._lost(chip)
        else:
            self.irregular = True
            chip.wait -= 1
            if chip.wait <= 0:
                self._try_start(index)
        self.hot[index] = 0
        self.held[index] = 0
        first = chip.first
        _fill(ok, first, min(count, first + _ELECTRODES), 0)

    def _read(self, index, chip, turn, raw, ok, count):
        """A whole read in its turn, else its status where its IRQ line is low (or it has
        none) and its data where the status or the pads point, within what is ``left`` of the
        scan's budget; what does not fit is left ``pending`` for the next scan, which starts
        with this chip."""
        line = chip.line
        told = line == NO_LINE or not self.quiet[line]  # its status may have changed
        hot = self.hot
        held = self.held
        flags = self.flags
        if self.everything or turn or chip.due:
            if line != NO_LINE and told:
                flags[index] = chip.touched()  # and its IRQ output lets go
            chip.read(raw, ok, count)
        elif self.left <= 0:
            if (told or hot[index] | (flags[index] ^ held[index])) and not self.pending:
                self.pending = True
                self.start_at = index
        else:
            self._news(index, chip, told, raw, ok, count)
        hot[index] = 0
        held[index] = 0

    def _news(self, index, chip, told, raw, ok, count):
        """Chip ``index``'s status where it may have changed (``told``), and the data its
        status or the pads point at: a read of the budget each."""
        flags = self.flags
        if told:
            flags[index] = chip.touched()
            self.left -= 1
        wanted = self.hot[index] | (flags[index] ^ self.held[index])
        if wanted:
            chip.read_some(wanted, raw, ok, count)
            self.left -= 1
