"""The MicroPython board emulator: the real interpreter (``sim/micropython/device.mjs`` under
node) with a flash file system in a host folder, behind a pseudo-terminal, so the Pi's tools
(``kaskade firmware``, mpremote, the touch link) reach it as they reach a board on USB.

It boots like a board: the boot stage in ``main.py`` starts the active firmware set, which
reports over the wire protocol (its pads stay untouched). Tests and people can pull the cable
(``unplug``/``plug``) or cut the power (``power_off``/``power_on``), also at a chosen byte of
what the board receives (``cut_at``), to prove that no interruption leaves a board that cannot
boot.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from sim.micropython.interpreter import HERE, environment, node
from sim.touch_board.pty import PtyLine

DEVICE = HERE / "device.mjs"
EMULATOR = HERE / "emulator"


class MicroPythonBoard:
    """An emulated MicroPython board keeping its flash in ``flash``; the host's end of its
    serial line is ``self.line.path`` (and ``link``, a stable name, if given)."""

    def __init__(self, flash: Path, link: Path | None = None) -> None:
        self.node = node()
        self.flash = flash
        self.line = PtyLine(link)
        self.received = 0
        """Bytes the board has received from the host since it was switched on."""
        self._cut: tuple[int, str] | None = None
        self.cut_done = threading.Event()
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._pump = threading.Thread(target=self._to_board, name="board-in", daemon=True)
        self._pump.start()

    @property
    def on(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def power_on(self) -> None:
        """Switch on: the interpreter boots from the flash (and its USB port appears)."""
        with self._lock:
            if self.on:
                return
            self.line.plug()
            self.received = 0
            self._process = subprocess.Popen(
                [self.node, str(DEVICE), str(self.flash), str(EMULATOR)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment())
            threading.Thread(target=self._from_board, args=(self._process,), name="board-out",
                             daemon=True).start()

    def power_off(self) -> None:
        """Cut the power: whatever was written to the flash stays, nothing else; the USB port
        goes away."""
        with self._lock:
            process, self._process = self._process, None
        if process is not None:
            process.kill()
            process.wait()
        self.line.unplug()

    def power_cycle(self) -> None:
        self.power_off()
        self.power_on()

    def unplug(self) -> None:
        """Pull the cable: the host's port fails; the board runs on."""
        self.line.unplug()

    def plug(self) -> None:
        self.line.plug()

    def cut_at(self, byte: int, kind: str = "power") -> None:
        """Cut the power (``power``) or pull the cable (``cable``) when the board has received
        ``byte`` bytes from the host since it was switched on."""
        if kind not in ("power", "cable"):
            raise ValueError(f"no cut {kind!r}")
        self.cut_done.clear()
        self._cut = (byte, kind)

    def close(self) -> None:
        self._stop.set()
        self.power_off()
        self.line.close()
        self._pump.join(timeout=5)

    # the pumps between the pseudo-terminal and the interpreter

    def _to_board(self) -> None:
        while not self._stop.is_set():
            data = self.line.read()
            process = self._process
            if not data or process is None or process.stdin is None:
                time.sleep(0.002)
                continue
            if self._cut is not None and self.received + len(data) >= self._cut[0]:
                byte, kind = self._cut
                data = data[: max(0, byte - self.received)]
                self._cut = None
                self._send(process, data)
                if kind == "power":
                    self.power_off()
                else:
                    self.unplug()
                self.cut_done.set()
                continue
            self._send(process, data)

    def _send(self, process: subprocess.Popen[bytes], data: bytes) -> None:
        self.received += len(data)
        if not data or process.stdin is None:
            return
        try:
            process.stdin.write(data)
            process.stdin.flush()
        except (BrokenPipeError, ValueError):  # switched off meanwhile
            pass

    def _from_board(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdout is not None
        while True:
            data = os.read(process.stdout.fileno(), 4096)
            if not data:
                return
            if process is self._process:
                self.line.inject(data)


CONSOLE_HELP = """\
commands: off (cut the power), on, cycle (off and on), unplug, plug (the cable), help, quit"""


def serve(board: MicroPythonBoard, commands: Iterable[str], out: TextIO) -> None:
    """Run ``board`` until ``quit`` or the end of ``commands``, one command per line."""
    board.power_on()
    link = f" (also {board.line.link})" if board.line.link else ""
    print(f"MicroPython board on {board.line.path}{link}, flash in {board.flash}", file=out,
          flush=True)
    actions = {"off": board.power_off, "on": board.power_on, "cycle": board.power_cycle,
               "unplug": board.unplug, "plug": board.plug}
    try:
        for line in commands:
            command = line.strip().lower()
            if command == "quit":
                break
            if command in actions:
                actions[command]()
                if command in ("plug", "on", "cycle"):
                    print(f"board on {board.line.path}", file=out, flush=True)
            elif command:
                print(CONSOLE_HELP if command == "help" else
                      f"unknown command {command!r}; type help", file=out, flush=True)
    finally:
        board.close()
