"""Drives the app against a board: events in, frames and sounds out, at the times given.

The same driver serves the real-time loop (``loop.py``, wall clock) and the headless simulator
(virtual clock). A frame is pushed only when it differs from the last one pushed, and the game
is saved right after the frame that shows a change (on the loop's writer thread, when there is
one), so the disk never delays the LEDs.
"""

from __future__ import annotations

from controller.app.app import App
from controller.devices.frame import Frame
from controller.devices.interfaces import Board, InputEvent
from controller.render.canvas import Canvas
from controller.render.output import FrameMaker

FRAME_RATE = 30
"""Frames per second while something on the board moves."""


class Driver:
    """Connects ``app`` to ``board``."""

    def __init__(self, app: App, board: Board) -> None:
        self.app = app
        self.board = board
        profile = board.profile
        self.maker = FrameMaker(profile)
        self.canvas = Canvas(profile.led_width, profile.led_height)
        self.shown: Frame | None = None
        self.pushed = 0
        """Frames handed to the LEDs so far."""
        self.streaming = False
        """Whether the touch sensors were asked to stream their readings."""

    def feed(self, event: InputEvent, now: float) -> float | None:
        """Handle ``event`` at ``now`` and update the board; returns when to advance next."""
        self.app.handle(event, now)
        return self.advance(now)

    def advance(self, now: float) -> float | None:
        """Let time pass to ``now``, push the picture if it changed and make queued sounds.
        Returns when to advance next without input, or ``None`` when nothing is pending."""
        self.app.tick(now)
        animating = self.app.draw(self.canvas, now)
        frame = self.maker.make(bytes(self.canvas.pixels), self.app.brightness)
        if self.shown is None or frame.channels != self.shown.channels:
            self.board.pixels.show(frame)
            self.shown = frame
            self.pushed += 1
        for sound in self.app.take_sounds():
            self.board.sound.play(sound)
        for text, language in self.app.take_words():
            self.board.speech.say(text, language)
        self.app.flush(now)
        if self.app.firmware_update.take():
            self.board.touches.update_firmware()
        if self.app.wants_readings != self.streaming:
            self.streaming = self.app.wants_readings
            self.board.touches.stream_readings(self.streaming)
        wakeup = self.app.wakeup(now)
        if animating:
            next_frame = now + 1 / FRAME_RATE
            wakeup = next_frame if wakeup is None else min(wakeup, next_frame)
        return wakeup
