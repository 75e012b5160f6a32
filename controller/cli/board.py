"""What the commands that run the board app share: choosing the profile and the state
directory, and running the simulator's interactive front ends."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable
from pathlib import Path

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.loop import Companion
from controller.app.paths import state_dir
from controller.app.screens.base import Screen
from controller.app.store import Store
from controller.app.thinking import DEFAULT_THINK_SECONDS
from controller.cli.usage import UsageError
from controller.errors import KaskadeError
from controller.profile import DEFAULT_PROFILE, Profile, load_profile, profile_names
from controller.remote.config import page_websocket
from controller.remote.link import linked
from controller.web.bridge import Bridge
from controller.web.server import Serving, WebServer

log = logging.getLogger(__name__)

MAX_THINK = 60.0


class FrontEndError(KaskadeError, RuntimeError):
    """Nowhere to show the board."""


def add_board_options(parser: argparse.ArgumentParser, think: bool = True) -> None:
    """``--profile``, ``--state-dir`` and, for commands where the computer plays, ``--think``."""
    parser.add_argument(
        "--profile", default=DEFAULT_PROFILE, metavar="NAME|FILE",
        help=f"the board build: one of {', '.join(profile_names())}, or a profile file "
        f"(default {DEFAULT_PROFILE})",
    )
    if think:
        parser.add_argument(
            "--think", type=float, default=DEFAULT_THINK_SECONDS, metavar="SECONDS",
            help=f"how long the computer thinks per move (default {DEFAULT_THINK_SECONDS:g})",
        )
    parser.add_argument(
        "--state-dir", metavar="DIR",
        help="where games in progress, settings and the history are kept (default "
        "$KASKADE_STATE_DIR, else $XDG_STATE_HOME/kaskade, else ~/.local/state/kaskade)",
    )


def add_web_host_option(parser: argparse.ArgumentParser) -> None:
    """``--web-host``: more names the web companion answers to."""
    parser.add_argument(
        "--web-host", action="append", default=[], metavar="NAME",
        help="another name the web companion answers to, beside localhost, this machine's "
        "name and NAME.local and its addresses (repeatable; e.g. a name your router gives "
        "it); requests naming any other host are refused")


def board_name(profile_argument: str) -> str:
    """The name the board's files are kept under: the profile's file name without ``.toml``."""
    return Path(profile_argument).name.removesuffix(".toml")


def open_store(args: argparse.Namespace) -> tuple[Profile, Store]:
    """The profile and the app's files that ``args`` ask for."""
    think = getattr(args, "think", DEFAULT_THINK_SECONDS)
    if not 0 < think <= MAX_THINK:
        raise UsageError(f"--think {think:g}: give 0 to {MAX_THINK:g} seconds")
    profile = load_profile(args.profile)
    store = Store.at(state_dir(args.state_dir), board_name(args.profile))
    for note in store.claim():
        log.warning("%s", note)
    return profile, store


def read_store(args: argparse.Namespace) -> Store:
    """The app's files that ``args`` ask for, to read only: not claimed, so that a command
    that only reports (``kaskade remote status``) works while the board's app runs."""
    return Store.at(state_dir(args.state_dir), board_name(args.profile))


def run_simulator(profile: Profile, store: Store, terminal: bool, think: float,
                  touch: str = "firmware", port: str | None = None,
                  screen: Callable[[App], Screen] | None = None,
                  web: Serving | None = None) -> int:
    """The simulator with a window, or in this terminal (asked for, or without a display);
    ``touch`` and ``port`` say where touches come from (see ``sim.board.sim_board``);
    ``screen`` makes the app's first screen (the self-test) instead of the usual one; ``web``
    serves the web companion as it says."""
    from sim.board import sim_board  # noqa: PLC0415

    thresholds = store.settings.load().thresholds
    board = sim_board(profile, "port" if port else touch, port,
                      (thresholds[0], thresholds[1]) if thresholds else None, sys.stderr)
    server = None
    try:
        app = App(profile, store, think_seconds=think)
        if screen is not None:
            app.show(screen(app))
        bridge, server = start_web(profile, store, web, simulated=True)
        return _front_end(Driver(app, board), terminal, linked(
            store.directory, bridge, server.page if server is not None else ""))
    finally:
        if server is not None:
            server.stop()
        board.close()


def start_web(profile: Profile, store: Store, web: Serving | None, simulated: bool = False) \
        -> tuple[Bridge | None, WebServer | None]:
    """The web companion as ``web`` says (the settings' reading and host names win over the
    command's defaults), started and its address printed; or nothing. For a ``simulated``
    board the page's health says so instead of checking this machine for a Pi."""
    if web is None:
        return None, None
    from controller.cli.doctor import machine_checks, simulator_checks  # noqa: PLC0415

    settings = store.settings.load()
    bridge = Bridge()
    server = WebServer(bridge, profile, store.directory, store.history, web.host, web.port,
                       checks=lambda: (simulator_checks if simulated else machine_checks)(profile),
                       reading=settings.web_reading or web.reading,
                       hosts=(*web.hosts, *settings.web_hosts),
                       websocket=page_websocket(store.directory))
    server.start()
    print(f"kaskade: the web companion is at {server.address}", file=sys.stderr, flush=True)
    return bridge, server


def _front_end(driver: Driver, terminal: bool, companion: Companion | None = None) -> int:
    if not terminal:
        try:
            import tkinter  # noqa: PLC0415  (only the window needs Tk)

            root = tkinter.Tk()
        except ImportError:
            reason = "Tk is not installed (on Debian and Raspberry Pi OS: sudo apt install " \
                "python3-tk)"
        except tkinter.TclError as error:
            reason = f"there is no display ({error})"
        else:
            from sim.front.window import Window  # noqa: PLC0415

            Window(driver, root, companion).run()
            return 0
        print(f"kaskade: {reason}; drawing the board in this terminal instead",
              file=sys.stderr)
    if not sys.stdin.isatty():
        raise FrontEndError("no display and no terminal to draw the board on; for scripts use "
                            "kaskade sim --headless --script FILE")
    from sim.front.terminal import TerminalBoard  # noqa: PLC0415

    TerminalBoard(driver, companion=companion).run()
    return 0
