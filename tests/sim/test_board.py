"""The simulated board on its default path — the real firmware on the simulated
microcontroller, reached through the touch link over a pseudo-terminal — with the app running
in real time: the sensors screen's heat map comes from the firmware's diagnostic stream."""

from __future__ import annotations

import threading
import time

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.loop import run as run_loop
from controller.app.store import Store
from controller.profile import load_profile
from sim.board import sim_board
from sim.leds import FrameReader


def test_the_sensors_screen_shows_the_firmwares_readings_and_touches(tmp_path):
    profile = load_profile("kaskade-8x8")
    board = sim_board(profile)
    driver = Driver(App(profile, Store.at(tmp_path, "kaskade-8x8")), board)
    reader = FrameReader(profile)
    stop = threading.Event()
    loop = threading.Thread(target=run_loop, args=(driver, stop), daemon=True)
    loop.start()

    def pad_colour(pad: int) -> tuple[int, int, int]:
        _, frame = board.pixels.latest()  # type: ignore[attr-defined]
        k = profile.per_pad
        column, row = pad % profile.columns, pad // profile.columns
        return reader.colours(frame)[(row * k) * profile.led_width + column * k]

    def wait_for(condition, what: str, seconds: float = 60.0) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < deadline, f"no {what} within {seconds} s"
            time.sleep(0.05)

    def scan_for(ms: int) -> None:
        """Until the touch firmware has scanned for ``ms`` milliseconds of its own time."""
        machine = board.device.device.machine  # type: ignore[attr-defined]
        until = machine.now_ms + ms
        wait_for(lambda: machine.now_ms >= until, f"{ms} ms of scanning")

    fingers = board.fingers
    assert fingers is not None
    try:
        wait_for(lambda: board.touches.connected, "connection")  # type: ignore[attr-defined]
        scan_for(300)  # the baselines settle
        sensors_pad = 6  # g1
        fingers.down(sensors_pad)
        scan_for(150)  # a finger's tap lasts a few scans
        fingers.up(sensors_pad)
        wait_for(lambda: type(driver.app.screen).__name__ == "SensorsScreen", "sensors screen")
        wait_for(lambda: pad_colour(20)[2] > max(pad_colour(20)[:2]), "blue, quiet c3")
        fingers.down(9)  # b2
        wait_for(lambda: min(pad_colour(9)) > 0.8 * max(pad_colour(9)) > 0, "white, touched b2")
        fingers.up(9)
        board.buttons.down("menu")  # type: ignore[attr-defined]
        board.buttons.up("menu")  # type: ignore[attr-defined]
        wait_for(lambda: type(driver.app.screen).__name__ == "HomeScreen", "home screen")
        wait_for(lambda: not board.touches.streaming, "the stream stopped")  # type: ignore[attr-defined]
    finally:
        stop.set()
        loop.join(timeout=60)
        board.close()


def test_the_simulated_board_closes_as_gpiozeros_devices_do():
    """In a ``with`` block, every part closed once at its end — the link's thread and the
    simulated microcontroller stopped too — its profile, then that it is closed, in its
    ``repr``."""
    profile = load_profile("kaskade-8x8")
    with sim_board(profile) as board:
        assert repr(board) == "<sim.board.SimBoard object for Kaskade Board 8x8, 64 pads, " \
            "256 LEDs>"
        assert repr(board.pixels) == "<sim.board.SimPixels object 0 frames shown>"
        assert repr(board.sound) == "<sim.board.SimSound object 0 sounds played>"
        assert board.device is not None
        thread = board.device._thread
    assert board.closed
    assert all(part.closed for part in (board.pixels, board.touches, board.buttons,
                                        board.sound))
    assert thread is not None
    assert not thread.is_alive(), "the firmware stopped"
    assert not board.device.line.plugged, "the line unplugged"
    assert repr(board) == "<sim.board.SimBoard object closed>"
    board.close()
