"""What every screen can do: react to touches, buttons and time, and draw itself.

A handler returns the screen to switch to, or ``None`` to stay.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING

from controller.render.canvas import Canvas

if TYPE_CHECKING:
    from controller.app.host import Host
    from controller.app.thinking import ComputerMove


class Screen(ABC):
    """A screen shown by ``host`` (``controller/app/host.py``: all a screen may ask of the app).
    Must: ``draw``, ``describe``. May: any handler, and ``wakeup``."""

    wants_readings = False
    """Whether the screen shows the touch sensors' readings (they stream only while it does)."""

    def __init__(self, host: Host[Screen]) -> None:
        self.host = host
        self.profile = host.profile

    def pad(self, index: int) -> tuple[int, int]:
        """``(column, row)`` of pad ``index``."""
        return index % self.profile.columns, index // self.profile.columns

    def pad_down(self, pad: int, now: float) -> Screen | None:
        """A finger touched ``pad``."""
        del pad, now
        return None

    def pad_up(self, pad: int, now: float) -> Screen | None:
        """The finger left ``pad``."""
        del pad, now
        return None

    def readings(self, readings: Sequence[tuple[int, int, int]], now: float) -> Screen | None:
        """The latest ``(pad, reading, delta)`` of some pads (only while ``wants_readings``)."""
        del readings, now
        return None

    def button_down(self, button: str, now: float) -> Screen | None:
        """``button`` was pressed."""
        del button, now
        return None

    def update_progress(self, share: float, now: float) -> Screen | None:
        """A firmware update wrote ``share`` (0-1) of its bytes."""
        del share, now
        return None

    def update_finished(self, error: str | None, now: float) -> Screen | None:
        """A firmware update ended (``error`` says why it failed, ``None`` when it did not)."""
        del error, now
        return None

    def computer_move(self, answer: ComputerMove, now: float) -> Screen | None:
        """The computer answered a request (stale answers are ignored)."""
        del answer, now
        return None

    def tick(self, now: float) -> Screen | None:
        """Time passed (holds, animations)."""
        del now
        return None

    def wakeup(self, now: float) -> float | None:
        """When ``tick`` next needs to run even without input, if ever."""
        del now
        return None

    @abstractmethod
    def draw(self, canvas: Canvas, now: float) -> bool:
        """Draw the screen; return whether the picture changes with time."""

    def pad_words(self, pad: int) -> str:
        """What is on ``pad`` in the screen's own words (a cell's name in the game's notation,
        a tile's game) and what touching it would do — the simulator shows it under the mouse;
        ``""`` where the screen has nothing to say."""
        del pad
        return ""

    @abstractmethod
    def describe(self, now: float) -> str:
        """What the screen shows, in one line of words, and what a touch would do: the
        simulator shows it under the board, the terminal on its status line, headless scripts
        print it (``describe``)."""
