"""``kaskade sim``: the board simulator — a window that looks and behaves like the board, a
terminal version, and a headless mode driven by a touch script."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from controller.app.storage import read_text
from controller.app.store import Store
from controller.cli.board import (
    add_board_options,
    add_web_host_option,
    open_store,
    run_simulator,
    start_web,
)
from controller.cli.usage import UsageError
from controller.profile.model import Profile
from controller.remote.link import links
from controller.web.server import Serving, parse_address

EXAMPLES = """\
examples:
  kaskade sim                                  the standard 8x8 board in a window
  kaskade sim --profile kaskade-16x16          the large board
  kaskade sim --terminal                       in this terminal (also used without a display)
  kaskade sim --headless --script game.txt --png-out shots
                                               play a touch script, save pictures
  kaskade sim --headless --web 127.0.0.1:8765 --script -
                                               serve the board in a browser; touches typed
                                               here run in real time until input ends
  kaskade sim --silicon                        the touch board is an emulated Pico running
                                               MicroPython's rp2 port and the real firmware
                                               (first: make silicon-image)
  kaskade sim --touch-board                    only the touch board, on a pseudo-terminal;
                                               then: kaskade play --port /dev/pts/N
  kaskade sim device --flash DIR               a MicroPython board (the real interpreter)
                                               with its flash in DIR, on a pseudo-terminal;
                                               then: kaskade firmware flash --port /dev/pts/N
  kaskade sim device --install-interpreter     install that interpreter once with npm
                                               (for a program installed from a package)

