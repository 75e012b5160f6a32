"""The interfaces between the app and the board, and the events that cross them.

Like gpiozero's pin factories, each class says what a backend *must* provide (the abstract
methods) and what it *may* (``close``, which does nothing unless overridden). Input backends
report events by calling the ``sink`` they are started with, from any thread.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

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
    connects (the app offers an update when the version is older than the bundled one)."""

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


class PixelsOut(ABC):
    """Where frames go. Must: ``show``. May: ``close``."""

    @abstractmethod
    def show(self, frame: Frame) -> None:
        """Send ``frame`` to the LEDs. The app calls this only when the frame changed."""

    def close(self) -> None:  # noqa: B027  (optional by design)
        """Release the LEDs (leave them dark)."""


class TouchesIn(ABC):
    """Where pad touches come from. Must: ``start``. May: ``stream_readings``,
    ``update_firmware``, ``close``."""

    @abstractmethod
    def start(self, sink: Sink) -> None:
        """Report every ``PadDown`` and ``PadUp`` to ``sink`` from now on; several pads may be
        down at once. A backend that can lose its sensors reports ``TouchesLost`` and
        ``TouchesBack``."""

    def stream_readings(self, on: bool) -> None:  # noqa: B027  (optional by design)
        """Report ``PadReadings`` too while ``on`` (sensors that have readings do)."""

    def update_firmware(self) -> None:  # noqa: B027  (optional by design)
        """Bring the touch board's firmware up to the bundled one without waiting, reporting
        ``UpdateProgress`` and then ``UpdateFinished``. Backends that report
        ``SensorsFirmware`` must do this; the app asks no others."""

    def close(self) -> None:  # noqa: B027
        """Stop reporting."""


class ButtonsIn(ABC):
    """Where button presses come from. Must: ``start``. May: ``close``."""

    @abstractmethod
    def start(self, sink: Sink) -> None:
        """Report every ``ButtonDown`` and ``ButtonUp`` to ``sink`` from now on."""

    def close(self) -> None:  # noqa: B027
        """Stop reporting."""


class SoundOut(ABC):
    """Where sounds go. Must: ``play``. May: ``close``."""

    @abstractmethod
    def play(self, sound: Sound) -> None:
        """Make ``sound`` (without waiting for it to finish)."""

    def close(self) -> None:  # noqa: B027
        """Fall silent."""


@dataclass
class Board:
    """One backend's four parts for one profile."""

    profile: Profile
    pixels: PixelsOut
    touches: TouchesIn
    buttons: ButtonsIn
    sound: SoundOut

    def start(self, sink: Sink) -> None:
        """Start both inputs towards ``sink``."""
        self.touches.start(sink)
        self.buttons.start(sink)

    def close(self) -> None:
        """Close every part, outputs last so the LEDs go dark at the very end."""
        for part in (self.touches, self.buttons, self.sound, self.pixels):
            part.close()
