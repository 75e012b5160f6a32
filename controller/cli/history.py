"""``kaskade history``: the games finished on this machine's boards."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
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
    rows = [("finished", "game", "options", "players", "result", "plies", "id")]
    rows += [(match.finished[:16].replace("T", " "), match.game,
              " ".join(match.options.values()) or "-", " v ".join(match.players.values()),
              match.result, str(match.plies), match.id[:8]) for match in matches]
    print("\n".join(_table(rows)))
    return 0


def _table(rows: Sequence[tuple[str, ...]]) -> list[str]:
    """The rows as columns as wide as their widest entry, two spaces apart (numbers to the
    right), so no two columns run together whatever the games and players are called."""
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    numeric = {5}
    return ["  ".join(value.rjust(width) if column in numeric else value.ljust(width)
                      for column, (value, width) in enumerate(zip(row, widths))).rstrip()
            for row in rows]
