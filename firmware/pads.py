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
    are passed over. Returns twice the count put in ``todo``, plus 1 if a baseline moved.
    ``firmware.viper.settle`` is the same loop in machine code."""
    slow = 0
    moved = 0
    for channel in range(count):
        state = ok[channel]
        if state == UNREAD:
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


_settle = plain_settle
# The same loop in machine code, where the port compiles viper (a Pico's does).
if MICROPYTHON:
    try:  # noqa: SIM105 - MicroPython has no contextlib
        from firmware.viper import settle as _settle
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
        self.down_count = 0
        self.todo = array("h", [0] * count)  # the channels not at rest, todo_count of them
        self.todo_count = 0
        self.confirming = False
        self.last_raw = array("i", [0] * count)  # the readings and ok flags of the last scan
        self.last_ok = bytearray(count)
        self.still = False  # the last scan's update would change nothing if run again
        self.whole = WHOLE
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
        alone; otherwise the common channel — untouched, within a threshold of its baseline —
        is settled by one loop (``_settle``, machine code where the port compiles viper) and
        only the others are taken one by one."""
        self.event_count = 0
        self.stuck_count = 0
        raw = self.raw
        ok = self.ok
        if self.still and raw == self.last_raw and ok == self.last_ok:
            self._hold()
            return
        settled = _settle(raw, ok, self.baseline, self.counter, self.away, self.touched,
                          self.fresh, self.todo, self.count, self.touch, self.polarity)
        still = not settled & 1
        todo = self.todo
        baseline = self.baseline
        polarity = self.polarity
        counter = self.counter
        confirming = False
        self.todo_count = settled >> 1
        for index in range(self.todo_count):
            channel = todo[index]
            delta = (raw[channel] - (baseline[channel] >> _SHIFT)) * polarity
            if not self._update(channel, delta):
                still = False
            if counter[channel]:
                confirming = True
        self.confirming = confirming
        self.last_raw[self.whole] = raw
        self.last_ok[self.whole] = ok
        self.still = still

    def _hold(self):
        """A still scan: the held pads are held a scan longer; one held too long is stuck."""
        held = self.held
        index = 0
        while index < self.down_count:
            channel = self.down[index]
            held[channel] += 1
            if held[channel] >= self.max_hold:
                self._stuck(channel)  # takes it out of down: the same index is the next one
            else:
                index += 1

    def _stuck(self, channel):
        self._release(channel)
        self.baseline[channel] = self.raw[channel] << _SHIFT
        self.stuck[self.stuck_count] = channel
        self.stuck_count += 1
        self.still = False

    def _update(self, channel, delta):
        """One channel of a scan beyond the common case: a missing reading, the first one, a
        touch in progress or held, or a reading a threshold away from the touch direction.
        Whether the channel is still: the same reading again would change nothing but its
        held time."""
        raw = self.raw
        baseline = self.baseline
        counter = self.counter
        confirm = self.confirm
        if not self.ok[channel]:
            counter[channel] = 0
            if self.touched[channel]:
                self._release(channel)
                return False
            return True
        if self.fresh[channel]:
            self.fresh[channel] = 0
            baseline[channel] = raw[channel] << _SHIFT
            delta = 0
        if self.touched[channel]:
            self.held[channel] += 1
            if delta <= self.release:
                counter[channel] += 1
                if counter[channel] >= confirm:
                    self._release(channel)
                return False
            counter[channel] = 0
            if self.held[channel] >= self.max_hold:
                self._stuck(channel)
                return False
            return True
        if delta >= self.touch:
            counter[channel] += 1
            if counter[channel] >= confirm:
                counter[channel] = 0
                self.touched[channel] = 1
                self.held[channel] = 0
                self._press(channel)
                self.events[self.event_count] = channel
                self.event_count += 1
            return False
        counter[channel] = 0
        self.away[channel] = min(self.away[channel] + 1, confirm) if delta <= -self.touch else 0
        step = _FALL if self.away[channel] >= confirm else _DRIFT
        baseline[channel] += ((raw[channel] << _SHIFT) - baseline[channel]) >> step
        return False

    def _press(self, channel):
        """Put ``channel`` among the held ones. They are kept in channel order, so that pads
        found stuck in one scan are reported in the same order whether the scan was skipped
        (:meth:`_hold`) or run in full (few pads are held at once: the shifting is cheap)."""
        down = self.down
        index = self.down_count
        while index and down[index - 1] > channel:
            down[index] = down[index - 1]
            index -= 1
        down[index] = channel
        self.down_count += 1

    def _release(self, channel):
        self.touched[channel] = 0
        self.counter[channel] = 0
        self.events[self.event_count] = -1 - channel
        self.event_count += 1
        down = self.down
        for index in range(self.down_count):
            if down[index] == channel:
                self.down_count -= 1
                for later in range(index, self.down_count):
                    down[later] = down[later + 1]
                break
