"""The simulator window under a virtual X display: it opens, clicks become touches, and a
screenshot shows the game's LEDs in their places and colours.

Needs Xvfb, xdotool and xwd (Debian: xvfb, xdotool, x11-apps), which ``.ci/run`` installs. In CI
a missing tool fails the test; on a developer's machine without them it is skipped, saying so.
"""

from __future__ import annotations

import contextlib
import gc
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from controller.profile import load_profile
from sim.front.raster import Raster
from sim.front.window import BOARD_OFFSET, BOARD_PIXELS
from sim.front.xwd import read_xwd

pytestmark = pytest.mark.display

KASKADE = str(Path(sys.executable).parent / "kaskade")
LEFT, TOP = BOARD_OFFSET


@contextlib.contextmanager
def open_window(tmp_path: Path) -> Iterator[tuple[Any, Any, Callable[[float], None]]]:
    """A simulator window in this process on the kaskade-8x8 board, its app, and a pump that
    lets Tk run for some seconds; closed after. Collect garbage after the ``with``: Tk's objects
must be freed on this thread, not by a collection that happens on another."""
    import tkinter

    from controller.app.app import App
    from controller.app.driver import Driver
    from controller.app.store import Store
    from sim.board import sim_board
    from sim.front.window import Window

    profile = load_profile("kaskade-8x8")
    app = App(profile, Store.at(tmp_path, "kaskade-8x8"))
    window = Window(Driver(app, sim_board(profile)), tkinter.Tk())
    window.thread.start()
    window.root.after(10, window._poll)

    def pump(seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            window.root.update()
            time.sleep(0.02)

    try:
        yield window, app, pump
    finally:
        window.close()


def pump_until(pump: Callable[[float], None], done: Callable[[], bool], what: str) -> None:
    """Let Tk run until ``done()`` (a minute at most: the machine may be busy)."""
    deadline = time.monotonic() + 60
    while not done():
        assert time.monotonic() < deadline, f"{what} never happened"
        pump(0.05)


def xdotool(env: dict[str, str], *arguments: str) -> str:
    return subprocess.run(["xdotool", *arguments], env=env, capture_output=True, text=True,
                          check=True, timeout=30).stdout


def test_the_window_plays_a_game_by_clicks_and_shows_it(display, tmp_path):
    profile = load_profile("kaskade-8x8")
    raster = Raster(profile, max(6, BOARD_PIXELS // profile.led_width))
    app = subprocess.Popen([KASKADE, "sim", "--state-dir", str(tmp_path)], env=display,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def led_in(shot, x: int, y: int) -> tuple[int, int, int]:
        px, py = raster.led_centre(x, y)
        return shot.pixel(LEFT + px, TOP + py)

    def is_white(colour: tuple[int, int, int]) -> bool:
        """A lit White ball: bright in every channel (Black's light is blue, red low)."""
        return min(colour) > 150

    try:
        window = xdotool(display, "search", "--sync", "--onlyvisible", "--name",
                         "Kaskade Board").split()[0]
        assert "Kaskade Board 8x8" in xdotool(display, "getwindowname", window)
        time.sleep(1.0)

        def click(pad: str) -> None:
            column, row = ord(pad[0]) - ord("a"), int(pad[1:]) - 1
            x, y = raster.led_centre(column * 2, row * 2)
            xdotool(display, "mousemove", "--window", window, str(LEFT + x + raster.led_px // 2),
                    str(TOP + y - raster.led_px // 2), "click", "1")
            time.sleep(0.4)

        click("a8")          # the Kaskade tile: its name
        click("a8")          # play it
        click("a8")          # two people
        click("b2")          # a 2 x 2 board
        click("h1")          # skips the words "White to move"
        record = tmp_path / "kaskade-8x8" / "current.record"
        for number, move in enumerate(("a1", "b2", "a2", "b1", "a1"), 1):
            click(move)
            deadline = time.monotonic() + 60  # the move is played and saved
            while not (record.exists() and  # the moves, after the record's [headers]
                       len(re.findall(r"\b[a-h][1-8]\b",
                                      record.read_text().rsplit("]", 1)[-1])) >= number):
                assert time.monotonic() < deadline, f"move {number} ({move}) was not played"
                time.sleep(0.05)
        time.sleep(3.0)      # the cascade, then the win (their animations take this long)
        click("h1")          # skips the result's words
        deadline = time.monotonic() + 60
        while True:  # until the window shows the board again (the click is taken, drawn)
            dump = subprocess.run(["xwd", "-id", window, "-silent"], env=display,
                                  capture_output=True, check=True, timeout=30).stdout
            if is_white(led_in(read_xwd(dump), 0, 1)) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
    finally:
        if app.poll() is None:
            subprocess.run(["xdotool", "key", "q"], env=display, capture_output=True,
                           check=False, timeout=30)
        try:
            app.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()
            app.wait()
    assert app.returncode == 0, app.stderr.read()
    shot = read_xwd(dump)

    def led(x: int, y: int) -> tuple[int, int, int]:
        return led_in(shot, x, y)

    assert is_white(led(0, 1)), f"a1 holds White's balls: {led(0, 1)}"
    assert is_white(led(2, 3)), f"b2 holds White's balls: {led(2, 3)}"
    assert not any(is_white(led(x, y)) for x, y in ((1, 3), (3, 1))), "a2 and b1 are empty"
    assert "1. a1 b2 2. a2 b1 3. a1" in record.read_text()


def test_the_debug_pane_shows_readings_and_wire_traffic(display, tmp_path, monkeypatch):
    monkeypatch.setenv("DISPLAY", display["DISPLAY"])
    with open_window(tmp_path) as (window, _app, pump):
        pump(0.5)
        window._toggle_debug()
        window.driver.board.fingers.down(9)  # b2
        pump_until(pump, lambda: "← A " in window.debug.cget("text") and any(
            line.startswith(" 2 ") and line.split()[2].endswith("*")
            for line in window.debug.cget("text").splitlines()), "the touched b2 shown")
        text = window.debug.cget("text")
    gc.collect()
    assert "touch board: connected" in text
    row_2 = next(line for line in text.splitlines() if line.startswith(" 2 "))
    assert row_2.split()[2].endswith("*"), row_2
    assert "→ D " in text  # diagnostics asked for
    assert "← A " in text  # and the board agreed


def test_keys_hover_coordinates_and_resizing(display, tmp_path, monkeypatch):
    """Without a mouse: arrows and Space play; the pad under the cursor is named with what a
    touch does; C draws the coordinates; a larger window draws larger LEDs."""
    monkeypatch.setenv("DISPLAY", display["DISPLAY"])
    with open_window(tmp_path) as (window, app, pump):
        keyboard_hover_and_resizing(window, app, pump)
    gc.collect()


def keyboard_hover_and_resizing(window: Any, app: Any, pump: Callable[[float], None]) -> None:
    """The steps of the test above, in an open window."""

    def key(name: str, done: Callable[[], bool], what: str) -> None:
        window.root.event_generate(f"<KeyPress-{name}>", when="tail")
        window.root.event_generate(f"<KeyRelease-{name}>", when="tail")
        pump_until(pump, done, what)

    pump(0.5)
    window.root.focus_force()
    key("Up", lambda: window.keyboard, "the cursor")  # on a8, the Kaskade tile
    assert window._hover_text() == "pad a8 · Kaskade · touch: its name · hold: learn it"
    key("space", lambda: "touch: play it" in window._hover_text(), "Kaskade chosen")
    key("space", lambda: type(app.screen).__name__ == "PlayersScreen", "the players screen")
    key("c", lambda: bool(window.canvas.find_withtag("overlay")),
        "coordinates and the cursor drawn")
    small = window.raster.led_px
    window.root.geometry("1400x1100")
    pump_until(pump, lambda: window.raster.led_px > small, "the LEDs grew with the window")
    window._toggle_debug()
    pump_until(pump, lambda: "frames sent:" in window.debug.cget("text"), "the debug pane")
    assert "frames sent" not in window.hover.cget("text")



def test_holding_a_tile_in_the_window_starts_its_lesson(display, tmp_path, monkeypatch):
    """Space held on the Kaskade tile, as a finger would rest on it: its lesson, with the
    step's words under the board."""
    monkeypatch.setenv("DISPLAY", display["DISPLAY"])
    with open_window(tmp_path) as (window, app, pump):
        pump(0.5)
        window.root.focus_force()
        window.root.event_generate("<KeyPress-Up>", when="tail")
        window.root.event_generate("<KeyRelease-Up>", when="tail")
        pump(0.3)
        window.root.event_generate("<KeyPress-space>", when="tail")
        deadline = time.monotonic() + 60
        while type(app.screen).__name__ != "LessonScreen":
            assert time.monotonic() < deadline, "the held tile started no lesson"
            pump(0.2)
        window.root.event_generate("<KeyRelease-space>", when="tail")
        pump(0.5)
        assert "Learning Kaskade · step 1 of 7" in window.description.cget("text")
    gc.collect()


def test_the_window_pictures_for_the_documentation_are_made(display, tmp_path, monkeypatch):
    from sim.front import window_shot

    monkeypatch.setenv("DISPLAY", display["DISPLAY"])
    script = tmp_path / "shot.txt"
    script.write_text("tap a8\npng shot\n")
    assert window_shot.main(["--profile", "kaskade-mini", "--script", str(script),
                             "--png-out", str(tmp_path)]) == 0
    gc.collect()
    picture = (tmp_path / "shot.png").read_bytes()
    assert picture.startswith(b"\x89PNG")
    width, height = int.from_bytes(picture[16:20], "big"), int.from_bytes(picture[20:24], "big")
    assert width > 400, "the whole window: board, side panel"
    assert height > 300, "and the words under the board"
