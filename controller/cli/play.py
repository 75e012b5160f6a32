"""``kaskade play``: the board app on the board (``--board``), or any of its games at the
keyboard (``--terminal``, :mod:`controller.cli.terminal_game`): people at one keyboard, or a
person against the computer (``--black computer:3``: seats are named by the game's colours)."""

from __future__ import annotations

import argparse
import contextlib
import datetime
import signal
import sys
import threading
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.ai.levels import LEVELS
from controller.app.app import App
from controller.app.autosave import Autosave
from controller.app.driver import Driver
from controller.app.history import History
from controller.app.loop import run as run_loop
from controller.app.paths import state_dir
from controller.app.ready import ReadyReport
from controller.app.seats import COMPUTER, HUMAN, seat
from controller.app.session import Session
from controller.app.storage import read_text
from controller.app.store import HISTORY_FILE
from controller.cli import ansi
from controller.cli.backends import CHOICES, detect, open_board
from controller.cli.board import (
    add_board_options,
    add_web_host_option,
    open_store,
    run_simulator,
    start_web,
)
from controller.cli.game_options import game_options
from controller.cli.remote_game import Keyboard, RemoteGame
from controller.cli.terminal_game import Console, TerminalGame
from controller.errors import KaskadeError
from controller.games import GameState, OptionsError, get_game
from controller.games.record import parse_record
from controller.games.registry import game_names
from controller.games.replay import replay, starting_state
from controller.games.status import title
from controller.remote.config import load as load_remote
from controller.remote.link import linked
from controller.web.server import Serving, parse_address

UNNAMED = ("human", "person", "guest")
REMOTE = "remote"
"""What a seat is given as for a board elsewhere (``--black remote``)."""
"""What a seat may be given as for a person not named (``--black person``)."""
SEAT_COLOURS = ("white", "black", "red")
"""Every colour a seat of some game has: each is an option of its own (``--black WHO``)."""
KEPT_TAGS = ("White", "Black", "Red", "Date", "Termination")
"""What a continued game keeps of its record's tags (the rest is the game's own)."""


def register(commands: Any) -> None:
    """Add ``play`` to the command line."""
    parser = commands.add_parser(
        "play", help="run the board app, or play a game in the terminal (--terminal)",
        description="Run the board app on the board: the real one on a Raspberry Pi, the "
        "simulator elsewhere (--board). With --terminal, play a game in this terminal instead "
        "(Kaskade unless --game says another): people taking turns at one keyboard, or against "
        "the computer (--black computer:3, or --seat black=computer:3: seats are named by the "
        "game's own colours); type 'help' during the game.",
    )
    parser.add_argument("--board", choices=CHOICES, default="auto",
                        help="which board: the simulator, the real one on a Pi, or auto (the "
                        "real one on a Pi, else the simulator; default)")
    add_board_options(parser)
    parser.add_argument("--port", metavar="PATH",
                        help="the touch board's serial port (default: found by its USB id); "
                        "e.g. the pseudo-terminal of kaskade sim --touch-board")
    parser.add_argument("--web", metavar="[HOST:]PORT",
                        help="serve the web companion beside the board app (HOST defaults to "
                        "127.0.0.1; 0.0.0.0 opens it to the network); without it, the "
                        "settings' \"web\" address, if any. Only paired devices see the "
                        "board unless the settings' web_reading says open (docs/web.md)")
    add_web_host_option(parser)
    parser.add_argument("--terminal", action="store_true",
                        help="play a game as text in this terminal; the options below go with it")
    parser.add_argument("--game", choices=game_names(),
                        help="which game (default kaskade, or the game of --record's file)")
    parser.add_argument("--size", metavar="SIZE",
                        help="Kaskade's board, width x height, 2x2 to 16x16 (default 6x9); "
                        "Cascades' top row")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                        help="another option of the game, e.g. -o shape=hexagon (repeatable)")
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="keep the game in this record file: continue it if the file exists, "
                        "start it there otherwise; every move is saved at once")
    parser.add_argument("--white", metavar="WHO",
                        help="who plays White (Kaskade, Cascades, Big Balls): a person known "
                        "by name (kaskade players), person (not named), or computer:LEVEL "
                        "(1-5); asked at the start when no seat is given and this is a "
                        "terminal")
    parser.add_argument("--black", metavar="WHO",
                        help="who plays Black (every two-player game), as --white")
    parser.add_argument("--red", metavar="WHO",
                        help="who plays Red (Colliding Circles), as --white")
    parser.add_argument("--seat", action="append", default=[], metavar="COLOUR=WHO",
                        help="who plays the game's colour COLOUR, e.g. --seat red=computer:2 "
                        "(repeatable; the same as --red computer:2); WHO remote: a board "
                        "elsewhere, through the broker kaskade remote setup set (the game is "
                        "offered, and its invite code printed)")
    parser.add_argument("--join", metavar="CODE",
                        help="join the game a board elsewhere offers under this invite code "
                        "(remote play set up with kaskade remote setup)")
    parser.add_argument("--remote", action="store_true",
                        help="go on with the game with a board elsewhere under way")

    parser.add_argument("--colour", "--color", choices=("auto", "always", "never"),
                        default="auto", help="colour the board (default: when on a terminal)")
    parser.add_argument("--no-animation", action="store_true",
                        help="show the end of each cascade at once")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """The board app, or the terminal game with ``--terminal``."""
    text_options = [flag for flag, value in (
        ("--game", args.game), ("--size", args.size), ("--option", args.option or None),
        ("--record", args.record), *((f"--{c}", getattr(args, c)) for c in SEAT_COLOURS),
        ("--seat", args.seat or None), ("--join", args.join),
        ("--remote", args.remote or None),
        ("--no-animation", args.no_animation or None),
        ("--colour", None if args.colour == "auto" else args.colour)) if value is not None]
    if args.terminal and args.port:
        raise OptionsError("--port goes with the board app, not with --terminal")
    if args.terminal and args.web:
        raise OptionsError("--web goes with the board app, not with --terminal")
    if not args.terminal:
        if text_options:
            raise OptionsError(f"{text_options[0]} goes with --terminal (the text game); on "
                               "the board everything is chosen by touch")
        return run_board(args)
    if args.join is not None or args.remote or REMOTE in _given_seats(args).values():
        return run_remote(args)
    read = line_reader()
    history = History(state_dir(args.state_dir) / HISTORY_FILE)
    colour = ansi.wants_colour(sys.stdout, {"auto": None, "always": True, "never": False}[
        args.colour])
    console = Console(
        write=lambda text: print(text, flush=True),
        read=read,
        colour=colour,
        animate=colour and not args.no_animation,
    )
    session = _setup(args, read if sys.stdin.isatty() else None, history.person, console.warn)
    return TerminalGame(session, console, args.think, history).run()