The window's touches go through the real firmware running on a simulated microcontroller and
reach the app through the touch link over a pseudo-terminal, as on the real board.
The window: click a pad to touch it, hold the mouse button to hold it, shift-click to keep a
pad touched; M and U (or the buttons) are the board's menu and undo buttons; Q quits.
Scripts and the window are described in docs/simulator.md."""


def register(commands: Any) -> None:
    """Add ``sim`` to the command line."""
    parser = commands.add_parser(
        "sim", help="the board simulator (window, terminal or headless)",
        description="Run the board app on a simulated board: a window that looks like the "
        "board,\nthe same in a terminal, or headless from a touch script.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_board_options(parser)
    front = parser.add_mutually_exclusive_group()
    front.add_argument("--terminal", action="store_true",
                       help="draw the board in this terminal instead of a window")
    front.add_argument("--headless", action="store_true",
                       help="no front end: touches from --script, pictures to --png-out (in "
                       "real time when the board is linked to a broker: kaskade remote setup)")
    parser.add_argument("--script", metavar="FILE",
                        help="with --headless: the touch script ('-' reads standard input, "
                        "line by line as it arrives)")
    parser.add_argument("--png-out", metavar="DIR", type=Path,
                        help="with --headless: folder for the script's pictures and final.png")
    front.add_argument("--touch-board", action="store_true",
                       help="only the simulated touch board: the real firmware behind a "
                       "pseudo-terminal, its pads touched by commands on standard input "
                       "(for kaskade play --port, or any serial program)")
    parser.add_argument("--touch", choices=("firmware", "direct"), default="firmware",
                        help="where the window's touches go (and a served --headless "
                        "script's): through the real firmware on a simulated microcontroller "
                        "and the touch link (default), or straight to the app")
    parser.add_argument("--silicon", action="store_true",
                        help="the touch board is an emulated RP2040 (rp2040js under node) "
                        "running MicroPython's rp2 port and the real touch firmware, its touch "
                        "chips at register level; the window's (or a --headless script's, in "
                        "real time) touches are fingers on its pads, and the touch lines come "
                        "back over its USB serial line through a pseudo-terminal. Needs node, "
                        "npm ci --prefix sim/silicon and the image (make silicon-image); the "
                        "firmware is installed on first use (docs/firmware.md#silicon-stage)")
    parser.add_argument("--web", metavar="[HOST:]PORT",
                        help="serve the web companion too: the board in a browser, played and "
                        "set from a phone (HOST defaults to 127.0.0.1, this computer only; "
                        "0.0.0.0 opens it to the network); the address is printed. With "
                        "--headless the script runs in real time while the board is served. "
                        "Anyone who reaches it sees the board unless the settings' web_reading "
                        "says paired; changing anything needs pairing (docs/web.md)")
    add_web_host_option(parser)
    parser.add_argument("--port", metavar="PATH",
                        help="take touches from the board on this serial port instead (a real "
                        "one, or another simulator's --touch-board)")
    parser.add_argument("part", nargs="?", choices=("device",),
                        help="device: only a MicroPython board emulator (the real interpreter "
                        "with a flash file system) on a pseudo-terminal, for the firmware "
                        "tools; type help at its prompt for power and cable commands")
    parser.add_argument("--flash", metavar="DIR", type=Path,
                        help="with device: the folder that keeps the board's flash (default: "
                        "device-flash in the state directory)")
    parser.add_argument("--link", metavar="PATH", type=Path,
                        help="with device: also name its port PATH (a symbolic link)")
    parser.add_argument("--install-interpreter", action="store_true",
                        help="with device: install the MicroPython interpreter it runs (an npm "
                        "package) into this user's data folder and exit; needs npm. A source "
                        "checkout has it from npm ci in sim/micropython instead")
    parser.add_argument("--dump", metavar="FILE", type=Path,
                        help="with --headless: write the final state and every LED's colour "
                        "as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run the chosen front end."""
    headless_only = [flag for flag, value in (("--script", args.script),
                                              ("--png-out", args.png_out),
                                              ("--dump", args.dump)) if value is not None]
    if headless_only and not args.headless:
        raise UsageError(f"{headless_only[0]} goes with --headless")
    if args.headless and args.script is None:
        raise UsageError("--headless needs --script FILE (or --script - for standard input)")
    if args.port and args.headless:
        raise UsageError("--headless takes its touches from --script, not --port")
    if args.silicon and (args.port or args.touch_board or args.part == "device"
                         or args.touch == "direct"):
        raise UsageError("--silicon is a touch board of its own: it goes with neither --port, "
                         "--touch-board, --touch direct nor device")
    if args.part != "device" and (args.flash or args.link or args.install_interpreter):
        raise UsageError("--flash, --link and --install-interpreter go with kaskade sim device")
    if args.install_interpreter:
        from sim.micropython.interpreter import install  # noqa: PLC0415

        print(f"the MicroPython interpreter is installed in {install()}")
        return 0
    if args.part == "device":
        from controller.app.paths import state_dir  # noqa: PLC0415
        from sim.micropython.board import MicroPythonBoard, serve  # noqa: PLC0415

        flash = args.flash or state_dir(args.state_dir) / "device-flash"
        flash.mkdir(parents=True, exist_ok=True)
        serve(MicroPythonBoard(flash, args.link), sys.stdin, sys.stdout)
        return 0
    profile, store = open_store(args)
    if args.touch_board:
        from sim.touch_board.standalone import TouchBoard  # noqa: PLC0415

        TouchBoard(profile).serve(sys.stdin, sys.stdout)
        return 0
    web = Serving(*parse_address(args.web), reading="open", hosts=tuple(args.web_host)) \
        if args.web is not None else None
    touch = "silicon" if args.silicon else args.touch
    if not args.headless:
        return run_simulator(profile, store, args.terminal, args.think, touch, args.port,
                             web=web)
    lines = sys.stdin if args.script == "-" else read_text(Path(args.script)).splitlines()
    if web is not None or args.silicon or links(store.directory):
        return _live_script(args, profile, store, web, lines, touch)
    from sim.front.headless import Headless  # noqa: PLC0415

    simulator = Headless(profile, store, args.png_out, think_seconds=args.think, out=sys.stdout)
    simulator.run(lines)
    if args.png_out is not None:
        simulator.save_png("final")
    if args.dump is not None:
        simulator.dump(args.dump)
    print(json.dumps(simulator.summary()))
    return 0


def _live_script(args: argparse.Namespace, profile: Profile, store: Store,
                 web: Serving | None, lines: Iterable[str], touch: str) -> int:
    """The headless simulator in real time, its board served on ``web`` (if given) and linked
    to the broker (when one is set up) while the script runs; the emulated Pico's touch board
    runs in real time too."""
    from controller.web.bridge import Bridge  # noqa: PLC0415
    from sim.board import sim_board  # noqa: PLC0415
    from sim.front.live import Live  # noqa: PLC0415

    board = sim_board(profile, touch, out=sys.stderr)
    server = None
    try:
        bridge, server = start_web(profile, store, web, simulated=True)
        bridge = bridge or Bridge()
        page = server.page if server is not None else ""
        with Live(profile, store, board, bridge, args.think, args.png_out, sys.stdout,
                  page) as live:
            live.run(lines)
            live.finish(args.png_out, args.dump)
            print(json.dumps(live.summary()))
    finally:
        if server is not None:
            server.stop()
        board.close()
    return 0
