"""``kaskade history``: the games finished on this machine's boards."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from typing import Any

from controller.app.app import HISTORY_FILE
from controller.app.history import History
from controller.app.paths import state_dir


def register(commands: Any) -> None:
    """Add ``history`` to the command line."""
    parser = commands.add_parser(
        "history", help="list the finished games",
        description="List the games finished on the board (newest first), or show one as a "
        "record.",
        epilog="A game's record can be replayed: kaskade history --show ID | kaskade replay -",
    )
    parser.add_argument("--limit", type=int, default=20, metavar="N",
                        help="show the newest N games (default 20; 0 for all)")
    parser.add_argument("--show", metavar="ID", help="print the record of the game whose id "
                        "starts with ID")
    parser.add_argument("--json", action="store_true", help="print the games as JSON")
    parser.add_argument("--state-dir", metavar="DIR",
                        help="where the history is kept (as for kaskade sim)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the history."""
    history = History(state_dir(args.state_dir) / HISTORY_FILE)
    if args.show:
        print(history.find(args.show).record, end="")
        return 0
    matches = history.matches(None if args.limit <= 0 else args.limit)
    if history.problem:
        print(f"kaskade history: {history.problem}", file=sys.stderr)
    if args.json:
        print(json.dumps([asdict(match) for match in matches]))
        return 0
    if not matches:
        print("No finished games yet.")
        return 0
    print(f"{'finished':<17} {'game':<9} {'options':<8} {'players':<15} {'result':<8} "
          f"{'plies':>5}  id")
    for match in matches:
        options = " ".join(match.options.values())
        players = " v ".join(match.players.values())
        print(f"{match.finished[:16].replace('T', ' '):<17} {match.game:<9} {options:<8} "
              f"{players:<15} {match.result:<8} {match.plies:>5}  {match.id[:8]}")
    return 0
