"""The emulated Pico's USB serial line on a pseudo-terminal: a serial program (pyserial, mpremote,
``kaskade firmware flash --port``, the touch link) opens :attr:`PseudoTerminal.path` as it would a
Pico's ``/dev/ttyACM0``. A thread of its own carries what the program writes down to the Pico;
what the Pico sends is written to the terminal as it comes.

A Pico that resets (its watchdog, ``machine.reset()``, the firmware's restart) leaves the USB
bus and comes back once it has booted: the pseudo-terminal goes away with it (a program holding
it reads nothing more, and its writes go nowhere) and a new one takes its place when the Pico's
serial line is up again — under a new name if a program still holds the old one open, as a
Pico's ``/dev/ttyACM0`` comes back as ``/dev/ttyACM1``. The ``link``, like a udev rule's
symbolic link, is removed while the Pico is away and then points at the new terminal. A soft
reset (Ctrl-D at the prompt) keeps the line, as on a Pico.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import termios
import threading
import time
import tty
from array import array
from pathlib import Path
from types import TracebackType
from typing import Any

from sim.silicon.emulator import Pico, SiliconError
from sim.silicon.image import Image

RESET_EVENT = "silicon: reset: "
QUIET = 0.1
DRAIN = 2.0
"""Seconds of quiet on the Pico's serial line taken to mean its last bytes before a reset are
through, and the longest wait for them."""
AWAY = "/dev/null/emulated-pico-off-the-bus"
"""The port while the Pico is away: no such file, so a program looking for the board is told
there is none."""
CONNECTED_EVENT = "silicon: usb: CDC connected"


class PseudoTerminal:
    """``Pico(image, **options)`` with its serial line on a new pseudo-terminal; ``link``, if
    given, also names it by a symbolic link (removed on :meth:`close`)."""

    def __init__(self, image: Image, link: Path | None = None, **options: Any) -> None:
        self.link = link
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._master: int | None = None
        self._slave: int | None = None
        self.path = ""
        self.arrivals = 0
        """How many times the Pico's serial line has come up (1 until it first resets)."""
        self._arrive()
        try:
            self.pico = Pico(image, on_serial=self._to_host, on_event=self._event, **options)
        except BaseException:
            self._leave()
            raise
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._to_pico, daemon=True)
        self._thread.start()

    @property
    def port(self) -> str:
        """The name a serial program opens: the link if there is one, else the terminal —
        while the Pico is off the bus, a name that is no device (its terminal's number may
        already be another program's)."""
        if self.link is not None:
            return str(self.link)
        return self.path or AWAY

    def _arrive(self) -> None:
        """A new terminal for the Pico's line, the link pointing at it."""
        master, slave = os.openpty()
        tty.setraw(slave)
        with self._changed:
            self._master, self._slave = master, slave
            self.path = os.ttyname(slave)
            if self.link is not None:
                with contextlib.suppress(FileNotFoundError):
                    self.link.unlink()
                self.link.symlink_to(self.path)
            self.arrivals += 1
            self._changed.notify_all()

    def _leave(self) -> None:
        """The Pico left the bus: its terminal and the link go."""
        with self._changed:
            for fd in (self._master, self._slave):
                if fd is not None:
                    with contextlib.suppress(OSError):
                        os.close(fd)
            self._master = self._slave = None
            self.path = ""
            if self.link is not None:
                with contextlib.suppress(FileNotFoundError):
                    self.link.unlink()
            self._changed.notify_all()

    def _event(self, event: str) -> None:
        """From the Pico's report: a reset takes the line away, the new chip's serial line
        brings it back."""
        if event.startswith(RESET_EVENT):
            self._drained()
            self._leave()
        elif event == CONNECTED_EVENT and self._master is None and not self._closing.is_set():
            self._arrive()

    def _drained(self) -> None:
        """Until the bytes the Pico sent before it reset have reached the terminal (they come
        on another pipe than the news of the reset, and its serial line is quiet by now) and
        the program holding it has read them (a closed terminal's unread bytes are lost; a
        busy computer's program may take a while): at most ``DRAIN`` seconds."""
        pico = getattr(self, "pico", None)
        deadline = time.monotonic() + DRAIN
        while pico is not None and time.monotonic() < deadline and \
                (time.monotonic() - pico.last_sent < QUIET or self._unread()):
            time.sleep(QUIET / 4)

    def _unread(self) -> int:
        """The bytes waiting in the terminal for the program that holds it."""
        waiting = array("i", [0])
        with self._lock:
            if self._slave is None:
                return 0
            try:
                fcntl.ioctl(self._slave, termios.FIONREAD, waiting)
            except OSError:
                return 0
        return waiting[0]

    def wait_arrival(self, count: int, timeout: float) -> str:
        """Until the Pico's line has come up ``count`` times (the first is the start); its
        terminal then. SiliconError if it does not in ``timeout`` seconds."""
        with self._changed:
            if not self._changed.wait_for(lambda: self.arrivals >= count, timeout):
                raise SiliconError(f"the emulated Pico's serial line did not come back within "
                                   f"{timeout:g} s")
            return self.path

    def _to_host(self, data: bytes) -> None:
        with self._lock:
            if self._master is None:  # off the bus: nobody hears it
                return
            with contextlib.suppress(OSError):
                os.write(self._master, data)

    def _to_pico(self) -> None:
        while not self._closing.is_set() and self.pico.running:
            with self._changed:
                master = self._master
                if master is None:
                    self._changed.wait(0.2)
                    continue
            try:
                ready, _, _ = select.select([master], [], [], 0.2)
                data = os.read(master, 4096) if ready else b""
            except (OSError, ValueError):  # the terminal went away meanwhile
                continue
            if data:
                with contextlib.suppress(SiliconError):  # it stopped: the loop ends
                    self.pico.send(data)

    def wait(self, timeout: float | None = None) -> None:
        """Until the Pico stops (or ``timeout`` seconds pass)."""
        self._thread.join(timeout)

    def close(self) -> int:
        """Stop the Pico and remove the terminal; the emulator's exit status."""
        self._closing.set()
        self._thread.join(5)
        code = self.pico.close()
        self._leave()
        return code

    def __enter__(self) -> PseudoTerminal:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
