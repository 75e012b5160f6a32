"""The simulated touch board on its own: the microcontroller running the real firmware behind a
pseudo-terminal, its pads touched by commands, so that another program — ``kaskade play
--port``, a terminal program, a test — reaches it exactly as it would reach a real board."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from controller.errors import KaskadeError
from controller.games.algebraic import parse_cell
from controller.profile.model import Profile
from sim.touch_board.serve import RunningDevice

HELP = """\
commands: down CELL, up CELL (a finger on or off a pad, e.g. down b3), noise CELL SIGMA,
stick CELL, unstick CELL, unplug, plug, hang (the firmware stops), restart (power cycle),
help, quit"""


class TouchBoardError(KaskadeError, ValueError):
    """A command the touch board does not understand (answered, never fatal)."""


class TouchBoard:
    """A running simulated touch board of ``profile``."""

    def __init__(self, profile: Profile, link: Path | None = None) -> None:
        self.profile = profile
        self.running = RunningDevice(profile, link)

    def pad(self, name: str) -> int:
        cell = parse_cell(name)
        if cell is None or not (cell[0] < self.profile.columns and cell[1] < self.profile.rows):
            raise TouchBoardError(f"no pad {name!r} on this {self.profile.columns}x"
                                  f"{self.profile.rows} board")
        return cell[1] * self.profile.columns + cell[0]

    def do(self, line: str) -> bool:
        """Carry out one command; False after ``quit``."""
        words = line.split()
        if not words or words[0].startswith("#"):
            return True
        command, arguments = words[0].lower(), words[1:]
        pads, running = self.running.pads, self.running
        simple = {"unplug": running.line.unplug, "plug": running.line.plug,
                  "hang": running.hang, "restart": running.power_cycle}
        if command == "quit":
            return False
        if command in simple and not arguments:
            simple[command]()
        elif command in ("down", "up", "stick", "unstick") and len(arguments) == 1:
            pad = self.pad(arguments[0])
            {"down": pads.down, "up": pads.up, "stick": pads.stick,
             "unstick": lambda p: pads.stick(p, False)}[command](pad)
        elif command == "noise" and len(arguments) == 2:
            try:
                sigma = float(arguments[1])
            except ValueError:
                raise TouchBoardError(f"noise needs a number, not {arguments[1]!r}") from None
            pads.set_noise(self.pad(arguments[0]), sigma)
        elif command == "help":
            raise TouchBoardError(HELP)
        else:
            raise TouchBoardError(f"unknown command {line.strip()!r}; type help")
        return True

    def serve(self, commands: Iterable[str], out: TextIO) -> None:
        """Run until ``quit`` or the end of ``commands``, answering problems on ``out``."""
        self.running.start()
        print(f"touch board {self.profile.name} on {self.running.line.path} "
              f"(also {self.running.link})", file=out, flush=True)
        try:
            for line in commands:
                try:
                    if not self.do(line):
                        break
                except TouchBoardError as error:
                    print(error, file=out, flush=True)
        finally:
            self.running.close()
