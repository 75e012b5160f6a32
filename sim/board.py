"""The simulated board backend: the LEDs and the buzzer tell listeners (a window, a terminal,
the headless runner) what they show and sound; the front ends press buttons through virtual
inputs and touch pads through the simulated microcontroller's pads (or directly). Registered
in the composition root as ``sim``."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TextIO

from controller.devices.frame import Frame
from controller.devices.interfaces import (
    Board,
    PixelsOut,
    Sound,
    SoundOut,
    SpeechOut,
    TouchesIn,
    WiredTouches,
)
from controller.devices.virtual import VirtualButtons, VirtualTouches
from controller.profile.model import Profile
from hw.flash.update import bundled_updater
from hw.touch.link import TouchLink
from hw.touch.ports import locator
from sim.touch_board.serve import RunningDevice


class SimPixels(PixelsOut):
    """Holds the latest frame; ``version`` counts frames so a front end can tell news."""

    def __init__(self) -> None:
        self.frame: Frame | None = None
        self.version = 0
        self.listeners: list[Callable[[Frame], None]] = []
        self._lock = threading.Lock()

    def show(self, frame: Frame) -> None:
        self._check_open()
        with self._lock:
            self.frame = frame
            self.version += 1
        for listener in self.listeners:
            listener(frame)

    def latest(self) -> tuple[int, Frame | None]:
        """``(version, frame)`` of the newest frame, safely from another thread."""
        with self._lock:
            return self.version, self.frame

    def _describe(self) -> str:
        return f"{self.version} frame{'' if self.version == 1 else 's'} shown"


class SimSound(SoundOut):
    """Remembers the sounds made, for the front end's sound indicator."""

    def __init__(self) -> None:
        self.played: list[Sound] = []
        self.listeners: list[Callable[[Sound], None]] = []

    def play(self, sound: Sound) -> None:
        self._check_open()
        self.played.append(sound)
        for listener in self.listeners:
            listener(sound)

    def _describe(self) -> str:
        return f"{len(self.played)} sound{'' if len(self.played) == 1 else 's'} played"


class SimSpeech(SpeechOut):
    """Remembers the words said aloud (with their language), for the front ends: the
    simulator shows what a board with a speaker would say."""

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []
        self.listeners: list[Callable[[str, str], None]] = []

    def say(self, text: str, language: str) -> None:
        self.said.append((text, language))
        for listener in self.listeners:
            listener(text, language)

    def _describe(self) -> str:
        return f"{len(self.said)} thing{'' if len(self.said) == 1 else 's'} said"


class Fingers(Protocol):
    """What a front end touches: ``down(pad)`` and ``up(pad)``."""

    def down(self, pad: int) -> None: ...

    def up(self, pad: int) -> None: ...

    def clock(self) -> float:
        """Seconds on the touch board's own clock: a front end holds a finger for a tap's time
        on it (see ``sim.front.finger_time``)."""
        ...


class DirectFingers:
    """Pads handed straight to the app: touched the moment they are, on the wall's clock."""

    def __init__(self, touches: VirtualTouches) -> None:
        self.touches = touches

    def down(self, pad: int) -> None:
        self.touches.down(pad)

    def up(self, pad: int) -> None:
        self.touches.up(pad)

    def clock(self) -> float:
        return time.monotonic()


class NoFingers:
    """The pads of a board whose touches come from a serial port: touching them here does
    nothing (touch the board on the other end)."""

    def down(self, pad: int) -> None:
        pass

    def up(self, pad: int) -> None:
        pass

    def clock(self) -> float:
        return time.monotonic()


class Device(Protocol):
    """The simulated touch board behind the link: stopped with the board."""

    def close(self) -> None: ...


