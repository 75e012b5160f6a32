"""The interfaces between the app and the board, and the events that cross them.

Like gpiozero's pin factories, each class says what a backend *must* provide (the abstract
methods) and what it *may* (what closing lets go of, which is nothing unless overridden). Input
backends report events by calling the ``sink`` they are started with, from any thread. Every
part, and the board, closes as gpiozero's devices do (:class:`Device`), and once closed refuses
to be used.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Self

from controller.devices.errors import DeviceClosed
from controller.devices.frame import Frame
from controller.profile.model import Profile

BUTTONS = ("menu", "undo")
"""The physical buttons beside the grid."""


@dataclass(frozen=True)
class PadDown:
    """A finger touched pad ``pad`` (``row * columns + column``)."""

    pad: int


@dataclass(frozen=True)
class PadUp:
    """The finger left pad ``pad``."""

    pad: int


@dataclass(frozen=True)
class ButtonDown:
    """Button ``button`` (one of ``BUTTONS``) was pressed."""

    button: str


@dataclass(frozen=True)
class ButtonUp:
    """Button ``button`` was released."""

    button: str


@dataclass(frozen=True)
class TouchesLost:
    """The touch sensors stopped reporting (a cable pulled, the firmware stopped):
    ``reason`` says why, for the people at the board. Every pad was let go first."""

    reason: str


@dataclass(frozen=True)
class TouchesBack:
    """The touch sensors report again."""


@dataclass(frozen=True)
class PadReadings:
    """Some pads' latest sensor readings, while the app asks for them (the sensors screen):
    ``(pad, raw reading, distance from the baseline towards a touch)`` each."""

    readings: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class SensorsFirmware:
    """The touch board's firmware ``version`` and ``content_hash``, reported each time it
    connects (the app offers an update when the content differs from the bundled one)."""

    version: str
    content_hash: str


@dataclass(frozen=True)
class UpdateProgress:
    """A firmware update has written ``share`` (0-1) of the bytes it has to write."""

    share: float


@dataclass(frozen=True)
class UpdateFinished:
    """A firmware update ended: ``error`` is ``None`` when the board runs the new firmware,
    else what went wrong (the board then runs a complete firmware, old or new)."""

    error: str | None


@dataclass(frozen=True)
class SensorsFault:
    """The touch board reports a problem (``chip-missing 0:5B``, ``crash ValueError``, …), in
    the words of the wire protocol (docs/protocol.md)."""

    fault: str


@dataclass(frozen=True)
class SensorsRestarted:
    """The touch board restarted without being asked to: the ``count`` of such restarts
    since the app started, why the last one happened (``reason``, in words), how many came
    within the last minute (``recent``), and whether that makes a loop (``looping``)."""

    count: int
    reason: str
    recent: int
    looping: bool


InputEvent = (PadDown | PadUp | ButtonDown | ButtonUp | TouchesLost | TouchesBack | PadReadings
              | SensorsFirmware | UpdateProgress | UpdateFinished | SensorsFault
              | SensorsRestarted)
Sink = Callable[[InputEvent], None]


class Sound(Enum):
    """What the app can say out loud."""

    TAP = "tap"
    MOVE = "move"
    CASCADE = "cascade"
    ILLEGAL = "illegal"
    UNDO = "undo"
    WIN = "win"


class Device:
    """What every part of a board, and the board, does as gpiozero's devices do: ``close()``
    lets go of what it holds (closing again does nothing), ``closed`` says whether it was
    closed, ``with part:`` closes it at the end of the block, and its ``repr`` says what it is
    and whether it is closed (``<hw.leds.ws281x.Ws281xPixels object on GPIO 18, 64 LEDs>``,
    ``<… object closed>``); once closed, every operation raises :class:`DeviceClosed`. A
    backend says what closing does in ``_release`` and what it is in ``_describe``, and starts
    each operation with ``_check_open()``."""

    _closed = False

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._closed

    def close(self) -> None:
        """Let go of what the part holds (pins, a port, a thread); once closed, nothing more
        happens."""
        if self._closed:
            return
        self._closed = True
        self._release()

    def _release(self) -> None:
        """What closing does, once (nothing, unless a backend holds something)."""

    def _check_open(self) -> None:
        """Raise :class:`DeviceClosed` once the part is closed: every operation but ``close``
        starts with this (reading what a part holds, its frame or its faults, does not)."""
        if self._closed:
            raise DeviceClosed(f"{type(self).__name__} is closed: close() let go of what it held, "
                               "so it can no longer be used; open the board again")

    def _describe(self) -> str:
        """What the part is, for its ``repr``: ``on GPIO 18, 64 LEDs`` (may be empty)."""
        return ""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def __repr__(self) -> str:
        kind = f"{type(self).__module__}.{type(self).__qualname__}"
        about = "closed" if self.closed else self._describe()
        return f"<{kind} object{' ' if about else ''}{about}>"


class PixelsOut(Device, ABC):
    """Where frames go. Must: ``show``. May: ``_release`` (leave the LEDs dark)."""

    @abstractmethod
    def show(self, frame: Frame) -> None:
        """Send ``frame`` to the LEDs. The app calls this only when the frame changed."""


class TouchesIn(Device, ABC):
    """Where pad touches come from. Must: ``start``. May: ``stream_readings``,
    ``update_firmware``, ``_release`` (stop reporting)."""

    @abstractmethod
    def start(self, sink: Sink) -> None:
        """Report every ``PadDown`` and ``PadUp`` to ``sink`` from now on; several pads may be
        down at once. A backend that can lose its sensors reports ``TouchesLost`` and
        ``TouchesBack``."""

    def stream_readings(self, on: bool) -> None:
        """Report ``PadReadings`` too while ``on`` (sensors that have readings do)."""
        self._check_open()

    def update_firmware(self) -> None:
        """Bring the touch board's firmware up to the bundled one without waiting, reporting
        ``UpdateProgress`` and then ``UpdateFinished``. Backends that report
        ``SensorsFirmware`` must do this; the app asks no others."""
        self._check_open()


class WiredTouches(TouchesIn):
    """Touches from a touch board at the other end of a serial line (the Pi's touch link, and
    the simulator's): besides the touches, what a front end may watch (the lines on the wire,
    the readings, the board's faults, whether it is connected) and ask of the board."""

    problem: str | None
    """Why the board cannot be heard now (``None`` while connected)."""
    thresholds: tuple[int, int] | None
    """The touch and release thresholds from calibration, sent to the board at every
    connection (``None``: the firmware's own)."""
    faults: Sequence[str]
    """The board's recent fault reports, newest last."""
    resyncs: int
    """How many times a lost message made the link ask for the whole touch state again."""
    overridden: int
    """How many times the board's thresholds were found changed and set back."""
    listeners: list[Callable[[str, bytes], None]]
    """Called with ("in" or "out", line) for every line on the wire (a debug pane)."""
    reading_listeners: list[Callable[[list[tuple[int, int, int]]], None]]
    """Called with (pad, reading, delta) triples from the board's diagnostic stream."""

    @property
    @abstractmethod
    def connected(self) -> bool:
        """Whether the board is heard now."""

    @property
    @abstractmethod
    def streaming(self) -> bool:
        """Whether anyone wants the board's diagnostic stream."""

    @abstractmethod
    def command(self, kind: str, fields: list[object]) -> None:
        """Send the board command ``kind`` with ``fields`` (the wire protocol's), from any
        thread; queued while the board is away."""

    @abstractmethod
    def want_readings(self, reader: str, on: bool) -> None:
        """``reader`` (the app, a debug pane) wants the diagnostic stream, or is done with it;
        the board streams while anyone wants it."""


class ButtonsIn(Device, ABC):
    """Where button presses come from. Must: ``start``. May: ``_release`` (stop reporting)."""

    @abstractmethod
    def start(self, sink: Sink) -> None:
        """Report every ``ButtonDown`` and ``ButtonUp`` to ``sink`` from now on."""


class SoundOut(Device, ABC):
    """Where sounds go. Must: ``play``. May: ``_release`` (fall silent)."""

    @abstractmethod
    def play(self, sound: Sound) -> None:
        """Make ``sound`` (without waiting for it to finish)."""


class SpeechOut(Device, ABC):
    """Where words are said aloud. Must: ``say``. May: ``_release`` (fall silent)."""

    @abstractmethod
    def say(self, text: str, language: str) -> None:
        """Say ``text`` in ``language`` (``en``, ``de``) without waiting for it; newer words
        cut off older ones still being said, so the voice keeps up with the board."""


class Mute(SpeechOut):
    """A board that says nothing aloud (no speaker, or no voice installed): its words stay on
    the LEDs."""

    def __init__(self, why: str = "no speaker") -> None:
        self.why = why

    def say(self, text: str, language: str) -> None:
        del text, language

    def _describe(self) -> str:
        return f"mute: {self.why}"


@dataclass(repr=False)
class Board(Device):
    """One backend's parts for one profile."""

    profile: Profile
    pixels: PixelsOut
    touches: TouchesIn
    buttons: ButtonsIn
    sound: SoundOut
    speech: SpeechOut = field(default_factory=Mute)

    def start(self, sink: Sink) -> None:
        """Start both inputs towards ``sink``."""
        self._check_open()
        self.touches.start(sink)
        self.buttons.start(sink)

    def _release(self) -> None:
        """Close every part, outputs last so the LEDs go dark at the very end."""
        for part in (self.touches, self.buttons, self.sound, self.speech, self.pixels):
            part.close()

    def _describe(self) -> str:
        return f"for {self.profile.name}, {self.profile.pads} pads, {self.profile.leds} LEDs"
