"""The touch board of ``kaskade sim --silicon``: the emulated Pico running MicroPython's rp2 port
and the real touch firmware, with the board's touch chips wired to it, its USB serial line on a
pseudo-terminal that the app's touch link opens as it would a Pico's ``/dev/ttyACM0``. A finger
in the simulator's window is a finger on an emulated pad, in the Pico's simulated time.

The Pico's flash is kept in the image's cache folder, one file a board, so the firmware is
installed once (with ``kaskade firmware flash``'s own code) and later runs start it at once;
when another simulator holds that file, this one takes a fresh flash in a temporary folder.
"""

from __future__ import annotations

import contextlib
import fcntl
import tempfile
import time
from pathlib import Path
from typing import IO, TextIO

from controller.devices.firmware import bundled
from controller.profile.firmware import board_id, firmware_config
from controller.profile.model import Profile
from hw.flash.update import flash_bundled
from sim.silicon import image as images
from sim.silicon.emulator import SiliconError
from sim.silicon.relay import PseudoTerminal

WAIT = 300.0
"""Seconds of wall clock for the Pico to boot, answer or take its firmware: the emulated chip
is several times slower than a Pico while busy, slower still on a busy machine."""
SILENCE = 30.0
"""Seconds without a line before the touch link takes the emulated board for gone: its
heartbeat comes every second of simulated time, which a busy chip stretches."""
LIFT = 10.0
"""Seconds a finger stays on a pad, at most, for the firmware to report it."""
PROBE = b"print('at the' + ' prompt')\r\n"
"""Typed at a fresh Pico's REPL, which answers ``at the prompt``; the firmware drops it as a
line it cannot read (whole: the newline ends it, so the link's first line is read)."""
ANSWER = "at the prompt"


class SiliconTouchBoard:
    """The emulated Pico of ``profile`` with its touch chips, the touch firmware installed and
    started; ``out`` hears what it is doing while it starts (an install takes half a minute)."""

    def __init__(self, profile: Profile, out: TextIO | None = None) -> None:
        image = images.cached()
        if image is None:
            raise SiliconError("the emulated Pico's MicroPython image is not built yet: run "
                               "make silicon-image (or python -m sim.silicon.image; a few "
                               "minutes, once)")
        self.profile = profile
        self._scratch: tempfile.TemporaryDirectory[str] | None = None
        self._lock: IO[str] | None = None
        self._pending: dict[tuple[int, str], int] = {}
        """The fingers' moves not yet reported on the line: the event count when each was made."""
        self.terminal: PseudoTerminal | None = None
        try:
            self.flash = self._flash_file(image)
            self.terminal = PseudoTerminal(image, flash=self.flash, fast=False,
                                           board=firmware_config(profile))
            self.pico = self.terminal.pico
            self.firmware = self._start(out)
        except BaseException:
            self.close()
            raise

    @property
    def port(self) -> str:
        """The pseudo-terminal the touch link opens."""
        assert self.terminal is not None
        return self.terminal.port

    def _flash_file(self, image: images.Image) -> Path:
        """The kept flash of this board, held for this run; a fresh one if another run holds
        it."""
        kept = image.folder / "flash" / f"{board_id(self.profile)}.bin"
        kept.parent.mkdir(exist_ok=True)
        lock = open(kept.with_suffix(".lock"), "w")  # noqa: SIM115  (held until close)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.close()
            self._scratch = tempfile.TemporaryDirectory(prefix="kaskade-pico-")
            return Path(self._scratch.name) / "flash.bin"
        self._lock = lock
        return kept

    def _start(self, out: TextIO | None) -> str:
        """Bring the Pico to the bundled firmware, running and past its first scans (a pad's
        first reading is its baseline: a finger must come later); what it runs, in words."""
        pico = self.pico
        pico.wait_event("usb: CDC connected", WAIT)
        pico.send(PROBE)
        at, line = pico.wait_line(lambda text: text == ANSWER or text.startswith("H "), WAIT)
        fields = line.text.split()
        if line.text.startswith("H ") and len(fields) > 4 and \
                fields[4] in bundled().hashes:
            running = f"{fields[3]} ({fields[4]})"
        else:
            if out is not None:
                print("kaskade: installing the touch firmware on the emulated Pico (kaskade "
                      "firmware flash; once, about half a minute) ...", file=out, flush=True)
            report = flash_bundled(self.port, self.profile, hello_seconds=WAIT,
                                   answer_seconds=WAIT)
            running = f"{report.hello.firmware} ({report.hello.content_hash})"
            at = pico.event_count()  # past the new firmware's hello
        pico.wait_line(lambda text: text.startswith("B "), WAIT, at)
        return running

    def down(self, pad: int) -> None:
        """A finger on ``pad``, now."""
        self._move(pad, "D")

    def up(self, pad: int) -> None:
        """The finger off ``pad`` — once the firmware has reported it on (or :data:`LIFT`
        seconds passed: a window must not hang on a board that stopped): the emulated chip's
        time may run slower than the wall clock, and a finger lifted before the firmware's
        confirming scans would never have touched."""
        with contextlib.suppress(SiliconError):
            self._reported(pad, "D", LIFT)
        self._move(pad, "U")

    def clock(self) -> float:
        """The wall's clock: :meth:`up` itself waits for the firmware to have seen the finger,
        so a front end's tap needs no clock of the chip's."""
        return time.monotonic()

    def _move(self, pad: int, way: str) -> None:
        self._pending[pad, way] = self.pico.event_count()
        self.pico.touch(pad, way == "D")

    def _reported(self, pad: int, way: str, timeout: float = WAIT) -> None:
        """Until the firmware has sent the touch line of the finger's last such move on
        ``pad`` (at once if there is none pending)."""
        start = self._pending.pop((pad, way), None)
        if start is None:
            return
        try:
            self.pico.wait_line(lambda text: text.startswith("T ") and
                                text.split()[2:4] == [way, str(pad)], timeout, start)
        except SiliconError as error:
            raise SiliconError(f"the touch firmware on the emulated Pico did not report the "
                               f"finger {'on' if way == 'D' else 'off'} pad {pad}: {error}") \
                from None

    def settle(self, timeout: float = WAIT) -> None:
        """Until the firmware has sent the touch line of every finger's move so far (a script's
        next step then finds the board as the fingers left it); raise if one does not come."""
        for pad, way in list(self._pending):
            self._reported(pad, way, timeout)

    def close(self) -> None:
        """Stop the Pico (its flash kept) and let the next run have the flash."""
        if self.terminal is not None:
            self.terminal.close()
            self.terminal = None
        if self._lock is not None:
            self._lock.close()
            self._lock = None
        if self._scratch is not None:
            self._scratch.cleanup()
            self._scratch = None

