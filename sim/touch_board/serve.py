"""A simulated touch board, running: the microcontroller with the real firmware, scanning in
real time on a thread, its USB serial line a pseudo-terminal with a stable name."""

from __future__ import annotations

import itertools
import os
import tempfile
import threading
from pathlib import Path

from controller.profile.firmware import board_id
from controller.profile.model import Profile
from sim.touch_board.device import SimulatedMicrocontroller
from sim.touch_board.pty import PtyLine

_DEVICES = itertools.count(1)
"""Numbers the simulated boards a process starts, so no two share a name."""


def default_link(profile: Profile) -> Path:
    """Where the running simulated board's serial device is named: in the user's runtime
    directory, like the ``/dev/kaskade-board`` a udev rule gives a real one. Each board a
    process starts gets a name of its own: a touch link still looking for an earlier board
    must never find a later one under that board's name."""
    base = Path(os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()) / "kaskade"
    base.mkdir(mode=0o700, parents=True, exist_ok=True)
    return base / f"{board_id(profile)}-{os.getpid()}-{next(_DEVICES)}"


class RunningDevice:
    """The simulated microcontroller of ``profile``, reachable at ``link``."""

    def __init__(self, profile: Profile, link: Path | None = None, seed: int = 0) -> None:
        self.link = link or default_link(profile)
        self.line = PtyLine(self.link)
        self.device = SimulatedMicrocontroller(profile, self.line, seed,
                                               note=f"{self.link}.restart")
        self.line.reset_hook = self.device.machine.reset
        self.pads = self.device.pads
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Power on: boot the firmware and scan on a thread of its own."""
        self.device.boot()
        self._run()

    def _run(self) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self.device.serve, args=(self._stop,),
                                        name="simulated-board", daemon=True)
        self._thread.start()

    def hang(self) -> None:
        """Stop the firmware dead, as a crash would: no scans, no heartbeats."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def power_cycle(self) -> None:
        """Power off and on again: the firmware restarts from the beginning."""
        self.hang()
        self.start()

    def close(self) -> None:
        self.hang()
        self.line.close()
        Path(f"{self.link}.restart").unlink(missing_ok=True)
