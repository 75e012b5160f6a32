"""Per-pad signal processing: from raw sensor readings to touches and releases.

Each sensor channel has a baseline (its reading with nobody touching it) that follows slow
drift — temperature, humidity — but only while the pad is untouched, so a resting finger is
never learned as the new normal. A reading that moves ``touch`` counts past the baseline, in
the sensor's touch direction, for ``confirm`` scans in a row is a touch; one that comes back
within ``release`` counts for ``confirm`` scans is a release. The gap between the two
thresholds and the integrator keep noise from making phantom touches or chattering releases.
A pad held longer than ``max_hold`` scans is taken to be stuck (a drink on the board, a failed
sensor): it is released, its baseline jumps to the present reading, and it is reported.

Everything lives in arrays made once, so a scan allocates nothing (MicroPython's garbage
collector never has to run in the middle of a game).
"""

from array import array

from firmware.port import MICROPYTHON, const

_SHIFT = const(6)
"""Baselines are kept in fixed point with this many fraction bits."""
_DRIFT = const(6)
"""While untouched, a baseline moves 1/2**_DRIFT of the way to the reading each scan."""
UNREAD = const(2)
"""An ``ok`` flag: the channel was not read this scan, and stands as it was."""
MAX_THRESHOLD = const(65535)
"""The largest threshold taken: far beyond any sensor's range, and a short number on the wire."""
_FALL = const(2)
"""...and 1/2**_FALL of the way when the reading stays a whole touch threshold away from the
touch direction for ``confirm`` scans: a stuck pad coming free, or a sensor recovering, is
followed at once, while one noisy reading (noise reaches a threshold now and then) moves the
baseline no faster than drift would."""


class _Slices:
    """``_Slices()[:]`` is the slice ``[:]`` as an object (MicroPython cannot call ``slice``)."""

    def __getitem__(self, index):
        return index


WHOLE = _Slices()[:]
"""``[:]`` made once: ``a[:] = b`` would make a slice object on every scan."""


def plain_settle(raw, ok, baseline, counter, away, touched, fresh, todo, count, touch,
                 polarity):
    """The scan's loop over every channel, for the common one — read, untouched, within a
    threshold of its baseline, not new: its integrator is cleared and its baseline drifts
    towards the reading. The others go to ``todo``; channels not read this scan (``UNREAD``)
    are passed over, but for the held ones: their held time still counts (in ``transit``,
    where their last reading stands). Returns twice the count put in ``todo``, plus 1 if a
    baseline moved.
    ``firmware.viper.settle`` is the same loop in machine code."""
    slow = 0
    moved = 0
    for channel in range(count):
        state = ok[channel]
        if state == UNREAD:
            if touched[channel]:  # held, unread: its time still counts
                todo[slow] = channel
                slow += 1
            continue
        reading = raw[channel]
        base = baseline[channel]
        delta = (reading - (base >> _SHIFT)) * polarity
        if state == 1 and -touch < delta < touch and not touched[channel] \
                and not fresh[channel]:
            counter[channel] = 0
            away[channel] = 0
            follow = base + (((reading << _SHIFT) - base) >> _DRIFT)
            if follow != base:
                baseline[channel] = follow
                moved = 1
        else:
            todo[slow] = channel
            slow += 1
    return slow * 2 + moved


# The numbers ``transit`` reads and writes, by their index in ``Pads.state``.
_TODO = const(0)
_TOUCH = const(1)
_RELEASE = const(2)
_CONFIRM = const(3)
_MAX_HOLD = const(4)
_POLARITY = const(5)
_DOWN = const(6)
_EVENTS = const(7)
_STUCK = const(8)
_STATE = const(9)
# The flags ``transit`` answers: the channels it went through would not change if read again;
# a touch or a release waits for its confirmation.
_STILL = const(1)
_CONFIRMING = const(2)


