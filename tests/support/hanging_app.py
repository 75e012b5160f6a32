"""``kaskade`` with the arguments given, whose board loop can be made to hang: after SIGUSR2
the loop's next step blocks for ever, as a screen caught in an endless loop or a stuck LED
driver would, while the process's other threads (the web server, the touch link) go on.

Before it blocks, the loop's thread says ``X_HANG=1`` on ``$NOTIFY_SOCKET``, so a test knows
from when on no report may arrive. What the watchdog's test starts."""

from __future__ import annotations

import os
import signal
import socket
import sys
import threading

from controller.app.driver import Driver
from controller.cli import main

hang = threading.Event()
advance = Driver.advance


def hanging_advance(self: Driver, now: float) -> float | None:
    if hang.is_set():
        name = os.environ["NOTIFY_SOCKET"]
        address = "\0" + name[1:] if name.startswith("@") else name
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
            sender.sendto(b"X_HANG=1", address)
        threading.Event().wait()
    return advance(self, now)


Driver.advance = hanging_advance  # type: ignore[method-assign]
signal.signal(signal.SIGUSR2, lambda *_: hang.set())
sys.exit(main(sys.argv[1:]))
