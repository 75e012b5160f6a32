"""The simulator in a terminal, for machines without a display (over SSH, on a bare Pi).

The LEDs are drawn with coloured half-block characters (two LED rows per text line, in 24-bit
colour, or the nearest of 256 colours where the terminal has no more), as large as the
terminal allows. Keys stand in for fingers: arrows (or h j k l) move the cursor between pads,
Space or Enter taps the pad under it, T keeps it touched (again to let go: holds and several
fingers), M and U press the menu and undo buttons, Q quits. The cursor is marked on the edges —
its column's letter and its row's number, lit, with pointers — so it never covers what the pad
shows (a red flash stays red, the computer's answer stays visible).

The app runs on its own thread through the same real-time loop as on the Pi.
"""

from __future__ import annotations

import os
import select
import shutil
import sys
import termios
import textwrap
import threading
import time
import tty
from typing import Any, TextIO

from controller.app.driver import Driver
from controller.app.loop import Companion
from controller.app.loop import run as run_loop
from controller.devices.interfaces import Sound
from sim.board import sim_parts
from sim.front.finger_time import Hold
from sim.front.pad_caption import pad_caption
from sim.front.raster import TO_SCREEN
from sim.leds import FrameReader

TAP = 0.12
"""Seconds between touching and letting go for a tap (and a button press), and then off the
board before the next tap, on the touch board's clock: the firmware sees a finger only when it
stays a few scans."""
POLL = 0.03
KEYS_HELP = "arrows move · Space tap · T keep touched · M menu · U undo · Q quit"
MOVES = {"\x1b[A": (0, 1), "\x1b[B": (0, -1), "\x1b[C": (1, 0), "\x1b[D": (-1, 0),
         "k": (0, 1), "j": (0, -1), "l": (1, 0), "h": (-1, 0)}


MARGIN = 3
"""Columns left of the board for the rows' numbers."""
MIN_WRAP = 20
"""The narrowest the words under the board are wrapped to, however narrow the terminal."""


def true_colour() -> bool:
    """Whether the terminal takes 24-bit colour (``COLORTERM`` says so, as terminals that do
    set it); else the 256-colour palette is used."""
    return os.environ.get("COLORTERM", "").lower() in ("truecolor", "24bit")


