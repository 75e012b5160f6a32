"""``kaskade play``: the board app on the board (``--board``), or Kaskade for two people at one
keyboard in the terminal (``--terminal``, :mod:`controller.cli.terminal_game`)."""

from __future__ import annotations

import argparse
import contextlib
import datetime
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.app.app import App
from controller.app.autosave import Autosave
from controller.app.driver import Driver
from controller.app.loop import run as run_loop
from controller.app.session import Session
from controller.app.storage import read_text
from controller.cli import ansi
from controller.cli.board import add_board_options, open_store, run_simulator
from controller.cli.terminal_game import Console, TerminalGame
from controller.devices.backends import CHOICES, detect, open_board
from controller.games import OptionsError
from controller.games.kaskade import KaskadeState
from controller.games.record import parse_record
from controller.games.replay import replay, starting_state

KEPT_TAGS = ("White", "Black", "Date", "Termination")
"""What a continued game keeps of its record's tags (the rest is the game's own)."""


def register(commands: Any) -> None:
    """Add ``play`` to the command line."""
    parser = commands.add_parser(
        "play", help="run the board app, or play Kaskade in the terminal (--terminal)",
        description="Run the board app on the board: the real one on a Raspberry Pi, the "
        "simulator elsewhere (--board). With --terminal, play Kaskade in this terminal instead, "
        "two people taking turns at one keyboard; type 'help' during that game.",
    )
    parser.add_argument("--board", choices=CHOICES, default="auto",
                        help="which board: the simulator, the real one on a Pi, or auto (the "
                        "real one on a Pi, else the simulator; default)")
    add_board_options(parser)
    parser.add_argument("--port", metavar="PATH",
                        help="the touch board's serial port (default: found by its USB id); "
                        "e.g. the pseudo-terminal of kaskade sim --touch-board")
    parser.add_argument("--terminal", action="store_true",
                        help="play Kaskade as text in this terminal; the options below go with it")
    parser.add_argument("--size", metavar="WxH",
                        help="board size, width x height, 2x2 to 16x16 (default 6x9)")
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="keep the game in this record file: continue it if the file exists, "
                        "start it there otherwise; every move is saved at once")
    parser.add_argument("--white", metavar="NAME", help="the name of the player with White")
    parser.add_argument("--black", metavar="NAME", help="the name of the player with Black")
    parser.add_argument("--colour", "--color", choices=("auto", "always", "never"),
                        default="auto", help="colour the board (default: when on a terminal)")
    parser.add_argument("--no-animation", action="store_true",
                        help="show the end of each cascade at once")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """The board app, or the terminal game with ``--terminal``."""
    text_options = [flag for flag, value in (
        ("--size", args.size), ("--record", args.record), ("--white", args.white),
        ("--black", args.black), ("--no-animation", args.no_animation or None),
        ("--colour", None if args.colour == "auto" else args.colour)) if value is not None]
    if args.terminal and args.port:
        raise OptionsError("--port goes with the board app, not with --terminal")
    if not args.terminal:
        if text_options:
            raise OptionsError(f"{text_options[0]} goes with --terminal (the text game); on "
                               "the board everything is chosen by touch")
        return run_board(args)
    session = _setup(args)
    colour = ansi.wants_colour(sys.stdout, {"auto": None, "always": True, "never": False}[
        args.colour])
    console = Console(
        write=lambda text: print(text, flush=True),
        read=_line_reader(),
        colour=colour,
        animate=colour and not args.no_animation,
    )
    return TerminalGame(session, console).run()


def run_board(args: argparse.Namespace) -> int:
    """The board app on the board ``--board`` picks, until it is stopped."""
    profile, store = open_store(args)
    kind = detect() if args.board == "auto" else args.board
    if kind == "sim":
        return run_simulator(profile, store, terminal=False, think=args.think, port=args.port)
    thresholds = store.settings.load().thresholds
    board = open_board(kind, profile, port=args.port,
                       thresholds=(thresholds[0], thresholds[1]) if thresholds else None)
    stop = threading.Event()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signal_number, lambda *_: stop.set())
    try:
        run_loop(Driver(App(profile, store, think_seconds=args.think), board), stop)
    finally:
        board.close()
    return 0


def _setup(args: argparse.Namespace) -> Session[KaskadeState]:
    """The game from a record file (continued) or the options (new), saved to ``--record``."""
    tags = {"White": args.white or "", "Black": args.black or ""}
    autosave = None if args.record is None else Autosave(args.record)
    if args.record is not None and args.record.exists():
        record = parse_record(read_text(args.record))
        start = starting_state(record)
        if not isinstance(start, KaskadeState):
            raise OptionsError(f"{args.record} holds a game of {record.game}, not Kaskade")
        if args.size is not None and start.options() != KaskadeState.new(
                {"size": args.size}).options():
            raise OptionsError(f"{args.record} holds a {start.options()['size']} game; "
                               f"leave out --size {args.size} to continue it")
        replay(start.copy(), record.moves)  # names the move that is wrong, if one is
        kept = {k: v for k, v in record.tags.items() if k in KEPT_TAGS}
        if "Termination" in kept:  # a resignation stands
            kept["Result"] = record.tags.get("Result", "*")
        tags = {**kept, **{k: v for k, v in tags.items() if v}}
        return Session(start, list(record.moves), tags, autosave)
    start = KaskadeState.new({} if args.size is None else {"size": args.size})
    tags["Date"] = datetime.date.today().isoformat()
    return Session(start, [], {k: v for k, v in tags.items() if v}, autosave)


def _line_reader() -> Callable[[str], str]:
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401, PLC0415  (line editing and history where available)
    return input
