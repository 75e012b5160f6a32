"""The touch link: touches from the board's microcontroller, through unplugging and restarts.

``TouchLink`` is the app's ``TouchesIn`` for a real (or simulated) board on a serial port. A
thread finds the board, opens the port, checks the handshake, asks for the full touch state,
and then turns touch messages into ``PadDown``/``PadUp``. When a message is lost (a gap in the
sequence numbers) it asks for the full state again and reports only the difference. When the
port fails or the heartbeat stops, it lets go of every pad, reports ``TouchesLost`` with the
reason, and keeps trying to reconnect; ``TouchesBack`` follows when the board is there again.
The game is never touched by any of this: the app only shows that the board is disconnected.

Each connection reports the board's firmware (``SensorsFirmware``); when the app asks for an
update, the link lets go of the port, brings the firmware up to the bundled one through the
``updater`` it was given (``hw.flash``'s, handed in where the board is assembled), reporting
``UpdateProgress`` and ``UpdateFinished``, and then connects again.

The board's fault reports go to the app (``SensorsFault``), and so do its restarts that nobody
asked for (``SensorsRestarted``): a hello in the middle of a session, or a restart the board
reports when it connects (a crash, its watchdog), counted, with the reason the board gives in
its first lines (``F restart REASON``, docs/protocol.md) and whether they come in a loop.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from controller.devices.firmware import MAX_THRESHOLD
from controller.devices.interfaces import (
    PadDown,
    PadReadings,
    PadUp,
    SensorsFault,
    SensorsFirmware,
    SensorsRestarted,
    Sink,
    TouchesBack,
    TouchesLost,
    UpdateFinished,
    UpdateProgress,
    WiredTouches,
)
from controller.errors import KaskadeError
from controller.profile.firmware import board_id, default_thresholds
from controller.profile.model import Profile
from firmware import proto
from hw.touch.connection import Connection, Hello, Message, parse_levels
from hw.touch.errors import (
    LinkError,
    NoAnswerError,
    SilenceError,
    VersionError,
    WrongBoardError,
)
from hw.touch.ports import open_serial
from hw.touch.readings import parse_readings
from hw.touch.revive import revive

log = logging.getLogger(__name__)

SILENCE = 3.0
"""Seconds without a line (the board beats every second) before the board counts as gone."""
RETRY = 0.5
"""Seconds between attempts to reach a board that is not there."""
NOT_YET = "connecting to the board"
UPDATING = "updating the board's firmware"
RETRY_INCOMPATIBLE = 5.0
"""...and to reach one whose firmware is incompatible (it will not change by itself)."""
APP = "app"
"""The reader of the diagnostic stream that gets ``PadReadings`` events."""
RESTART = "restart"
"""The fault code by which the board says why it restarted (firmware after 0.2)."""
REASON_WAIT = 5.0
"""Seconds a restart waits for the board to say why (it does right after its hello; an older
firmware never does); also how long after connecting a board's reason counts as news."""
LOOP_WINDOW = 60.0
LOOP_RESTARTS = 3
"""Three restarts within a minute: the board is restarting in a loop."""
ASKED_WAIT = 30.0
"""Seconds within which a restart asked for is expected (an update's reset, a reboot)."""
NO_REASON = "it did not say why (a dip in its power, or a firmware too old to say)"


Updater = Callable[[str, Callable[[float], None]], str]
"""Brings the board on a port up to the bundled firmware, telling how far it has come (0-1);
says in words what the board runs afterwards."""


