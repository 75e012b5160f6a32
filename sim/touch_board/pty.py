"""The simulated microcontroller's USB serial line as a pseudo-terminal.

The firmware reads and writes the master end; the host side is an ordinary serial device
(``/dev/pts/N``) that pyserial opens like ``/dev/ttyACM0`` — so the app reaches the simulated
board through the real touch link, and ``kaskade play --port`` works against it. A stable
name (a symbolic link, as the udev rule gives a real board) follows the device across
``unplug``/``plug``, which close the pseudo-terminal and open a new one, as a cable would.
"""

from __future__ import annotations

import contextlib
import os
import tty
from collections.abc import Callable
from pathlib import Path
from typing import Any


class PtyLine:
    """A pseudo-terminal for the firmware; ``path`` is the host's end."""

    def __init__(self, link: Path | None = None,
                 reset: Callable[[], None] | None = None) -> None:
        self.link = link
        self.reset_hook = reset
        self.master = -1
        self.slave = -1
        self.path = ""
        self.drop_lines = 0
        """Lines from the board still to be lost on the way (line noise, for tests)."""
        self.plug()

    @property
    def plugged(self) -> bool:
        return self.master >= 0

    def plug(self) -> None:
        """Connect: a new pseudo-terminal (and the link pointing at it)."""
        if self.plugged:
            return
        master, slave = os.openpty()
        tty.setraw(slave)
        os.set_blocking(master, False)
        self.master, self.slave = master, slave
        self.path = os.ttyname(slave)
        if self.link is not None:
            temporary = self.link.with_name(self.link.name + ".new")
            with contextlib.suppress(FileNotFoundError):
                temporary.unlink()
            temporary.symlink_to(self.path)
            temporary.replace(self.link)

    def unplug(self) -> None:
        """Disconnect: the host's open port fails, as when a USB cable is pulled."""
        if not self.plugged:
            return
        if self.link is not None:
            with contextlib.suppress(FileNotFoundError):
                self.link.unlink()
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)
        self.master = self.slave = -1

    def close(self) -> None:
        self.unplug()

    # the firmware's end

    def read(self) -> bytes | None:
        if not self.plugged:
            return None
        try:
            return os.read(self.master, 4096) or None
        except (BlockingIOError, OSError):
            return None

    def write(self, buf: Any, length: int) -> None:
        if self.drop_lines > 0:
            self.drop_lines -= 1
            return
        self.inject(bytes(buf[:length]))

    def inject(self, data: bytes) -> None:
        """Send ``data`` to the host as if the board had (garbage, for tests)."""
        if not self.plugged:
            return
        # Nobody reading: the output is dropped, as USB serial drops it without a host.
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(self.master, data)

    def reset(self) -> None:
        if self.reset_hook is not None:
            self.reset_hook()
