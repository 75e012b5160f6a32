"""Pictures of the simulator's window for the documentation: the board with its description
under it, as a person sees it. Plays a touch script in the window in real time (``tap``,
``hold``, ``press``, ``wait``; ``png NAME`` takes the picture) and writes each picture as
``NAME.png``; the coordinates are shown, and the side panel names the pad touched last, as if
the mouse rested there.

Run under an X display, e.g. ``xvfb-run python -m sim.front.window_shot --profile kaskade-8x8
--script docs/screenshots/window/game.txt --png-out docs/images`` (``make window-screenshots``
does this for every script). Fonts differ between machines, so these pictures are not compared
byte for byte as the LED pictures are.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import threading
import time
import tkinter as tk
from functools import partial
from pathlib import Path

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.store import Store
from controller.profile import load_profile
from sim.board import sim_board, sim_parts
from sim.front.finger_time import wait_on
from sim.front.png import write_png
from sim.front.script import Command, act, parse_command
from sim.front.window import Window
from sim.front.xwd import read_xwd

SETTLE = 0.3
"""Seconds after each command, for the app to draw and the window to show it."""


def capture(window_id: int, path: Path) -> None:
    """Write the picture of the X window ``window_id`` to ``path`` (PNG)."""
    dump = subprocess.run(["xwd", "-id", str(window_id), "-silent"],
                          capture_output=True, check=True, timeout=30).stdout
    shot = read_xwd(dump)
    rgb = b"".join(bytes(shot.pixel(x, y)) for y in range(shot.height)
                   for x in range(shot.width))
    write_png(path, shot.width, shot.height, rgb)


def play(window: Window, window_id: int, commands: list[Command], out: Path,
         done: threading.Event) -> None:
    """Carry out ``commands`` in real time (on a thread, which never calls Tk: the window
    keeps drawing on its own)."""
    try:
        time.sleep(1.0)
        for command in commands:
            if command.verb == "wait":
                time.sleep(command.seconds)
            elif command.verb == "png":
                capture(window_id, out / f"{command.name}.png")
            elif command.button is not None:
                act(command, partial(window.buttons.down, command.button),
                    partial(window.buttons.up, command.button), time.sleep)
            elif command.pad is not None:
                window.hovered = command.pad  # the mouse rests where it touched
                act(command, partial(window.touches.down, command.pad),
                    partial(window.touches.up, command.pad), wait_on(window.touches.clock))
            time.sleep(SETTLE)
    finally:
        done.set()


def main(argv: list[str] | None = None) -> int:
    """Play a script in the window and save its pictures."""
    parser = argparse.ArgumentParser(prog="python -m sim.front.window_shot", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profile", default="kaskade-8x8")
    parser.add_argument("--script", type=Path, required=True)
    parser.add_argument("--png-out", type=Path, required=True)
    args = parser.parse_args(argv)
    profile = load_profile(args.profile)
    commands = [command for number, text in
                enumerate(args.script.read_text(encoding="utf-8").splitlines(), 1)
                if (command := parse_command(text, number, profile)) is not None]
    args.png_out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as state:
        board = sim_board(profile)
        sim_parts(board)
        window = Window(Driver(App(profile, Store.at(Path(state), profile.name)), board),
                        tk.Tk())
        window.coordinates = True
        done = threading.Event()
        window.root.update()
        worker = threading.Thread(
            target=play, args=(window, window.root.winfo_id(), commands, args.png_out, done),
            daemon=True)

        def close_when_done() -> None:
            if done.is_set():
                window.close()
            else:
                window.root.after(100, close_when_done)

        window.root.after(100, close_when_done)
        worker.start()
        window.run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