class TouchLink(WiredTouches):
    """Touches from the board of ``profile``, whose port ``locate()`` finds (raising LinkError
    when it is not there)."""

    def __init__(self, profile: Profile, locate: Callable[[], str],
                 opener: Callable[[str], Any] = open_serial,
                 thresholds: tuple[int, int] | None = None,
                 silence: float = SILENCE, retry: float = RETRY,
                 updater: Updater | None = None) -> None:
        self.profile = profile
        self.locate = locate
        self.opener = opener
        self.updater = updater
        """How to update the board's firmware (``None``: this link cannot)."""
        if thresholds is not None and not 0 <= thresholds[1] < thresholds[0] <= MAX_THRESHOLD:
            raise ValueError(f"thresholds {thresholds} are not touch > release >= 0, at most "
                             f"{MAX_THRESHOLD}")
        self.thresholds = thresholds
        """The thresholds from calibration, sent at every connection (``None``: none)."""
        self.wanted = thresholds or default_thresholds(profile)
        """The thresholds the board must keep: calibrated, else its firmware's own. When the
        board reports others (another program on the port set them), they are set back."""
        self.overridden = 0
        """How many times the board's thresholds were found changed and set back."""
        self.silence = silence
        self.retry = retry
        self.touched: set[int] = set()
        self.hello: Hello | None = None
        self.problem: str | None = NOT_YET
        self.faults: deque[str] = deque(maxlen=50)
        """The board's recent fault reports, newest last."""
        self.resyncs = 0
        self.restarts = 0
        """How many times the board restarted without being asked to."""
        self.restart_reason: str | None = None
        """Why it did, the last time, in words."""
        self._restart_times: deque[float] = deque(maxlen=LOOP_RESTARTS * 4)
        self._restarting: float | None = None
        """When a hello said the board restarted, while its reason may still come."""
        self._connected_at = 0.0
        self._said_at_connection = False
        """A restart the board reported as it connected was counted (it says it twice: after
        its first hello, and after the hello that answers the link's query)."""
        self._reboot_asked: float | None = None
        """When a restart was asked for (a reboot command, a firmware update): the next one
        within :data:`ASKED_WAIT` seconds is that one."""
        self._states_asked = 0
        """State lines asked for and not yet come: one nobody asked for is not believed."""
        self.listeners: list[Callable[[str, bytes], None]] = []
        """Called with ("in" or "out", line) for every line on the wire (the debug pane)."""
        self.reading_listeners: list[Callable[[list[tuple[int, int, int]]], None]] = []
        """Called with (pad, reading, delta) triples from the diagnostic stream."""
        self._readers: set[str] = set()
        self._readers_lock = threading.Lock()
        self._sink: Sink | None = None
        self._stop = threading.Event()
        self._update = threading.Event()
        self._wake = threading.Event()
        """Cuts a wait between attempts short (closing, or an update asked for)."""
        self._thread: threading.Thread | None = None
        self._commands: deque[tuple[str, list[Any]]] = deque()

    # TouchesIn

    def start(self, sink: Sink) -> None:
        self._check_open()
        self._sink = sink
        self._thread = threading.Thread(target=self._run, name="touch-link", daemon=True)
        self._thread.start()

    def stream_readings(self, on: bool) -> None:
        """The app's sensors screen wants ``PadReadings`` events (or no longer does)."""
        self.want_readings(APP, on)

    def update_firmware(self) -> None:
        """Let go of the port, flash the bundled firmware, connect again (in the link's
        thread; the app hears how it goes)."""
        self._check_open()
        self._update.set()
        self._wake.set()

    def _release(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _describe(self) -> str:
        state = "connected" if self.connected else f"not connected: {self.problem}"
        return f"for {self.profile.name}, {state}"

    # WiredTouches: for the app, calibration and the debug pane

    @property
    def connected(self) -> bool:
        return self.problem is None

    @property
    def streaming(self) -> bool:
        """Whether anyone wants the board's diagnostic stream."""
        return bool(self._readers)

    def command(self, kind: str, fields: list[Any]) -> None:
        """Send a command to the board from any thread (queued while disconnected)."""
        self._check_open()
        self._commands.append((kind, fields))

    def want_readings(self, reader: str, on: bool) -> None:
        """``reader`` (the app, the debug pane) wants the diagnostic stream, or is done with
        it; the board streams while anyone wants it, also after it reconnects or restarts."""
        self._check_open()
        with self._readers_lock:
            before = bool(self._readers)
            if on:
                self._readers.add(reader)
            else:
                self._readers.discard(reader)
            if bool(self._readers) != before:
                self.command(proto.DIAGNOSE, [1 if self._readers else 0])

    # the link's thread

    def _run(self) -> None:
        """Connect, serve, and after any failure report it and connect again: nothing that
        comes down the cable (or a bug it uncovers) may end this loop and leave the app with a
        link that says "connected" and hears nothing."""
        try:
            while not self._stop.is_set():
                if self._update.is_set():
                    self._flash()
                    continue
                wait = self.retry
                try:
                    self._session()
                except VersionError as error:
                    self._lost(str(error))
                    wait = RETRY_INCOMPATIBLE
                except LinkError as error:
                    self._lost(str(error))
                except OSError as error:  # pyserial's SerialException: the port went away
                    log.debug("serial port error", exc_info=True)
                    self._lost(f"the connection to the board was lost ({type(error).__name__})")
                except Exception as error:
                    log.exception("the touch link failed; connecting again")
                    self._lost(f"the touch link failed ({type(error).__name__}); connecting "
                               "again")
                self._wake.wait(wait)
                self._wake.clear()
        finally:
            if not self._stop.is_set():
                self._lost("the touch link stopped")

    def _traffic(self, direction: str, line: bytes) -> None:
        """Every line on the wire, to the listeners (the simulator's debug pane)."""
        for listener in self.listeners:
            listener(direction, line)

    def _session(self) -> None:
        """One connection, from opening the port until it fails (or the link is closed)."""
        path = self.locate()
        self._said_at_connection = False
        serial = self.opener(path)
        if self._stop.is_set():
            # Closed while the port was opening: write nothing. The path may already name
            # another device (a pseudo-terminal's number is given again once it is free).
            serial.close()
            return
        # What waited in the port before it was opened is old news: a Pico sends nothing
        # while no program holds its port (MicroPython drops it), a pseudo-terminal keeps it.
        getattr(serial, "reset_input_buffer", lambda: None)()
        connection = Connection(serial, traffic=self._traffic if self.listeners else None)
        try:
            try:
                self.hello = connection.handshake(board_id(self.profile), self.profile.pads,
                                                  self.profile.touch.answer_seconds)
            except NoAnswerError:
                if not revive(serial):
                    raise
                log.warning("the touch board was at MicroPython's prompt (an update cut "
                            "short?); its firmware was restarted")
                raise LinkError("the touch board was at MicroPython's prompt; its firmware "
                                "was restarted") from None
            if self.thresholds is not None or self.hello.thresholds not in (None, self.wanted):
                connection.request(proto.THRESHOLDS, list(self.wanted))
            self._states_asked = 0
            self._ask_state(connection)
            self._resume_readings(connection)
            self._connected_at = time.monotonic()
            self._back(path)
            while not self._stop.is_set() and not self._update.is_set():
                while self._commands:
                    self._send_command(connection, *self._commands.popleft())
                for message in connection.receive():
                    self._handle(connection, message)
                if connection.missed:
                    connection.missed = 0
                    self.resyncs += 1
                    self._ask_state(connection)
                if self._restarting is not None and \
                        time.monotonic() - self._restarting > REASON_WAIT:
                    self._restarted(None)
                quiet = time.monotonic() - connection.last_heard
                if quiet > self.silence:
                    raise SilenceError(f"the board went silent ({quiet:.0f} s without a "
                                       "heartbeat)")
        finally:
            try:
                connection.close()
            except OSError:  # the port is going away either way
                log.debug("closing the port failed", exc_info=True)

    def _handle(self, connection: Connection, message: Message) -> None:
        kind, _, fields = message
        if kind == proto.TOUCH:
            pad = self._pad(fields[1:])
            if pad is None or fields[0] not in (proto.DOWN, proto.UP):
                return
            if fields[0] == proto.DOWN and pad not in self.touched:
                self.touched.add(pad)
                self._emit(PadDown(pad))
            elif fields[0] == proto.UP and pad in self.touched:
                self.touched.discard(pad)
                self._emit(PadUp(pad))
            else:  # a pad touched twice, or let go untouched: a line was lost or garbled
                self.resyncs += 1  # on the way (one in 256 passes its CRC): the full state
                self._ask_state(connection)  # sets the pads right at once
        elif kind == proto.STATE:
            if not self._states_asked:  # a line garbled into a state line: not the board's
                return
            self._states_asked -= 1
            try:
                now = {pad for pad, on in enumerate(proto.unbitmap(fields[0], self.profile.pads))
                       if on}
            except (ValueError, IndexError):
                return
            for pad in sorted(self.touched - now):
                self.touched.discard(pad)
                self._emit(PadUp(pad))
            for pad in sorted(now - self.touched):
                self.touched.add(pad)
                self._emit(PadDown(pad))
        elif kind == proto.HELLO:
            self._hello_in_session(connection, message)
        elif kind == proto.LEVELS:
            levels = parse_levels(fields)
            if levels is not None and levels != self.wanted:
                self.overridden += 1
                log.warning("the board's thresholds were set to %s by another program; setting "
                            "them back to %s", levels, self.wanted)
                connection.send(proto.THRESHOLDS, list(self.wanted))
        elif kind == proto.FAULT:
            text = " ".join(fields)
            self.faults.append(text)
            if fields[:1] == [RESTART]:
                self._restart_said(fields[1] if len(fields) > 1 else "")
                return
            log.warning("the board reports: %s", text)
            self._emit(SensorsFault(text))
        elif kind == proto.READINGS and (self.reading_listeners or APP in self._readers):
            readings = [r for r in parse_readings(fields) if r[0] < self.profile.pads]
            for listener in self.reading_listeners:
                listener(readings)
            if APP in self._readers:
                self._emit(PadReadings(tuple(readings)))

    def _hello_in_session(self, connection: Connection, message: Message) -> None:
        """A hello while connected: the board restarted (a start's hello is its line 0), so
        start over from its state; or the answer to a query of ours that came late (sent
        while the board was starting), which changes nothing."""
        hello = self._check_hello(Hello.parse(message.fields))
        if message.seq != 0:
            return
        if self.thresholds is not None or hello.thresholds not in (None, self.wanted):
            connection.send(proto.THRESHOLDS, list(self.wanted))
        self._ask_state(connection)
        self._resume_readings(connection)
        if not self._asked():
            self._restarting = time.monotonic()

    def _ask_state(self, connection: Connection) -> None:
        """Ask the board for every pad's state (``S`` comes back)."""
        self._states_asked += 1
        connection.send(proto.RESYNC)

    def _check_hello(self, hello: Hello) -> Hello:
        """A hello in the middle of a session (the board restarted) must still be this board
        speaking this protocol; anything else starts the connection over, handshake and all."""
        if hello.protocol != proto.VERSION or hello.board != board_id(self.profile) or \
                hello.pads != self.profile.pads:
            raise WrongBoardError(f"the board said hello as {hello.board} ({hello.pads} pads, "
                                  f"protocol {hello.protocol}); connecting again")
        self.hello = hello
        return hello

    def _restart_said(self, reason: str) -> None:
        """The board said why it restarted (right after its hello): after a hello in the
        session, or as it connected, a restart nobody asked for is counted (a reason late for
        a restart already counted is not counted again)."""
        pending, self._restarting = self._restarting, None
        if pending is None:  # as the board connected: once, and only then
            if self._said_at_connection or \
                    time.monotonic() - self._connected_at >= REASON_WAIT:
                return
            self._said_at_connection = True
        if not self._asked() and reason != "asked":  # "asked": another program's reboot
            self._restarted(reason)

    def _asked(self) -> bool:
        """Whether a restart now is the one asked for (then no longer expected)."""
        asked, self._reboot_asked = self._reboot_asked, None
        return asked is not None and time.monotonic() - asked < ASKED_WAIT

    def _restarted(self, reason: str | None) -> None:
        """Count a restart nobody asked for, and tell the app, saying whether the board
        restarts in a loop."""
        self._restarting = None
        now = time.monotonic()
        self.restarts += 1
        self.restart_reason = restart_words(reason)
        self._restart_times.append(now)
        recent = sum(1 for at in self._restart_times if now - at <= LOOP_WINDOW)
        looping = recent >= LOOP_RESTARTS
        log.warning("the touch board restarted (%d so far, %d in the last minute): %s",
                    self.restarts, recent, self.restart_reason)
        self._emit(SensorsRestarted(self.restarts, self.restart_reason, recent, looping))

    def _send_command(self, connection: Connection, kind: str, fields: list[Any]) -> None:
        """A queued command; one the protocol cannot carry is dropped with a log line."""
        try:
            connection.send(kind, fields)
        except ValueError as error:
            log.error("command %s %s not sent: %s", kind, fields, error)
            return
        if kind == proto.REBOOT:
            self._reboot_asked = time.monotonic()

    def _flash(self) -> None:
        """Update the board's firmware with the port let go; no ``TouchesLost``, as the app
        shows the update (failures included) itself."""
        self._update.clear()
        if self.updater is None:
            self._emit(UpdateFinished("this board's firmware cannot be updated from here"))
            return
        self._let_go()
        self.problem = UPDATING
        try:
            running = self.updater(self.locate(), self._progress)
        except (KaskadeError, OSError) as error:  # FlashError, LinkError and the port's own
            log.warning("firmware update failed: %s", error)
            self._emit(UpdateFinished(str(error)))
        else:
            log.info("firmware updated: %s", running)
            self._emit(UpdateFinished(None))
        finally:
            self.problem = NOT_YET  # whatever follows is news to the app
            self._reboot_asked = time.monotonic()  # the update ended by resetting the board

    def _progress(self, share: float) -> None:
        self._emit(UpdateProgress(share))

    def _resume_readings(self, connection: Connection) -> None:
        """A board starts without its diagnostic stream: ask again if anyone wants it."""
        if self._readers:
            connection.send(proto.DIAGNOSE, [1])

    def _pad(self, fields: list[str]) -> int | None:
        if len(fields) != 1 or not fields[0].isdigit():
            return None
        pad = int(fields[0])
        return pad if pad < self.profile.pads else None

    def _emit(self, event: Any) -> None:
        if self._sink is not None:
            self._sink(event)

    def _back(self, path: str) -> None:
        log.info("touch board connected on %s", path)
        self.problem = None
        self._emit(TouchesBack())
        if self.hello is not None:
            self._emit(SensorsFirmware(self.hello.firmware, self.hello.content_hash))

    def _let_go(self) -> None:
        """Release every pad held (the board can no longer say when they are let go)."""
        for pad in sorted(self.touched):
            self._emit(PadUp(pad))
        self.touched.clear()

    def _lost(self, reason: str) -> None:
        self._let_go()
        if self.problem in (None, NOT_YET):  # news: it was connected, or never has been
            log.warning("touch board: %s", reason)
            self._emit(TouchesLost(reason))
        self.problem = reason


def restart_words(reason: str | None) -> str:
    """Why the board restarted, in words, from the reason in its ``F restart`` line."""
    if reason is None:
        return NO_REASON
    if reason.startswith("crash:"):
        return f"its firmware crashed ({reason.removeprefix('crash:')})"
    return {"watchdog": "its watchdog reset it (the firmware stopped scanning)",
            "soft": "a soft reset", "hard": "a reset (its reset pin, or a debugger)",
            "deepsleep": "it woke from deep sleep"}.get(reason, f"reset cause {reason!r}")