class SimBoard(Board):
    """A simulated board: the parts of any board, the fingers that touch it, and (unless the
    touches are direct) the simulated microcontroller running the firmware."""

    def __init__(self, profile: Profile, pixels: SimPixels, touches: TouchesIn,
                 buttons: VirtualButtons, sound: SimSound, fingers: Fingers | None,
                 device: Device | None = None,
                 settle: Callable[[], None] = lambda: None) -> None:
        super().__init__(profile, pixels, touches, buttons, sound, SimSpeech())
        self.fingers = fingers
        self.device = device
        self.settle = settle
        """Until the touch board has sent the lines of the fingers' moves so far, where it
        can tell (the emulated Pico); a script waits on it before its next step."""

    def _release(self) -> None:
        super()._release()
        if self.device is not None:
            self.device.close()


def sim_board(profile: Profile, touch: str = "firmware", port: str | None = None,
              thresholds: tuple[int, int] | None = None, out: TextIO | None = None) -> SimBoard:
    """A simulated board of ``profile``. ``touch`` says where touches come from:
    ``firmware`` (the default) runs the real firmware on a simulated microcontroller and
    reaches it through the touch link over a pseudo-terminal, as the Pi reaches a real board;
    ``direct`` hands the front end's touches straight to the app (headless scripts, tests);
    ``port`` takes them from the board on serial port ``port`` (another simulator, or a real
    board on a desktop) while this one shows the LEDs. ``thresholds`` (from ``kaskade
    calibrate``) go to the touch board at every connection. ``silicon`` is ``firmware`` on the
    emulated Pico instead (``sim.silicon.touch_board``): MicroPython's rp2 port, the touch
    chips at register level; ``out`` hears about its start."""
    pixels, buttons, sound = SimPixels(), VirtualButtons(), SimSound()
    if touch == "direct":
        direct = VirtualTouches()
        return SimBoard(profile, pixels, direct, buttons, sound, DirectFingers(direct))
    if touch == "port":
        if port is None:
            raise ValueError("touch='port' needs the port")
        link = TouchLink(profile, locator(profile.touch.usb, port), thresholds=thresholds,
                         updater=bundled_updater(profile))
        return SimBoard(profile, pixels, link, buttons, sound, None)
    if touch == "silicon":
        from sim.silicon.touch_board import SILENCE, WAIT, SiliconTouchBoard  # noqa: PLC0415

        pico = SiliconTouchBoard(profile, out)
        # The emulated Pico's terminal is new after each reset, as a Pico's port comes back.
        link = TouchLink(profile, lambda: pico.port, thresholds=thresholds, silence=SILENCE,
                         updater=bundled_updater(profile, lambda: pico.port, WAIT))
        return SimBoard(profile, pixels, link, buttons, sound, pico, pico, pico.settle)
    if touch != "firmware":
        raise ValueError(f"no touch source {touch!r}")
    device = RunningDevice(profile)
    device.start()
    link = TouchLink(profile, locator(profile.touch.usb, str(device.link)),
                     thresholds=thresholds)
    return SimBoard(profile, pixels, link, buttons, sound, device.pads, device)


@dataclass(frozen=True)
class SimParts:
    """The simulated board's parts with their simulator-only abilities."""

    pixels: SimPixels
    touches: Fingers
    """What the front end touches (nothing, when the touches come from a serial port)."""
    buttons: VirtualButtons
    sound: SimSound
    link: WiredTouches | None
    """The touch link, when touches go through one (its wire traffic, its state)."""


def sim_parts(board: Board) -> SimParts:
    """The parts of a board opened with ``sim_board``; a front end needs them to show the
    LEDs and to touch the pads."""
    if not isinstance(board, SimBoard):
        raise TypeError("a simulator front end needs a board from sim_board()")
    link = board.touches if isinstance(board.touches, WiredTouches) else None
    assert isinstance(board.pixels, SimPixels)
    assert isinstance(board.buttons, VirtualButtons)
    assert isinstance(board.sound, SimSound)
    return SimParts(board.pixels, board.fingers or NoFingers(), board.buttons, board.sound,
                    link)
