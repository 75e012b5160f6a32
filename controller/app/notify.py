"""Telling systemd how the board app is doing, by its notify protocol (``sd_notify(3)``): ready
once the loop runs, alive while the loop turns (the unit's ``WatchdogSec=``), what the board
shows (``STATUS=``), and stopping.

Each report is one datagram to the AF_UNIX socket ``$NOTIFY_SOCKET`` names: a path, or an
abstract socket written with a leading ``@``. Without ``$NOTIFY_SOCKET`` (not started by
systemd, or by a unit of another ``Type=``) every call does nothing. The standard library is
enough for these few lines of protocol, so a Pi needs no binding to libsystemd.

The loop itself reports (``controller.app.loop``), never a thread of its own: a thread would
go on saying "alive" while the loop hangs, and systemd could not restart it.
"""

from __future__ import annotations

import logging
import os
import re
import socket
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)

STATUS_PERIOD = 5.0
"""Seconds between reports of what the board shows when there is no watchdog to feed."""
PINGS_PER_INTERVAL = 4
"""Reports per watchdog interval: a step of the loop may take three quarters of the interval
before systemd counts the app as hung."""
MAX_STATUS = 200
"""Longest status text sent (``systemctl status`` shows one line)."""
_UNSAFE = re.compile(r"[\x00-\x1f\x7f]+")


class Notifier:
    """The reports of one process to systemd, as its environment sets them up (``environ``:
    ``NOTIFY_SOCKET``, ``WATCHDOG_USEC`` and ``WATCHDOG_PID``)."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        environ = os.environ if environ is None else environ
        self.address = _address(environ.get("NOTIFY_SOCKET", ""))
        """Where reports go (``None``: nowhere)."""
        self.interval = _watchdog(environ) if self.address is not None else None
        """The watchdog's interval in seconds (``None``: no watchdog for this process)."""
        self.period = self.interval / PINGS_PER_INTERVAL if self.interval else STATUS_PERIOD
        """Seconds between reports while the loop runs."""
        self._next = float("-inf")
        self._status: str | None = None
        self._failed = False

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def ready(self) -> None:
        """The loop runs: ``systemctl start`` returns, and the watchdog starts counting."""
        self._send("READY=1")

    def report(self, now: float, status: Callable[[], str]) -> None:
        """Alive (when the watchdog wants it) and what the board shows (when it changed), at
        most once per ``period``; ``status`` is asked only then."""
        if not self.enabled or now < self._next:
            return
        self._next = now + self.period
        lines = ["WATCHDOG=1"] if self.interval else []
        text: str | None
        try:
            text = _one_line(status())
        except Exception:  # a screen that cannot describe itself: the loop still runs
            log.exception("the board's status could not be described")
            text = self._status
        if text is not None and text != self._status:
            self._status = text
            lines.append(f"STATUS={text}")
        if lines:
            self._send("\n".join(lines))

    def due(self, now: float) -> float | None:
        """Seconds until the next report is due (0 when it is), ``None`` without reports."""
        if not self.enabled:
            return None
        return max(0.0, self._next - now)

    def stopping(self) -> None:
        """The app is shutting down on purpose (not hanging)."""
        self._send("STOPPING=1\nSTATUS=stopping")

    def _send(self, message: str) -> None:
        if self.address is None:
            return
        try:  # a socket per report (seconds apart): nothing held open between them
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
                sender.sendto(message.encode(), self.address)
        except OSError as error:  # systemd gone or restarting: the app goes on regardless
            if not self._failed:
                log.warning("cannot report to systemd at %s: %s", self.address, error)
            self._failed = True
        else:
            self._failed = False


def _address(name: str) -> str | bytes | None:
    """The socket ``$NOTIFY_SOCKET`` names: a path, or (``@name``) an abstract one."""
    if name.startswith("@") and len(name) > 1:
        return b"\0" + name[1:].encode()
    if name.startswith("/"):
        return name
    if name:
        log.warning("NOTIFY_SOCKET=%s is neither a path nor an abstract socket (@name); no "
                    "reports to systemd", name)
    return None


def _watchdog(environ: Mapping[str, str]) -> float | None:
    """The watchdog's interval, when it is meant for this process."""
    usec = environ.get("WATCHDOG_USEC", "")
    pid = environ.get("WATCHDOG_PID", "")
    if not usec.isdigit() or int(usec) == 0:
        return None
    if pid and (not pid.isdigit() or int(pid) != os.getpid()):
        return None  # a watchdog for the process that started this one
    return int(usec) / 1_000_000


def _one_line(text: str) -> str:
    """``text`` as one line: a newline in a status would start another assignment (a player's
    name taken from a record must not set ``MAINPID=`` or ``READY=``)."""
    return _UNSAFE.sub(" ", text).strip()[:MAX_STATUS]
