"""The touch board's program: scan the pads, report touches, answer the Pi.

``TouchBoard.step`` is one turn of the main loop: read whatever the Pi sent (never waiting),
scan the sensors once, report what changed, and send the heartbeat when it is due. The loop's
timing, the watchdog and the USB serial line belong to ``firmware.main``, so the same program
runs on the microcontroller, on CPython in the simulator, and under test.

Once running, a step allocates nothing: readings, touches and heartbeats are written into
preallocated buffers. Only the rare things allocate — a command from the Pi, a fault.
"""

from firmware import proto, restart
from firmware.pads import Pads
from firmware.port import const

_BEAT_MS = const(1000)
_READINGS_PER_LINE = const(16)
_DEFAULT_HOLD_S = const(30)
_DOWN = const(68)  # "D"
_UP = const(85)  # "U"


class TouchBoard:
    """The firmware for one board: ``config`` (from the board profile, see
    ``controller.profile.firmware``), a ``sensor`` driver, and ``port`` with ``read()``
    (bytes waiting, or None, never blocking), ``write(buf, length)`` and ``reset()``; ``note``
    is where a restart the Pi asks for is noted for the next start to report (``None``:
    nowhere)."""

    def __init__(self, config, sensor, port, identity, note=None):
        self.config = config
        self.sensor = sensor
        self.port = port
        self.identity = identity  # (firmware version, content hash)
        self.note = note
        self.restarted = None  # why it restarted, until said after the first query's hello
        self.map = config["map"]  # pad of each sensor channel
        count = len(self.map)
        self.pad_count = config["pads"]
        hold = config.get("max_hold_s", _DEFAULT_HOLD_S) * config["scan_hz"]
        self.pads = Pads(count, sensor.polarity, config.get("touch") or sensor.touch,
                         config.get("release") or sensor.release, config.get("confirm", 3),
                         hold)
        self.writer = proto.Writer()
        self.sequence = proto.Sequence()
        self.decoder = proto.Decoder("QYCKDX")
        self.scans = 0  # since the last heartbeat
        self.uptime = 0  # seconds
        self.since_beat = 0  # ms
        self.diagnose = False
        self.next_reading = 0
        self.faults = []
        # A driver that can leave channels unread (the MPR121's) is told which the pads need.
        self.watch = getattr(sensor, "watch", None)
        self.retune = getattr(sensor, "sensitivity", None)
        self.deferring = hasattr(sensor, "pending")  # it can leave news for the next scan

    # sending

    def _send(self):
        self.port.write(self.writer.buf, self.writer.end())

    def _begin(self, kind):
        self.writer.begin(kind, self.sequence.take())

    def hello(self):
        self._begin(proto.HELLO)
        writer = self.writer
        writer.number(proto.VERSION)
        writer.word(self.identity[0])
        writer.word(self.identity[1])
        writer.word(self.config["board"])
        writer.number(self.pad_count)
        writer.number(self.pads.touch)
        writer.number(self.pads.release)
        self._send()

    def levels(self):
        """The thresholds, after they changed: whoever set them, the Pi's link hears it."""
        self._begin(proto.LEVELS)
        self.writer.number(self.pads.touch)
        self.writer.number(self.pads.release)
        self._send()

    def state(self):
        self._begin(proto.STATE)
        self.writer.bits_hex(self.pads.touched, self.map, len(self.map))
        self._send()

    def beat(self):
        self._begin(proto.BEAT)
        self.writer.number(self.uptime)
        self.writer.number(self.scans)
        self._send()
        self.scans = 0

    def report(self, code, detail):
        """A fault, from a driver or the signal processing: sent at once (a fault is rare, so
        this may allocate)."""
        if isinstance(detail, int):  # a sensor channel: name its pad
            detail = str(self.map[detail]) if detail < len(self.map) else str(detail)
        self._begin(proto.FAULT)
        self.writer.word(code)
        self.writer.word(detail)
        self._send()

    def _answer(self, seq, error=None):
        self._begin(proto.ANSWER)
        self.writer.number(seq)
        if error is None:
            self.writer.word("ok")
        else:
            self.writer.word("error")
            self.writer.word(error)
        self._send()

    def _readings(self):
        """One line of the diagnostic stream: the next few pads' raw readings and their
        distance from the baseline in the touch direction, as ``pad:reading:delta``."""
        pads = self.pads
        first = self.next_reading
        count = min(_READINGS_PER_LINE, len(self.map) - first)
        self._begin(proto.READINGS)
        writer = self.writer
        for channel in range(first, first + count):
            writer.space()
            writer.digits(self.map[channel])
            writer.char(58)  # ":"
            writer.digits(pads.raw[channel])
            writer.char(58)
            writer.digits(pads.delta(channel))
        self._send()
        self.next_reading = 0 if first + count >= len(self.map) else first + count

    # running

    def start(self, restarted=None):
        """Say hello — and why the board restarted, if it says (``restarted``: the reason, a
        word), at once after it, before the sensors start — then start the sensors. The
        reason is said again after the hello that answers the first query: a Pi that opens
        the port only after the board started (a real USB port comes back after a reset)
        hears it then."""
        self.restarted = restarted
        self.hello()
        self._restarted()
        if self.retune is not None:
            self.retune(self.pads.touch)
        self.sensor.start()

    def _restarted(self):
        if self.restarted is not None:
            self.report("restart", self.restarted)

    def step(self, elapsed):
        """One turn of the main loop, ``elapsed`` ms after the one before."""
        data = self.port.read()
        if data:
            for message in self.decoder.feed(data):
                self._command(*message)
        pads = self.pads
        if self.watch is not None:  # the readings stream shows every channel's reading
            self.watch(None if self.diagnose else pads.todo, pads.todo_count, pads.touched,
                       pads.counter)
        self.sensor.read(pads.raw, pads.ok, len(self.map))
        pads.update()
        self.scans += 1
        writer = self.writer
        for index in range(pads.event_count):
            channel = pads.events[index]
            way = _DOWN
            if channel < 0:
                way = _UP
                channel = -1 - channel
            self.port.write(writer.buf, writer.touch(self.sequence.take(), way,
                                                     self.map[channel]))
        for index in range(pads.stuck_count):
            self.report("pad-stuck", pads.stuck[index])
        if self.diagnose:
            self._readings()
        self.since_beat += elapsed
        if self.since_beat >= _BEAT_MS:
            self.since_beat = 0 if self.since_beat >= 2 * _BEAT_MS else self.since_beat - _BEAT_MS
            self.uptime += 1
            self.beat()

    def hurried(self):
        """Whether the next scan should come sooner: a touch or a release waits to be
        confirmed, or the sensor left news for the next scan to read."""
        return self.pads.confirming or (self.deferring and self.sensor.pending)

    def _command(self, kind, seq, fields):
        if kind == proto.QUERY:
            self.hello()
            self._restarted()
            self.restarted = None
        elif kind == proto.RESYNC:
            self.state()
        elif kind == proto.CALIBRATE:
            pads = self.pads
            if self.watch is not None:  # the present reading of every channel, not the last
                self.watch(None, 0, None, None)
                self.sensor.read(pads.raw, pads.ok, len(self.map))
            pads.calibrate()
            self._answer(seq)
        elif kind == proto.THRESHOLDS:
            try:
                self.pads.set_thresholds(int(fields[0]), int(fields[1]))
            except (ValueError, IndexError):
                self._answer(seq, "thresholds")
                return
            if self.retune is not None:
                self.retune(self.pads.touch)
            self._answer(seq)
            self.levels()
        elif kind == proto.DIAGNOSE:
            if fields in (["0"], ["1"]):
                self.diagnose = fields[0] == "1"
                self.next_reading = 0
                self._answer(seq)
            else:
                self._answer(seq, "diagnose")
        elif kind == proto.REBOOT:
            restart.keep(self.note, "asked")
            self._answer(seq)
            self.port.reset()