def run_remote(args: argparse.Namespace) -> int:
    """The terminal game with a board elsewhere: offered (a seat ``remote``), joined
    (``--join``) or gone on with (``--remote``)."""
    given = _given_seats(args)
    remote = [colour for colour, who in given.items() if who == REMOTE]
    chosen = [flag for flag, on in (("--join", args.join is not None), ("--remote", args.remote),
                                    ("a seat played remote", bool(remote))) if on]
    if len(chosen) > 1:
        raise OptionsError(f"{' and '.join(chosen)} do not go together")
    if args.record is not None:
        raise OptionsError("--record goes with a game at this keyboard; a game with a board "
                           "elsewhere is kept in the board's state (--state-dir)")
    offer = None
    if remote:
        start = get_game(args.game or "kaskade").new(game_options(args))
        colours = list(start.info.players)
        others = [c for c, who in given.items() if who not in (REMOTE, *UNNAMED) and
                  c in colours]
        if len(colours) != 2 or len(remote) != 1 or others:
            raise OptionsError("a game with a board elsewhere is one of two seats: one played "
                               "here by a person, the other remote (e.g. --black remote)")
        if remote[0] not in colours:
            raise OptionsError(f"{start.info.title} has no seat {remote[0]}: its seats are "
                               f"{' and '.join(colours)}")
        offer = (start.info.name, start.options(), 1 - colours.index(remote[0]))
    profile, store = open_store(args)
    settings = load_remote(store.directory)
    if settings is None:
        raise OptionsError("remote play is not set up for this board: kaskade remote setup "
                           "--broker HOST --user NAME (docs/remote.md)")
    colour = ansi.wants_colour(sys.stdout, {"auto": None, "always": True, "never": False}[
        args.colour])
    console = Console(write=lambda text: print(text, flush=True), read=input, colour=colour)
    return RemoteGame(profile, store, settings, console,
                      Keyboard(sys.stdin.fileno())).run(offer, args.join)


def run_board(args: argparse.Namespace) -> int:
    """The board app on the board ``--board`` picks, until it is stopped."""
    profile, store = open_store(args)
    address = args.web or store.settings.load().web
    web = Serving(*parse_address(address), reading="paired", hosts=tuple(args.web_host)) \
        if address else None
    kind = detect() if args.board == "auto" else args.board
    if kind == "sim":
        return run_simulator(profile, store, terminal=False, think=args.think, port=args.port,
                             web=web)
    thresholds = store.settings.load().thresholds
    board = open_board(kind, profile, port=args.port,
                       thresholds=(thresholds[0], thresholds[1]) if thresholds else None)
    stop = threading.Event()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signal_number, lambda *_: stop.set())
    bridge, server = start_web(profile, store, web)
    try:
        run_loop(Driver(App(profile, store, think_seconds=args.think), board), stop,
                 companion=ReadyReport(store.directory.parent, linked(
                     store.directory, bridge, server.page if server is not None else "")))
    finally:
        if server is not None:
            server.stop()
        board.close()
    return 0


