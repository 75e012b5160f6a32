"""The simulator in a terminal, for machines without a display (over SSH, on a bare Pi).

The LEDs are drawn with coloured half-block characters (two LED rows per text line, in 24-bit
colour). Keys stand in for fingers: arrows (or h j k l) move the yellow cursor between pads,
Space or Enter taps the pad under it, T keeps it touched (again to let go: holds and several
fingers), M and U press the menu and undo buttons, Q quits.

The app runs on its own thread through the same real-time loop as on the Pi.
"""

from __future__ import annotations

import os
import select
import shutil
import sys
import termios
import threading
import time
import tty
from typing import Any, TextIO

from controller.app.driver import Driver
from controller.app.loop import run as run_loop
from controller.devices.interfaces import Sound
from sim.board import sim_parts
from sim.leds import FrameReader
from sim.raster import TO_SCREEN

TAP = 0.12
"""Seconds between touching and letting go for a tap (and a button press)."""
POLL = 0.03
CURSOR = (255, 208, 64)
KEYS_HELP = "arrows move · Space tap · T keep touched · M menu · U undo · Q quit"
MOVES = {"\x1b[A": (0, 1), "\x1b[B": (0, -1), "\x1b[C": (1, 0), "\x1b[D": (-1, 0),
         "k": (0, 1), "j": (0, -1), "l": (1, 0), "h": (-1, 0)}


def split_keys(text: str) -> list[str]:
    """The keys in what one read returned: arrow keys are three characters, others one."""
    keys = []
    index = 0
    while index < len(text):
        length = 3 if text.startswith("\x1b[", index) and index + 2 < len(text) else 1
        keys.append(text[index : index + length])
        index += length
    return keys


class TerminalBoard:
    """The board in this terminal for ``driver``'s app on a simulated board."""

    def __init__(self, driver: Driver, stdin: TextIO = sys.stdin,
                 stdout: TextIO = sys.stdout) -> None:
        self.driver = driver
        self.profile = driver.board.profile
        parts = sim_parts(driver.board)
        self.pixels, self.touches, self.buttons = parts.pixels, parts.touches, parts.buttons
        parts.sound.listeners.append(self._sound_played)
        self.reader = FrameReader(self.profile)
        self.stdin, self.stdout = stdin, stdout
        self.scale = max(1, min(4, 32 // self.profile.led_width))
        self.cursor = (0, 0)
        self.kept: set[int] = set()
        self.pending: list[tuple[float, str, Any]] = []
        """Releases due later: (when, "pad" or "button", which)."""
        self.last_sound: tuple[Sound | None, float] = (None, 0.0)
        self.stop = threading.Event()

    def run(self) -> None:
        """Play until Q (or Ctrl-C); the terminal is restored however it ends."""
        thread = threading.Thread(target=run_loop, args=(self.driver, self.stop),
                                  name="board-app", daemon=True)
        thread.start()
        descriptor = self.stdin.fileno()
        saved = termios.tcgetattr(descriptor)
        try:
            tty.setcbreak(descriptor)
            self._write("\x1b[?25l\x1b[2J")
            shown: tuple[Any, ...] = (-1, None)
            while not self.stop.is_set():
                ready, _, _ = select.select([descriptor], [], [], POLL)
                if ready:
                    for key in split_keys(os.read(descriptor, 64).decode("utf-8", "replace")):
                        self._key(key)
                self._release_due()
                version, _ = self.pixels.latest()
                state = (version, self.cursor, frozenset(self.kept), self._sound_text())
                if state != shown:
                    shown = state
                    self._draw()
        except KeyboardInterrupt:
            pass
        finally:
            self.stop.set()
            termios.tcsetattr(descriptor, termios.TCSADRAIN, saved)
            self._write("\x1b[0m\x1b[?25h\n")
            thread.join(timeout=2)
            self.driver.board.close()

    # -- keys -----------------------------------------------------------------------------------

    def _key(self, key: str) -> None:
        if key in MOVES:
            dx, dy = MOVES[key]
            column = max(0, min(self.profile.columns - 1, self.cursor[0] + dx))
            row = max(0, min(self.profile.rows - 1, self.cursor[1] + dy))
            self.cursor = (column, row)
            return
        key = key.lower()
        pad = self.cursor[1] * self.profile.columns + self.cursor[0]
        if key in (" ", "\n", "\r"):
            self.touches.down(pad)
            self.pending.append((time.monotonic() + TAP, "pad", pad))
        elif key == "t":
            if pad in self.kept:
                self.kept.discard(pad)
                self.touches.up(pad)
            else:
                self.kept.add(pad)
                self.touches.down(pad)
        elif key in ("m", "u"):
            button = "menu" if key == "m" else "undo"
            self.buttons.down(button)
            self.pending.append((time.monotonic() + TAP, "button", button))
        elif key in ("q", "\x03"):
            self.stop.set()

    def _release_due(self) -> None:
        now = time.monotonic()
        for item in [p for p in self.pending if p[0] <= now]:
            self.pending.remove(item)
            _, kind, which = item
            if kind == "pad":
                self.touches.up(which)
            else:
                self.buttons.up(which)

    def _sound_played(self, sound: Sound) -> None:
        self.last_sound = (sound, time.monotonic())

    def _sound_text(self) -> str:
        sound, when = self.last_sound
        return f"♪ {sound.value}" if sound and time.monotonic() - when < 0.6 else ""

    # -- drawing --------------------------------------------------------------------------------

    def _draw(self) -> None:
        profile = self.profile
        _, frame = self.pixels.latest()
        drive = self.reader.colours(frame) if frame else [(0, 0, 0)] * profile.leds
        scale, k = self.scale, profile.per_pad
        width = profile.led_width * scale
        lines = []
        rows = profile.led_height * scale
        for top in range(rows - 1, -1, -2):
            cells = []
            for x in range(width):
                upper = self._colour(drive, x // scale, top // scale, k)
                lower = self._colour(drive, x // scale, (top - 1) // scale, k) if top else (0, 0, 0)
                cells.append(f"\x1b[38;2;{upper[0]};{upper[1]};{upper[2]}m"
                             f"\x1b[48;2;{lower[0]};{lower[1]};{lower[2]}m▀")
            lines.append("".join(cells) + "\x1b[0m")
        pad = profile.pad_name(self.cursor[1] * profile.columns + self.cursor[0])
        width = shutil.get_terminal_size((100, 30)).columns
        description = self.driver.app.screen.describe(time.monotonic())
        lines.append(description[:width])
        lines.append(f"{profile.name} · cursor {pad} {self._sound_text():<12}")
        lines.append(KEYS_HELP)
        lines.extend(self.driver.app.notices[-2:])
        self._write("\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K\x1b[J")

    def _colour(self, drive: list, x: int, y: int, k: int) -> tuple[int, int, int]:
        red, green, blue = drive[y * self.profile.led_width + x]
        colour = (TO_SCREEN[red], TO_SCREEN[green], TO_SCREEN[blue])
        pad = (y // k) * self.profile.columns + x // k
        if (x // k, y // k) == self.cursor or pad in self.kept:
            red, green, blue = ((c + 2 * m) // 3 for c, m in zip(colour, CURSOR))
            return red, green, blue
        return colour

    def _write(self, text: str) -> None:
        self.stdout.write(text)
        self.stdout.flush()
