"""``kaskade selftest``: check a newly built board. Every LED lights in turn in chain order
(press undo while a dark or misplaced one is lit to note it; menu skips ahead), then each pad
lights up and waits for a touch. At the end the pads show green or red and this command lists
dark LEDs, dead pads and pads that answer for one another. --only leds or --only pads tests
one part, as the steps of a build check them. Runs on the board, or in the simulator (--board
sim) to try it out.

Exit status 0 when everything answered, 1 otherwise.
"""

from __future__ import annotations

import argparse
import signal
import threading
import time
from typing import Any

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.loop import run as run_loop
from controller.app.screens.selftest import LED_SECONDS, PAD_SECONDS, SelfTestScreen, describe
from controller.app.thinking import DEFAULT_THINK_SECONDS
from controller.cli.backends import CHOICES, detect, open_board
from controller.cli.board import add_board_options, open_store, run_simulator
from controller.cli.help import description
from controller.errors import KaskadeError

SHOW_SECONDS = 3.0
"""How long the board shows the result before the command ends (on a real board)."""


def register(commands: Any) -> None:
    """Add ``selftest`` to the command line."""
    parser = commands.add_parser(
        "selftest", help="light every LED and ask for a touch on every pad of a new build",
        description=description(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", choices=CHOICES, default="auto",
                        help="the real board on a Pi, the simulator, or auto (default)")
    add_board_options(parser, think=False)
    parser.add_argument("--port", metavar="PATH",
                        help="the touch board's serial port (default: found by its USB id)")
    parser.add_argument("--led-seconds", type=float, default=LED_SECONDS, metavar="S",
                        help=f"how long each LED stays lit (default {LED_SECONDS:g})")
    parser.add_argument("--pad-seconds", type=float, default=PAD_SECONDS, metavar="S",
                        help=f"how long a pad waits for its touch (default {PAD_SECONDS:g})")
    parser.add_argument("--only", choices=("leds", "pads"),
                        help="test one part, as a build's steps check them: the LEDs once "
                        "they are wired, the pads once they are laid")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run the self-test and print what it found."""
    if not 0.005 <= args.led_seconds <= 5 or not 1 <= args.pad_seconds <= 600:
        raise KaskadeError("--led-seconds takes 0.005 to 5, --pad-seconds 1 to 600")
    profile, store = open_store(args)
    screens: list[SelfTestScreen] = []

    kind = detect() if args.board == "auto" else args.board
    note = "close the simulator (q) to print the report in the terminal it was started from" \
        if kind == "sim" else "the report is printed where kaskade selftest runs"

    def make(app: App) -> SelfTestScreen:
        screens.append(SelfTestScreen(app, args.led_seconds, args.pad_seconds, note,
                                      args.only or "both"))
        return screens[-1]

    if kind == "sim":
        run_simulator(profile, store, terminal=False, think=DEFAULT_THINK_SECONDS, port=args.port,
                      screen=make)
    else:
        board = open_board(kind, profile, port=args.port)
        app = App(profile, store)
        app.show(make(app))
        stop = threading.Event()
        for signal_number in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signal_number, lambda *_: stop.set())
        threading.Thread(target=_stop_when_done, args=(screens[0], stop), daemon=True).start()
        try:
            run_loop(Driver(app, board), stop)
        finally:
            board.close()
    report = screens[0].report
    print(describe(report, profile.pad_name))
    return 0 if report.ok else 1


def _stop_when_done(screen: SelfTestScreen, stop: threading.Event) -> None:
    while not screen.report.finished and not stop.is_set():
        time.sleep(0.2)
    stop.wait(SHOW_SECONDS)
    stop.set()
