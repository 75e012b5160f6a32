"""``kaskade gtp``: a computer player behind the Go Text Protocol on standard input and output
(the engine itself is :mod:`controller.ai.gtp`; ``docs/gtp.md``)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, TextIO

from controller.ai.gtp import MAX_SECONDS, GtpEngine
from controller.ai.levels import LEVELS, MAX_THREADS, STRONGEST
from controller.cli.usage import UsageError
from controller.games import game_names, get_game

TWO_PLAYER_GAMES = tuple(name for name in game_names() if len(get_game(name).info.players) == 2)


def register(commands: Any) -> None:
    """Add ``gtp`` to the command line."""
    parser = commands.add_parser(
        "gtp", help="play the computer through the Go Text Protocol (stdin/stdout)",
        description="Speak GTP version 2 on standard input and output, so tournament tools and "
        "other programs can play against the computer, in any two-player game. Colours are "
        "the players' names or white/black (w/b); dice and shuffles are moves of the colour "
        "chance. See docs/gtp.md.",
    )
    parser.add_argument("--game", default="kaskade", choices=TWO_PLAYER_GAMES,
                        help="the game (default kaskade)")
    parser.add_argument("--level", type=int, default=STRONGEST, choices=LEVELS,
                        help=f"the computer's level (default {STRONGEST})")
    parser.add_argument("--seconds", type=float, metavar="S",
                        help="thinking time per move until time_settings says otherwise "
                        "(default 1, or none with --nodes)")
    parser.add_argument("--nodes", type=int, metavar="N",
                        help="search steps per move (nodes, or playouts in the Monte Carlo "
                        "games) of all threads together: the same moves on any machine with one "
                        "thread; with --seconds too, whichever runs out first")
    parser.add_argument("--threads", type=int, default=1, metavar="T",
                        help=f"threads the strongest level searches on (default 1; this "
                        f"machine has {os.cpu_count() or 1} cores)")
    parser.add_argument("--seed", type=int, default=1,
                        help="random seed for the computer and its dice (default 1)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, stdin: TextIO | None = None,
        stdout: TextIO | None = None) -> int:
    """Serve GTP until ``quit`` or the end of input."""
    seconds = args.seconds if args.seconds is not None or args.nodes is not None else 1.0
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:  # also refuses nan
        raise UsageError(f"--seconds must be above 0 and at most {MAX_SECONDS:g}")
    if args.nodes is not None and args.nodes < 1:
        raise UsageError("--nodes must be at least 1")
    if not 1 <= args.threads <= MAX_THREADS:
        raise UsageError(f"--threads must be 1 to {MAX_THREADS}")
    engine = GtpEngine(args.game, args.level, seconds, args.seed, args.nodes, args.threads)
    engine.run(stdin or sys.stdin, stdout or sys.stdout)
    return 0
