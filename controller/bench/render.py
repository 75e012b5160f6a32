"""How fast a board picture is made, and how long from a touch to the frame for the LEDs.

The LEDs need 30 µs per LED to receive a frame (WS281x at 800 kHz, 24 bits); the longest chain
sets the pace. Making a frame should take a small fraction of that, so the Pi keeps up with
animations and answers a touch before the frame could even be sent.
"""

from __future__ import annotations

import random
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.store import Store
from controller.devices.frame import Frame
from controller.devices.interfaces import InputEvent
from controller.devices.mock import MockPixels, mock_board
from controller.devices.virtual import VirtualButtons, VirtualTouches
from controller.faces.kaskade.picture import KaskadeView, draw_kaskade
from controller.games.kaskade import KaskadeState
from controller.profile import load_profile
from controller.render.canvas import Canvas
from controller.render.feedback import Turn
from controller.render.marquee import Lettering, draw_message
from controller.render.output import FrameMaker

LED_MICROSECONDS = 30.0
"""Time a WS281x LED takes to receive its 24 bits."""


def measure_render(profile_name: str, seconds: float, seed: int) -> dict[str, Any]:
    """Frame and touch-to-frame times on ``profile_name``, a game filling the whole board."""
    profile = load_profile(profile_name)
    game = KaskadeState(profile.columns, profile.rows)
    rng = random.Random(seed)
    while game.plies < game.grid.cells and not game.is_over():
        legal = game.legal_moves()
        game.play(legal[int(rng.random() * len(legal))])
    frame_ms = _frame_ms(profile, game, seconds)
    message_ms = _frame_ms(profile, game, seconds, Lettering.of(
        "Black wins 5:3", profile.led_width, profile.led_height))
    touch_ms, save_ms = _touch_to_frame_ms(profile_name, seconds, seed)
    longest = max(len(channel.chain) for channel in profile.channels)
    transfer_ms = longest * LED_MICROSECONDS / 1000
    return {
        "profile": profile_name,
        "leds": profile.leds,
        "channels": len(profile.channels),
        "frame_ms": round(frame_ms, 3),
        "message_frame_ms": round(message_ms, 3),
        "touch_to_frame_ms": round(touch_ms, 3),
        "save_ms": round(save_ms, 3),
        "transfer_ms": round(transfer_ms, 3),
        "headroom": round(transfer_ms / max(frame_ms, message_ms, touch_ms), 1),
    }


def _frame_ms(profile: Any, game: KaskadeState, seconds: float,
              message: Lettering | None = None) -> float:
    """Drawing the game (with a charged cell breathing; with a scrolling ``message`` over it,
    if one is given) plus gamma, brightness, the limiter and chain order, per frame."""
    maker = FrameMaker(profile)
    canvas = Canvas(profile.led_width, profile.led_height)
    view = KaskadeView(game.grid.width, game.grid.height, game.cells, game.grid.critical,
                       last_move=game.moves[-1].cell, last_mover=(game.plies - 1) % 2,
                       turn=Turn(to_move=game.to_move))
    frames = 0
    began = time.perf_counter()
    while True:
        draw_kaskade(canvas, profile, view, frames * 0.033)
        if message is not None:
            draw_message(canvas, message, frames * 0.033)
        maker.make(bytes(canvas.pixels), 0.8)
        frames += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return elapsed / frames * 1000


class _TimedPixels(MockPixels):
    """Notes when each frame is handed over."""

    def __init__(self) -> None:
        super().__init__()
        self.shown_at = 0.0

    def show(self, frame: Frame) -> None:
        super().show(frame)
        self.shown_at = time.perf_counter()


def _touch_to_frame_ms(profile_name: str, seconds: float, seed: int) -> tuple[float, float]:
    """From a finger leaving a pad to the frame showing the move handed to the LEDs, through
    the real app and driver (the undo button puts the position back between taps); and the
    time the game then takes to save."""
    profile = load_profile(profile_name)
    with tempfile.TemporaryDirectory() as directory:
        store = Store.at(Path(directory), "bench")
        app = App(profile, store, lambda: datetime(2026, 1, 1))
        board = mock_board(profile)
        pixels = _TimedPixels()
        board.pixels = pixels
        driver = Driver(app, board)
        clock = [0.0]
        def feed(event: InputEvent) -> None:
            driver.feed(event, clock[0])

        board.start(feed)
        driver.advance(0.0)
        session = app.new_game(KaskadeState(profile.columns, profile.rows), {})
        rng = random.Random(seed)
        for _ in range(profile.pads // 2):
            legal = session.state.legal_moves()
            session.play(legal[int(rng.random() * len(legal))])
        touches, buttons = board.touches, board.buttons
        assert isinstance(touches, VirtualTouches) and isinstance(buttons, VirtualButtons)
        latency = saving = 0.0
        taps = 0
        began = time.perf_counter()
        while time.perf_counter() - began < seconds or taps == 0:
            empty = [move.cell for move in session.state.legal_moves()
                     if not session.state.cells[move.cell]]
            pad = empty[int(rng.random() * len(empty))]
            clock[0] += 1.0
            touches.down(pad)
            clock[0] += 0.1
            shown = len(pixels.frames)
            start = time.perf_counter()
            touches.up(pad)
            done = time.perf_counter()
            if len(pixels.frames) == shown:
                raise RuntimeError("the move was not shown")
            latency += pixels.shown_at - start
            saving += done - pixels.shown_at
            taps += 1
            clock[0] += 5.0
            driver.advance(clock[0])
            buttons.down("undo")
            buttons.up("undo")
        return latency / taps * 1000, saving / taps * 1000
