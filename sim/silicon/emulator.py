"""The emulated Pico as a process: node runs ``run.mjs`` (rp2040js with the project's boot ROM and
the rp2 image), its USB serial line on the process's pipes. The class reads the line on a
thread of its own, so a caller waits for what it expects with a timeout and never blocks on a
silent board.

rp2040js, an npm package, is installed in ``sim/silicon/node_modules`` from the lock file beside
this module (``npm ci --prefix sim/silicon``; ``make silicon`` does it).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from controller.errors import KaskadeError
from sim.silicon.image import Image

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "run.mjs"
PACKAGE = HERE / "node_modules" / "rp2040js"
LINE_EVENT = "silicon: line "


class SiliconError(KaskadeError, RuntimeError):
    """The emulated Pico cannot run (no node, rp2040js not installed), stopped on a fault, or did
    not answer in time."""


def node() -> str:
    """The path of node, once node and rp2040js are both here."""
    found = shutil.which("node")
    if found is None:
        raise SiliconError("the emulated Pico runs under Node.js, which is not installed (on "
                           "Debian: sudo apt install nodejs npm)")
    if not PACKAGE.is_dir():
        raise SiliconError(f"rp2040js is not installed: npm ci --prefix {HERE} (make silicon "
                           "does it)")
    return found


def rom_lookup(bootrom: Path, codes: list[str]) -> dict[str, int]:
    """Call the ROM's table lookup on the emulated core for each ``func:XY`` / ``data:XY`` and
    return the addresses it answers (0 for a code the ROM does not have)."""
    done = subprocess.run([node(), str(RUNNER), "--bootrom", str(bootrom), "--lookup",
                           ",".join(codes)], capture_output=True, text=True, timeout=60,
                          check=False)
    if done.returncode != 0:
        raise SiliconError(f"the ROM lookup failed:\n{done.stdout}{done.stderr}")
    answers: dict[str, int] = json.loads(done.stdout)
    return answers


@dataclass(frozen=True)
class Line:
    """A line the Pico sent, and the simulated time (ns since reset) its last byte left."""

    nanos: int
    text: str


def line_of(event: str) -> Line | None:
    """The line in a ``silicon: line NANOS TEXT`` event."""
    if not event.startswith(LINE_EVENT):
        return None
    nanos, _, text = event[len(LINE_EVENT):].partition(" ")
    return Line(int(nanos), text)


class Pico:
    """An emulated Pico running ``image``; ``flash`` keeps its flash between runs, ``pull_ups``
    names the GPIOs the board pulls up (an I2C bus's SDA and SCL). ``board`` (the firmware's
    config, as ``board.json`` has it) wires the board's touch chips to it (``devices.mjs``):
    then :meth:`touch` and its siblings act on them in simulated time, and every line the Pico
    sends is also kept with its simulated time (:meth:`wait_line`). What the board sends is
    kept for :meth:`read_until`, or handed to ``on_serial`` as it comes; ``on_event`` hears
    each line the emulator reports as it comes (on the thread that reads them)."""

    def __init__(self, image: Image, flash: Path | None = None, fast: bool = True,
                 on_serial: Callable[[bytes], None] | None = None,
                 pull_ups: Iterable[int] = (), board: dict[str, Any] | None = None,
                 seed: int = 1, on_event: Callable[[str], None] | None = None) -> None:
        self._on_serial = on_serial
        self._on_event = on_event
        command = [node(), str(RUNNER), "--bootrom", str(image.bootrom_bin),
                   "--firmware", str(image.firmware_bin)]
        if flash is not None:
            command += ["--flash", str(flash)]
        pins = [str(pin) for pin in pull_ups]
        if pins:
            command += ["--pull-up", ",".join(pins)]
        if fast:
            command.append("--fast")
        self._board_file: Path | None = None
        self._control: int | None = None
        passed: tuple[int, ...] = ()
        if board is not None:
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
                json.dump(board, file)
            self._board_file = Path(file.name)
            commands, self._control = os.pipe()
            passed = (commands,)
            command += ["--board", str(self._board_file), "--seed", str(seed),
                        "--control", str(commands), "--stamp-lines"]
        self._process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, pass_fds=passed)
        for fd in passed:
            os.close(fd)
        self._output = bytearray()
        self.last_sent = time.monotonic()
        """When (on this host's clock) the Pico's serial line last carried something."""
        self._events: list[str] = []
        self._changed = threading.Condition()
        self._readers = [
            threading.Thread(target=self._read_serial, daemon=True),
            threading.Thread(target=self._read_events, daemon=True),
        ]
        for thread in self._readers:
            thread.start()

    def _read_serial(self) -> None:
        stream = self._process.stdout
        assert stream is not None
        while chunk := os.read(stream.fileno(), 4096):
            self.last_sent = time.monotonic()
            if self._on_serial is not None:
                self._on_serial(chunk)
                continue
            with self._changed:
                self._output += chunk
                self._changed.notify_all()
        self._process.wait()  # the waits see it stopped: no later notice would tell them
        with self._changed:
            self._changed.notify_all()

    def _read_events(self) -> None:
        stream = self._process.stderr
        assert stream is not None
        for raw in stream:
            event = raw.decode(errors="replace").rstrip("\n")
            if self._on_event is not None:
                self._on_event(event)
            with self._changed:
                self._events.append(event)
                self._changed.notify_all()

    def command(self, **fields: object) -> None:
        """A command to the board's chips (see ``run.mjs``'s ``control``)."""
        if self._control is None:
            raise SiliconError("this Pico has no board wired to it (give board=)")
        try:
            os.write(self._control, json.dumps(fields).encode() + b"\n")
        except BrokenPipeError as error:
            raise SiliconError(f"the emulated Pico has stopped: {self._last_events()}") from error

    def touch(self, pad: int, touched: bool = True, after_ms: float = 0) -> None:
        """A finger on ``pad`` (off it: ``touched=False``), ``after_ms`` of simulated time from
        now; the emulator reports ``pad N down|up NANOS`` when it lands."""
        self.command(pad=pad, touched=touched, after_ms=after_ms)

    def wait_event(self, text: str, timeout: float, start: int = 0) -> str:
        """The first reported line, from the ``start``-th on, containing ``text``; raise if none
        comes in time."""
        return self._events[self.wait_event_index(text, timeout, start)]

    def wait_event_index(self, text: str, timeout: float, start: int = 0) -> int:
        """The index of the first reported line from the ``start``-th on containing ``text``."""
        def found() -> int | None:
            for index in range(start, len(self._events)):
                if text in self._events[index]:
                    return index
            return None

        with self._changed:
            self._changed.wait_for(lambda: found() is not None or self._process.poll() is not None,
                                   timeout)
            index = found()
        if index is None:
            raise SiliconError(f"the emulated Pico did not report {text!r} within {timeout:g} s "
                               f"({self._last_events()})")
        return index

    def simulated_seconds(self) -> float:
        """The simulated time when the Pico's last line left (0 before its first): a clock
        that a busy host does not stretch."""
        with self._changed:
            for event in reversed(self._events):
                line = line_of(event)
                if line is not None:
                    return line.nanos / 1e9
        return 0.0

    def event_count(self) -> int:
        with self._changed:
            return len(self._events)

    def wait_line(self, predicate: Callable[[str], bool], timeout: float,
                  start: int = 0) -> tuple[int, Line]:
        """The first line the Pico sent, among the events from the ``start``-th on, for which
        ``predicate(text)`` holds, and the index of its event."""
        def match(event: str) -> bool:
            line = line_of(event)
            return line is not None and predicate(line.text)

        with self._changed:
            self._changed.wait_for(
                lambda: any(match(e) for e in self._events[start:])
                or self._process.poll() is not None, timeout)
            for index in range(start, len(self._events)):
                line = line_of(self._events[index])
                if line is not None and predicate(line.text):
                    return index, line
        raise SiliconError(f"the emulated Pico sent no such line within {timeout:g} s "
                           f"({self._last_events()})")

    @property
    def running(self) -> bool:
        return self._process.poll() is None

    @property
    def events(self) -> list[str]:
        """The lines the emulator reported so far (``silicon: usb: CDC connected`` …)."""
        with self._changed:
            return list(self._events)

    def send(self, data: bytes) -> None:
        """Bytes down the USB serial line, as a host writes them."""
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(data)
            stdin.flush()
        except BrokenPipeError as error:
            raise SiliconError(f"the emulated Pico has stopped: {self._last_events()}") from error

    def read_until(self, expected: bytes, timeout: float) -> bytes:
        """Everything the board sent up to and including ``expected``, consumed; raise if it
        does not come within ``timeout`` seconds or the board stops."""
        with self._changed:
            self._changed.wait_for(
                lambda: expected in self._output or self._process.poll() is not None, timeout)
            at = self._output.find(expected)
            if at >= 0:
                end = at + len(expected)
                taken = bytes(self._output[:end])
                del self._output[:end]
                return taken
            last_output = bytes(self._output[-200:])
        stopped = self._process.poll() is not None
        if stopped:
            self._readers[1].join(5)  # its last words on stderr
        raise SiliconError(
            f"the emulated Pico did not send {expected!r} within {timeout:g} s "
            f"({'it stopped' if stopped else 'it still runs'}; its last output {last_output!r}; "
            f"{self._last_events()})")

    def _last_events(self) -> str:
        with self._changed:
            events = self._events[-5:]
        return "its last words: " + " | ".join(events) if events else "it said nothing"

    def close(self, timeout: float = 30) -> int:
        """Close the line (the emulator then stops) and return its exit status."""
        if self._process.stdin is not None and not self._process.stdin.closed:
            with contextlib.suppress(BrokenPipeError):
                self._process.stdin.close()
        if self._control is not None:  # node waits for its read of the commands to end
            os.close(self._control)
            self._control = None
        try:
            code = self._process.wait(timeout)
        except subprocess.TimeoutExpired:
            self._process.kill()
            code = self._process.wait()
        for reader in self._readers:
            reader.join(timeout)
        if self._board_file is not None:
            self._board_file.unlink(missing_ok=True)
            self._board_file = None
        return code

    def __enter__(self) -> Pico:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