def plain_transit(  # noqa: PLR0915 - one loop, step for step its machine-code twin
        raw, ok, baseline, counter, away, touched, fresh, held, todo, events, down, stuck, state):
    """The channels ``settle`` left in ``todo`` (``state[_TODO]`` of them): a missing reading,
    the first one, a touch in progress or held, a reading a threshold away from the touch
    direction. Touches and releases confirmed go to ``events`` (a channel, or -1 - channel
    for a release; ``state[_EVENTS]`` of them), the held pads to ``down`` (in channel order,
    ``state[_DOWN]``), the pads held ``state[_MAX_HOLD]`` scans to ``stuck`` (``state[_STUCK]``;
    they are released and their baselines take the readings). Returns ``_STILL`` and
    ``_CONFIRMING`` as they are. ``firmware.viper.transit`` is the same in machine code: a hand
    on the board puts dozens of channels here in one scan."""
    touch = state[_TOUCH]
    release = state[_RELEASE]
    confirm = state[_CONFIRM]
    polarity = state[_POLARITY]
    flags = _STILL
    for index in range(state[_TODO]):
        channel = todo[index]
        reading = raw[channel]
        delta = (reading - (baseline[channel] >> _SHIFT)) * polarity
        let_go = False
        if not ok[channel]:
            counter[channel] = 0
            let_go = touched[channel] == 1
        else:
            if fresh[channel]:
                fresh[channel] = 0
                baseline[channel] = reading << _SHIFT
                delta = 0
            if touched[channel]:
                held[channel] += 1
                if delta <= release:
                    counter[channel] += 1
                    flags &= ~_STILL
                    let_go = counter[channel] >= confirm
                else:
                    counter[channel] = 0
                    if held[channel] >= state[_MAX_HOLD]:
                        let_go = True
                        baseline[channel] = reading << _SHIFT
                        stuck[state[_STUCK]] = channel
                        state[_STUCK] += 1
            else:
                flags &= ~_STILL
                if delta >= touch:
                    counter[channel] += 1
                    if counter[channel] >= confirm:
                        counter[channel] = 0
                        touched[channel] = 1
                        held[channel] = 0
                        _put_down(down, state, channel)
                        events[state[_EVENTS]] = channel
                        state[_EVENTS] += 1
                else:
                    counter[channel] = 0
                    away[channel] = min(away[channel] + 1, confirm) if delta <= -touch else 0
                    step = _FALL if away[channel] >= confirm else _DRIFT
                    baseline[channel] += ((reading << _SHIFT) - baseline[channel]) >> step
        if let_go:
            flags &= ~_STILL
            touched[channel] = 0
            counter[channel] = 0
            events[state[_EVENTS]] = -1 - channel
            state[_EVENTS] += 1
            _take_up(down, state, channel)
        if counter[channel]:
            flags |= _CONFIRMING
    return flags


def _put_down(down, state, channel):
    """``channel`` among the held ones, kept in channel order: pads found stuck in one scan
    are then reported in the same order however the scan went (few are held at once)."""
    index = state[_DOWN]
    while index and down[index - 1] > channel:
        down[index] = down[index - 1]
        index -= 1
    down[index] = channel
    state[_DOWN] += 1


def _take_up(down, state, channel):
    """``channel`` out of the held ones."""
    count = state[_DOWN]
    for index in range(count):
        if down[index] == channel:
            for later in range(index, count - 1):
                down[later] = down[later + 1]
            state[_DOWN] = count - 1
            return


def plain_hold(held, down, count, max_hold):
    """A still scan: each of the ``count`` held pads in ``down`` is held a scan longer; 1 if
    one has been held ``max_hold`` scans (``firmware.viper.hold`` in machine code)."""
    due = 0
    for index in range(count):
        channel = down[index]
        held[channel] += 1
        if held[channel] >= max_hold:
            due = 1
    return due


_settle = plain_settle
_transit = plain_transit
_hold = plain_hold
# The same loops in machine code, where the port compiles viper (a Pico's does).
if MICROPYTHON:
    try:
        from firmware.viper import hold as _hold
        from firmware.viper import settle as _settle
        from firmware.viper import transit as _transit
    except (ImportError, SyntaxError):  # a port without a native emitter
        pass


