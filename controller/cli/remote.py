"""``kaskade remote``: play across homes through an MQTT broker.

``kaskade remote setup`` keeps where this board meets other boards — the broker, its port,
TLS, this board's user and password at the broker, and the name the other board's players
see — after checking that the broker takes them (a wrong password or an unreachable broker is
said at once, and nothing is kept). ``kaskade remote status`` says what is set, how the
remote game stands and how the board's link to the broker stood when the board's app last
said (``--check`` connects now to see). Then ``kaskade play`` links the board: a game is
offered and joined on the board itself (docs/remote.md).
"""

from __future__ import annotations

import argparse
import getpass
import re
import shlex
import signal
import sys
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

from controller.app.identity import check_name, load_identity, save_identity
from controller.bench.mosquitto import USERS, BrokerStartError, Mosquitto
from controller.cli.board import add_board_options, open_store, read_store
from controller.cli.usage import UsageError
from controller.remote import config
from controller.remote.broker import check
from controller.remote.config import DEFAULT_CLAIM_MINUTES, DEFAULT_PORT, BrokerSettings
from controller.remote.faults import load_link
from controller.remote.game_file import load_game


def register(commands: Any) -> None:
    """Add ``remote`` to the command line."""
    parser = commands.add_parser(
        "remote", help="play across homes through an MQTT broker: setup, status",
        description=__doc__.replace("``", "").split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    setup = actions.add_parser("setup", help="set the broker and this board's credentials "
                               "(checked by connecting before they are kept)")
    setup.add_argument("--broker", required=True, metavar="HOST[:PORT]",
                       help=f"the broker (port {DEFAULT_PORT}, TLS, unless given)")
    setup.add_argument("--user", required=True, help="this board's user at the broker")
    setup.add_argument("--password-file", type=Path, metavar="FILE",
                       help="read the password from FILE (default: asked for on the terminal)")
    setup.add_argument("--ca", type=Path, metavar="FILE",
                       help="the CA certificate the broker's is checked against (default: the "
                       "system's)")
    setup.add_argument("--no-tls", action="store_true",
                       help="connect without TLS (a broker on the home network only)")
    setup.add_argument("--name",
                       help="how the other board's players see this board (e.g. Anna; "
                       "default Kaskade); with --home-assistant, the board's name there (e.g. "
                       "Living room; also set on the web page's Settings)")
    setup.add_argument("--claim-after", type=float, default=DEFAULT_CLAIM_MINUTES,
                       metavar="MINUTES", help="how long the other board may be away before "
                       f"the game may be claimed (default {DEFAULT_CLAIM_MINUTES:g})")
    setup.add_argument("--websocket", default="", metavar="URL",
                       help="where phones reach the same broker over WebSockets to play a "
                       "seat of a game this board offers, or to watch (e.g. "
                       "wss://mqtt.example.org:8884/mqtt)")
    setup.add_argument("--home-assistant", action="store_true",
                       help="these are the home network's broker that Home Assistant uses: "
                       "the board announces itself there (docs/home-assistant.md)")
    setup.add_argument("--no-check", action="store_true",
                       help="keep the settings without connecting first")
    add_board_options(setup, think=False)
    setup.set_defaults(handler=run_setup)
    status = actions.add_parser("status", help="what is set, the remote game and the link")
    status.add_argument("--check", action="store_true",
                        help="also connect to the broker now with this board's settings: "
                        "out of reach, a refused password or a failed TLS check is said")
    add_board_options(status, think=False)
    status.set_defaults(handler=run_status)
    trial = actions.add_parser(
        "try", help="a broker on this computer for trying remote play with two boards",
        description="Start Eclipse Mosquitto on this computer's loopback address as "
        "docs/remote.md sets up a broker — TLS (a certificate authority made for it), a user "
        "and password per board (anna, ben) and the ACL — and print the kaskade remote setup "
        "lines for two boards, each in its own state directory in FOLDER; it runs until "
        "Ctrl-C. Then run a board on each (kaskade sim --state-dir FOLDER/anna, or --headless "
        "--script -) and play: docs/remote.md, Trying it on one computer. Needs Debian's "
        "mosquitto and openssl.")
    trial.add_argument("folder", type=Path, metavar="FOLDER",
                       help="where the broker's files and the boards' state go (a new folder)")
    trial.set_defaults(handler=run_try)


def _password(args: argparse.Namespace) -> str:
    if args.password_file is not None:
        try:
            return args.password_file.read_text(encoding="utf-8").strip()
        except OSError as error:
            raise UsageError(f"--password-file {args.password_file}: "
                             f"{error.strerror or error}") from None
    if not sys.stdin.isatty():
        raise UsageError("give --password-file FILE (no terminal to ask on)")
    return getpass.getpass(f"password of {args.user} at the broker: ")


def run_setup(args: argparse.Namespace) -> int:
    """Check the settings against the broker, then keep them."""
    found = re.fullmatch(r"(\[[0-9a-fA-F:]+\]|[^:\[\]]+)(?::(\d{1,5}))?", args.broker)
    if found is None:
        raise UsageError(f"--broker {args.broker}: give HOST, HOST:PORT or [IPv6]:PORT")
    host, port = found[1].strip("[]"), found[2]
    settings = BrokerSettings(host.strip("[]"), int(port) if port else
                              (DEFAULT_PORT if not args.no_tls else 1883),
                              args.user, _password(args), tls=not args.no_tls,
                              ca_file=str(args.ca.resolve()) if args.ca else "",
                              name=args.name if args.name and not args.home_assistant
                              else "Kaskade",
                              claim_minutes=args.claim_after, websocket=args.websocket)
    if not args.no_check:
        check(settings)
        print(f"the broker at {settings.address} took {settings.user}'s credentials")
    if args.home_assistant and args.name is not None:
        check_name(args.name)  # refused before anything is kept
    _, store = open_store(args)
    path = config.save(store.directory, settings, config.HOME_ASSISTANT_FILE
                       if args.home_assistant else config.CONFIG_FILE)
    if args.home_assistant:
        identity, problem = load_identity(store.directory)
        if problem:
            print(problem, file=sys.stderr)
        if args.name is not None:
            identity = identity.renamed(args.name)
            save_identity(store.directory, identity)
        print(f"Home Assistant lists this board as {identity.name!r} (its id {identity.id})")
    print(f"kept in {path} (readable by this user only); kaskade play "
          + ("announces the board to Home Assistant" if args.home_assistant else
             "links the board"))
    return 0


TRIAL_BOARDS = ("anna", "ben")


def run_try(args: argparse.Namespace) -> int:
    """A broker for trying remote play, until interrupted."""
    folder: Path = args.folder.resolve()
    broker = folder / "broker"
    if broker.exists():
        raise UsageError(f"{broker} exists: a broker was tried there before; give another "
                         "folder (or remove that one)")
    broker.mkdir(parents=True)
    mosquitto = Mosquitto(broker)
    for user in TRIAL_BOARDS:
        secret = folder / f"{user}.password"
        secret.write_text(USERS[user] + "\n", encoding="utf-8")
        secret.chmod(0o600)
    stop = threading.Event()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signal_number, lambda *_: stop.set())
    mosquitto.start()
    try:
        print(f"a broker for trying remote play runs at 127.0.0.1:{mosquitto.port} (TLS, its "
              f"certificate authority {mosquitto.ca}; users {' and '.join(TRIAL_BOARDS)}; the "
              "ACL of docs/remote.md) until Ctrl-C; set up two boards with:", flush=True)
        for user in TRIAL_BOARDS:
            print("  " + shlex.join([
                "kaskade", "remote", "setup", "--state-dir", str(folder / user), "--broker",
                f"127.0.0.1:{mosquitto.port}", "--ca", str(mosquitto.ca), "--user", user,
                "--password-file", str(folder / f"{user}.password"), "--name",
                user.capitalize()]), flush=True)
        while not stop.wait(1.0):
            if mosquitto.process is not None and mosquitto.process.poll() is not None:
                raise BrokerStartError(f"mosquitto stopped (its log: {mosquitto.log})")
    finally:
        mosquitto.stop()
    return 0


def run_status(args: argparse.Namespace) -> int:
    """Print the settings (never the password), the remote game and the link (read while
    the board's app may run)."""
    store = read_store(args)
    settings = config.load(store.directory)
    if settings is None:
        print("remote play is not set up: kaskade remote setup --broker HOST --user NAME")
        return 1
    shown = replace(settings, password="(set)" if settings.password else "(none)")
    print(f"broker {shown.address} · TLS {'on' if shown.tls else 'OFF'} · user {shown.user} "
          f"· password {shown.password} · name {shown.name} · claim after "
          f"{shown.claim_minutes:g} min"
          + (f" · pages reach it at {shown.websocket}" if shown.websocket else ""))
    game, problem = load_game(store.directory)
    if problem:
        print(problem)
    print("no remote game" if game is None else
          f"remote game {game.game_id} as {'host' if game.side == 0 else 'guest'}"
          + (f" against {game.peer}" if game.peer else f", invite code {game.code}"))
    link = load_link(store.directory)
    if link is not None:
        print(link.line())
    if args.check:
        check(settings)  # a fault is said as an error, and the status is 2
        print(f"check: the broker at {settings.address} took {settings.user}'s credentials")
    return 0
