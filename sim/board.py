"""The simulated board backend: the LEDs and the buzzer tell listeners (a window, a terminal,
the headless runner) what they show and sound; the front ends touch pads and press buttons
through virtual inputs. Registered in the composition root as ``sim``."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable, Optional

from controller.devices.interfaces import Board, PixelsOut, Sound, SoundOut
from controller.devices.virtual import VirtualButtons, VirtualTouches
from controller.profile.model import Profile
from controller.render.output import Frame


class SimPixels(PixelsOut):
    """Holds the latest frame; ``version`` counts frames so a front end can tell news."""

    def __init__(self) -> None:
        self.frame: Optional[Frame] = None
        self.version = 0
        self.listeners: list[Callable[[Frame], None]] = []
        self._lock = threading.Lock()

    def show(self, frame: Frame) -> None:
        with self._lock:
            self.frame = frame
            self.version += 1
        for listener in self.listeners:
            listener(frame)

    def latest(self) -> tuple[int, Optional[Frame]]:
        """``(version, frame)`` of the newest frame, safely from another thread."""
        with self._lock:
            return self.version, self.frame


class SimSound(SoundOut):
    """Remembers the sounds made, for the front end's sound indicator."""

    def __init__(self) -> None:
        self.played: list[Sound] = []
        self.listeners: list[Callable[[Sound], None]] = []

    def play(self, sound: Sound) -> None:
        self.played.append(sound)
        for listener in self.listeners:
            listener(sound)


def sim_board(profile: Profile) -> Board:
    """A simulated board of ``profile``."""
    return Board(profile, SimPixels(), VirtualTouches(), VirtualButtons(), SimSound())


@dataclass(frozen=True)
class SimParts:
    """The simulated board's parts with their simulator-only abilities."""

    pixels: SimPixels
    touches: VirtualTouches
    buttons: VirtualButtons
    sound: SimSound


def sim_parts(board: Board) -> SimParts:
    """The parts of a board opened with ``sim_board``; a front end needs them to show the
    LEDs and to touch the pads."""
    parts = (board.pixels, board.touches, board.buttons, board.sound)
    kinds = (SimPixels, VirtualTouches, VirtualButtons, SimSound)
    if not all(isinstance(part, kind) for part, kind in zip(parts, kinds)):
        raise TypeError("a simulator front end needs a board from sim_board()")
    return SimParts(*parts)  # type: ignore[arg-type]