class Pads:
    """Touch state of ``count`` sensor channels.

    ``raw`` is filled by a sensor driver before each ``update``; ``ok[i]`` says whether
    channel ``i`` gave a reading this scan: 1 if it did, 0 if it could not (a missing chip's
    channels keep their last state but are never touched), ``UNREAD`` if the driver did not
    read it because it knows nothing changed there (an MPR121 whose touch status is clear,
    while none of its channels is in ``todo``): its state stands as it is. ``polarity`` is
    +1 for sensors whose reading rises with a finger (charge time, digital outputs) and -1 for
    those whose reading falls (the MPR121's electrode data).
    """

    def __init__(self, count, polarity, touch, release, confirm=3, max_hold=3000):
        self.count = count
        self.polarity = polarity
        self.touch = touch
        self.release = release
        self.confirm = confirm
        self.max_hold = max_hold
        self.raw = array("i", [0] * count)
        self.ok = bytearray(count)
        self.baseline = array("i", [0] * count)  # fixed point, _SHIFT fraction bits
        self.touched = bytearray(count)
        self.counter = bytearray(count)
        self.held = array("i", [0] * count)
        self.fresh = bytearray(count)  # 1 until a channel's first reading sets its baseline
        self.away = bytearray(count)  # scans in a row a threshold away from the touch direction
        self.events = array("h", [0] * count)  # channel, or -1 - channel for a release
        self.event_count = 0
        self.stuck = array("h", [0] * count)
        self.stuck_count = 0
        self.down = array("h", [0] * count)  # the touched channels, down_count of them
        self.todo = array("h", [0] * count)  # the channels not at rest, todo_count of them
        self.todo_count = 0
        self.confirming = False
        self.last_raw = array("i", [0] * count)  # the readings and ok flags of the last scan
        self.last_ok = bytearray(count)
        self.still = False  # the last scan's update would change nothing if run again
        self.whole = WHOLE
        self.state = array("i", [0] * _STATE)  # what _transit reads and writes (_TODO, ...)
        self.state[_CONFIRM] = confirm
        self.state[_MAX_HOLD] = max_hold
        self.state[_POLARITY] = polarity
        for channel in range(count):
            self.fresh[channel] = 1

    def set_thresholds(self, touch, release):
        """New thresholds (counts away from the baseline); ValueError unless
        0 <= release < touch <= MAX_THRESHOLD."""
        if not 0 <= release < touch <= MAX_THRESHOLD:
            raise ValueError("thresholds need 0 <= release < touch <= 65535")
        self.touch = touch
        self.release = release
        self.still = False

    def delta(self, channel):
        """How far ``channel``'s reading is from its baseline, in the touch direction."""
        return (self.raw[channel] - (self.baseline[channel] >> _SHIFT)) * self.polarity

    def calibrate(self):
        """Take every untouched channel's present reading as its baseline."""
        for channel in range(self.count):
            if self.ok[channel] == 1 and not self.touched[channel]:
                self.baseline[channel] = self.raw[channel] << _SHIFT
                self.counter[channel] = 0
        self.still = False

    def update(self):
        """Process one scan of ``raw``: fill ``events`` (``event_count`` of them) with the
        touches and releases it confirmed and ``stuck`` with the channels found stuck; leave in
        ``todo`` (``todo_count`` of them) the channels not at rest, which the next scan must
        read, and set ``confirming`` while a touch or a release waits for its confirmation.

        On a Pico each bytecode of the loop over the channels costs its share of a scan period,
        times the channels, so the loop is avoided where it can be and made short where not:
        a scan that reads as the last one did, after a scan that changed nothing but the held
        pads' time (a digital sensor at rest, or held), only counts that time, on the held pads
        alone (``_hold``); otherwise the common channel — untouched, within a threshold of its
        baseline — is settled by one loop (``_settle``) and the others by another
        (``_transit``): machine code where the port compiles viper."""
        self.event_count = 0
        self.stuck_count = 0
        raw = self.raw
        ok = self.ok
        state = self.state
        if self.still and raw == self.last_raw and ok == self.last_ok:
            if _hold(self.held, self.down, state[_DOWN], self.max_hold):
                self._stuck_held()
            return
        settled = _settle(raw, ok, self.baseline, self.counter, self.away, self.touched,
                          self.fresh, self.todo, self.count, self.touch, self.polarity)
        state[_TODO] = settled >> 1
        state[_TOUCH] = self.touch
        state[_RELEASE] = self.release
        state[_EVENTS] = 0
        state[_STUCK] = 0
        flags = _transit(raw, ok, self.baseline, self.counter, self.away, self.touched,
                         self.fresh, self.held, self.todo, self.events, self.down, self.stuck,
                         state)
        self.todo_count = state[_TODO]
        self.event_count = state[_EVENTS]
        self.stuck_count = state[_STUCK]
        self.confirming = bool(flags & _CONFIRMING)
        self.last_raw[self.whole] = raw
        self.last_ok[self.whole] = ok
        self.still = not settled & 1 and bool(flags & _STILL)

    @property
    def down_count(self):
        """How many pads are held (the first of ``down``)."""
        return self.state[_DOWN]

    def _stuck_held(self):
        """After a still scan: the pads held too long are stuck: released (their events and
        ``stuck`` in channel order), their baselines the readings."""
        state = self.state
        down = self.down
        index = 0
        while index < state[_DOWN]:
            channel = down[index]
            if self.held[channel] < self.max_hold:
                index += 1
                continue
            self.touched[channel] = 0
            self.counter[channel] = 0
            self.events[self.event_count] = -1 - channel
            self.event_count += 1
            _take_up(down, state, channel)  # the same index is the next one
            self.baseline[channel] = self.raw[channel] << _SHIFT
            self.stuck[self.stuck_count] = channel
            self.stuck_count += 1
        self.still = False
