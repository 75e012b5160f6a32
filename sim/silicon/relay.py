"""The emulated Pico's USB serial line on a pseudo-terminal: a serial program (pyserial, mpremote,
``kaskade firmware flash --port``, the touch link) opens :attr:`PseudoTerminal.path` as it would a
Pico's ``/dev/ttyACM0``. A thread of its own carries what the program writes down to the Pico;
what the Pico sends is written to the terminal as it comes."""

from __future__ import annotations

import contextlib
import os
import select
import threading
import tty
from pathlib import Path
from types import TracebackType
from typing import Any

from sim.silicon.emulator import Pico, SiliconError
from sim.silicon.image import Image


class PseudoTerminal:
    """``Pico(image, **options)`` with its serial line on a new pseudo-terminal; ``link``, if
    given, also names it by a symbolic link (removed on :meth:`close`)."""

    def __init__(self, image: Image, link: Path | None = None, **options: Any) -> None:
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.path = os.ttyname(self._slave)
        self.link = link
        if link is not None:
            with contextlib.suppress(FileNotFoundError):
                link.unlink()
            link.symlink_to(self.path)
        try:
            self.pico = Pico(image, on_serial=self._to_host, **options)
        except BaseException:
            self._close_terminal()
            raise
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._to_pico, daemon=True)
        self._thread.start()

    @property
    def port(self) -> str:
        """The name a serial program opens: the link if there is one, else the terminal."""
        return str(self.link) if self.link is not None else self.path

    def _to_host(self, data: bytes) -> None:
        with contextlib.suppress(OSError):
            os.write(self._master, data)

    def _to_pico(self) -> None:
        while not self._closing.is_set() and self.pico.running:
            ready, _, _ = select.select([self._master], [], [], 0.2)
            if not ready:
                continue
            try:
                data = os.read(self._master, 4096)
            except OSError:
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
        self._close_terminal()
        return code

    def _close_terminal(self) -> None:
        for fd in (self._master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)
        if self.link is not None:
            with contextlib.suppress(FileNotFoundError):
                self.link.unlink()

    def __enter__(self) -> PseudoTerminal:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