def fitting_scale(led_width: int, led_height: int, columns: int, lines: int) -> int:
    """Text cells per LED (1-4) so the board fits ``columns`` x ``lines`` of text (two LED rows
    per line)."""
    return max(1, min(4, columns // led_width, (2 * lines) // led_height))


def xterm_256(colour: tuple[int, int, int]) -> int:
    """The nearest colour of the xterm 256-colour palette: its 6 x 6 x 6 cube or its greys."""
    steps = (0, 95, 135, 175, 215, 255)

    def nearest(value: int) -> int:
        return min(range(6), key=lambda i: abs(steps[i] - value))

    cube = tuple(nearest(c) for c in colour)
    cube_colour = tuple(steps[i] for i in cube)
    grey_index = max(0, min(23, round((sum(colour) / 3 - 8) / 10)))
    grey = 8 + 10 * grey_index

    def distance(other: tuple[int, ...]) -> int:
        return sum((a - b) ** 2 for a, b in zip(colour, other))

    if distance((grey, grey, grey)) < distance(cube_colour):
        return 232 + grey_index
    return 16 + 36 * cube[0] + 6 * cube[1] + cube[2]


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
                 stdout: TextIO = sys.stdout, companion: Companion | None = None) -> None:
        self.driver = driver
        self.profile = driver.board.profile
        parts = sim_parts(driver.board)
        self.pixels, self.touches, self.buttons = parts.pixels, parts.touches, parts.buttons
        parts.sound.listeners.append(self._sound_played)
        self.reader = FrameReader(self.profile)
        self.stdin, self.stdout = stdin, stdout
        self.true_colour = true_colour()
        self.cursor = (0, 0)
        self.kept: set[int] = set()
        self.pending: list[tuple[Hold, str, Any]] = []
        """Releases due once their holds are over: (hold, "pad" or "button", which)."""
        self.typed: list[str] = []
        """Keys typed ahead, taken in order: each once the last tap has ended."""
        self.lifted: Hold | None = None
        """The last tap's finger off the board: the next waits until it is over."""
        self.last_sound: tuple[Sound | None, float] = (None, 0.0)
        self.stop = threading.Event()
        self.companion = companion

    def run(self) -> None:
        """Play until Q (or Ctrl-C); the terminal is restored however it ends."""
        thread = threading.Thread(target=run_loop, args=(self.driver, self.stop),
                                  kwargs={"companion": self.companion},
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
                    self.typed += split_keys(os.read(descriptor, 64).decode("utf-8", "replace"))
                self._release_due()
                while self.typed and not self.pending and self._free():
                    self._key(self.typed.pop(0))
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
            self.pending.append((Hold(self.touches.clock, TAP), "pad", pad))
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
            self.pending.append((Hold(time.monotonic, TAP), "button", button))
        elif key in ("q", "\x03"):
            self.stop.set()

    def _release_due(self) -> None:
        for item in [p for p in self.pending if p[0].over()]:
            self.pending.remove(item)
            _, kind, which = item
            if kind == "pad":
                self.touches.up(which)
                self.lifted = Hold(self.touches.clock, TAP)
            else:
                self.buttons.up(which)
                self.lifted = Hold(time.monotonic, TAP)

    def _free(self) -> bool:
        """Whether the last tap's finger has been off the board long enough for the next."""
        return self.lifted is None or self.lifted.over()

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
        columns, lines_free = shutil.get_terminal_size((100, 30))
        footer = self._footer(columns)
        scale = fitting_scale(profile.led_width, profile.led_height, columns - MARGIN,
                              lines_free - len(footer) - 1)
        k = profile.per_pad
        width = profile.led_width * scale
        lines = []
        rows = profile.led_height * scale
        labelled = -1
        for top in range(rows - 1, -1, -2):
            cells = []
            for x in range(width):
                upper = self._colour(drive, x // scale, top // scale)
                lower = self._colour(drive, x // scale, (top - 1) // scale) if top else (0, 0, 0)
                cells.append(f"{self._paint(upper, 38)}{self._paint(lower, 48)}▀")
            row = top // scale // k
            label = self._row_label(row) if row != labelled else " " * MARGIN
            labelled = row
            lines.append(label + "".join(cells) + "\x1b[0m")
        lines.append(" " * MARGIN + self._column_labels(k * scale))
        lines.extend(footer)
        self._write("\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K\x1b[J")

    def _footer(self, columns: int) -> list[str]:
        """The words under the board, each wrapped to ``columns`` rather than cut: the screen's
        description, the pad under the cursor and what a touch there does (the window's words
        for it), the keys, the last notices."""
        profile = self.profile
        pad = self.cursor[1] * profile.columns + self.cursor[0]
        screen = self.driver.app.screen
        kept = " ".join(profile.pad_name(p) for p in sorted(self.kept))
        held = f" · kept touched: {kept}" if kept else ""
        sound = self._sound_text()
        caption = pad_caption(screen, profile.pad_name(pad), pad).removeprefix("pad ")
        cursor = f"cursor {caption}{held}" + \
            (f"  {sound}" if sound else "")
        texts = [self.driver.app.describe(time.monotonic()), cursor, KEYS_HELP,
                 *self.driver.app.notices[-2:]]
        width = max(MIN_WRAP, columns - 1)  # the last column would scroll some terminals
        return [line for text in texts
                for line in textwrap.wrap(text, width, subsequent_indent="  ") or [""]]

    def _row_label(self, row: int) -> str:
        """The row's number, lit with a pointer for the cursor's row."""
        text = f"{row + 1:>2}"
        if row == self.cursor[1]:
            return f"\x1b[1;30;43m{text}\x1b[0m▶"
        return f"\x1b[2m{text}\x1b[0m "

    def _column_labels(self, pad_width: int) -> str:
        """The columns' letters under the board, the cursor's lit with a pointer above it."""
        labels = []
        for column in range(self.profile.columns):
            letter = self.profile.pad_name(column).rstrip("0123456789")
            if column == self.cursor[0]:
                text = (f"▲{letter}" if pad_width >= 2 else letter).center(pad_width)
                labels.append(f"\x1b[1;30;43m{text[:pad_width]}\x1b[0m")
            else:
                labels.append(f"\x1b[2m{letter.center(pad_width)[:pad_width]}\x1b[0m")
        return "".join(labels)

    def _colour(self, drive: list, x: int, y: int) -> tuple[int, int, int]:
        red, green, blue = drive[y * self.profile.led_width + x]
        return TO_SCREEN[red], TO_SCREEN[green], TO_SCREEN[blue]

    def _paint(self, colour: tuple[int, int, int], layer: int) -> str:
        """The escape that sets the foreground (38) or background (48) to ``colour``."""
        if self.true_colour:
            return f"\x1b[{layer};2;{colour[0]};{colour[1]};{colour[2]}m"
        return f"\x1b[{layer};5;{xterm_256(colour)}m"

    def _write(self, text: str) -> None:
        self.stdout.write(text)
        self.stdout.flush()