def _setup(args: argparse.Namespace, ask: Callable[[str], str] | None,
           person: Callable[[str], str], warn: Callable[[str], None] = print) -> Session[Any]:
    """The game from a record file (continued) or the options (new), saved to ``--record``;
    ``ask`` asks who plays when the command line does not say (a terminal only); ``person``
    finds a known person by name (``History.person``); ``warn`` is told what went wrong with
    a save."""
    autosave = None if args.record is None else Autosave(args.record)
    if args.record is not None and args.record.exists():
        record = parse_record(read_text(args.record))
        start = starting_state(record)
        if args.game is not None and args.game != start.info.name:
            raise OptionsError(f"{args.record} holds a game of {start.info.name}, not "
                               f"{args.game}")
        options = game_options(args)
        if options and type(start).new({**start.options(), **options}).options() != \
                start.options():
            flags = " ".join([*(f"-o {item}" for item in args.option),
                              *([f"--size {args.size}"] if args.size else [])])
            raise OptionsError(f"{args.record} holds a {title(start)} game; leave out {flags} "
                               "to continue it")
        replay(start.copy(), record.moves)  # names the move that is wrong, if one is
        kept = {k: v for k, v in record.tags.items() if k in KEPT_TAGS}
        if "Termination" in kept:  # a resignation stands
            kept["Result"] = record.tags.get("Result", "*")
        seats = _seats(start, args, None, person)
        return Session(start, list(record.moves), {**kept, **seats}, autosave, warn)
    game = get_game(args.game or "kaskade")
    start = game.new(game_options(args))
    now = datetime.datetime.now()
    tags = {"Id": uuid.uuid4().hex, "Date": now.date().isoformat(),
            "Started": now.isoformat(timespec="seconds"), **_seats(start, args, ask, person)}
    return Session(start, [], tags, autosave, warn)


def _seats(start: GameState[Any], args: argparse.Namespace,
           ask: Callable[[str], str] | None, person: Callable[[str], str]) -> dict[str, str]:
    """The seat tags (``{"Black": "computer 3", "White": "Anna"}``) of the seats given by the
    game's colours (``--black computer:3``, ``--seat white=anna``: a person known by name, as
    ``person`` finds them); with none given, ``ask`` (when there is one) asks for each seat
    of a two-player game, again until the answer is one."""
    colours = list(start.info.players)
    given = _given_seats(args)
    strange = [colour for colour in given if colour not in colours]
    if strange:
        seats = " and ".join(f"{c} (--seat {c}=WHO)" if c not in SEAT_COLOURS else f"{c} "
                             f"(--{c})" for c in colours)
        raise OptionsError(f"{start.info.title} has no seat {strange[0]}: its "
                           f"seat{'s are' if len(colours) > 1 else ' is'} {seats}")
    tags = {}
    for player, colour in enumerate(colours):
        title = start.player_title(player)
        if ask is not None and len(colours) == 2 and not given:
            tags[title] = _ask_seat(ask, title, person)
        elif given.get(colour):
            tags[title] = _seat_of(given[colour], person)
    return {title: tag for title, tag in tags.items() if tag != HUMAN}


def _seat_of(who: str, person: Callable[[str], str]) -> str:
    """The seat tag ``who`` asks for: ``computer:3``, a known person's name, or a person not
    named (``person``, ``human``)."""
    kind, colon, level = who.partition(":")
    if kind.strip().lower() == COMPUTER and colon:
        if not level.strip().isdigit() or int(level) not in LEVELS:
            raise OptionsError(f"{who!r}: the computer's levels are {LEVELS[0]} to "
                               f"{LEVELS[-1]}, as computer:3")
        return seat(int(level))
    if who.strip().lower() in UNNAMED:
        return HUMAN
    return seat(None, person(who))


def _given_seats(args: argparse.Namespace) -> dict[str, str]:
    """``{colour: who}`` from ``--white``/``--black``/``--red`` and ``--seat COLOUR=WHO``; a
    colour given twice must be given the same."""
    given = {colour: getattr(args, colour) for colour in SEAT_COLOURS
             if getattr(args, colour) is not None}
    for item in args.seat:
        colour, equals, who = item.partition("=")
        colour = colour.strip().lower()
        if not equals or not colour:
            raise OptionsError(f"--seat {item!r}: write COLOUR=WHO, e.g. --seat "
                               "black=computer:3")
        if given.get(colour, who.strip()) != who.strip():
            raise OptionsError(f"{colour} is given twice: {given[colour]!r} and {who.strip()!r}")
        given[colour] = who.strip()
    return given


def _ask_seat(ask: Callable[[str], str], title: str, person: Callable[[str], str]) -> str:
    """Ask who plays ``title`` — a person (Enter, or a known person's name) or the computer
    (a level) — until the answer is one of them; its seat tag."""
    while True:
        answer = ask(f"Who plays {title}? Enter: a person; a name: that person; "
                     f"{LEVELS[0]}-{LEVELS[-1]}: the computer at that level> ").strip()
        if answer.isdigit():
            if int(answer) in LEVELS:
                return seat(int(answer))
            print(f"  {answer}: the computer's levels are {LEVELS[0]} to {LEVELS[-1]}")
            continue
        try:
            return _seat_of(answer or HUMAN, person)
        except KaskadeError as error:
            print(f"  {error}")


def line_reader() -> Callable[[str], str]:
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401, PLC0415  (line editing and history where available)
    return input
