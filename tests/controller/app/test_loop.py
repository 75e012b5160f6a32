"""The real-time loop with the computer thinking on its own thread: the LEDs keep animating and
the buttons keep working while it thinks."""

from __future__ import annotations

import threading
import time

from controller.app.app import App, Store
from controller.app.driver import Driver
from controller.app.loop import run
from controller.devices.backends import open_board
from controller.profile import load_profile
from tests.support.board import NOON


def test_the_board_stays_alive_while_the_computer_thinks(tmp_path):
    profile = load_profile("kaskade-8x8")
    store = Store.at(tmp_path, "kaskade-8x8")
    app = App(profile, store, lambda: NOON, think_seconds=1.5)
    board = open_board("mock", profile)
    driver = Driver(app, board)
    stop = threading.Event()
    loop = threading.Thread(target=run, args=(driver, stop), daemon=True)
    loop.start()

    def tap(name: str) -> None:
        pad = (int(name[1:]) - 1) * 8 + ord(name[0]) - ord("a")
        board.touches.down(pad)
        time.sleep(0.05)
        board.touches.up(pad)
        time.sleep(0.15)

    try:
        time.sleep(0.2)
        tap("a8")   # Kaskade
        tap("e4")   # against the computer, level 5
        tap("c3")   # a 3 x 3 board
        assert type(app.screen).__name__ == "PlayScreen"
        tap("b2")
        frames = len(board.pixels.frames)
        time.sleep(0.5)
        assert app.session.moves == ["b2"], "still thinking"
        # 30 frames a second when idle; at least a fifth of that with a search on the GIL
        assert len(board.pixels.frames) - frames >= 3, "the LEDs kept animating"
        board.buttons.down("undo")
        board.buttons.up("undo")
        time.sleep(0.2)
        assert app.session.moves == []
        time.sleep(1.8)
        assert app.session.moves == [], "the cancelled thinking played nothing"
        tap("a1")
        deadline = time.monotonic() + 10
        while len(app.session.moves) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(app.session.moves) == 2, "the computer answered"
    finally:
        stop.set()
        loop.join(timeout=5)
    assert not loop.is_alive()
