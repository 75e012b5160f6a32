"""``kaskade players``: the people the board knows by name, so a game's seats can name them
(``kaskade play --terminal --black anna``, the name pad on the board, the web page) and the
history can score them."""

from __future__ import annotations

import argparse
import datetime
from typing import Any

from controller.app.people import RULE
from controller.cli.history import add_state_dir, history_of
from controller.cli.usage import UsageError


def register(commands: Any) -> None:
    """Add ``players`` to the command line."""
    parser = commands.add_parser(
        "players", help="name the people who play on the board",
        description="List the people the board knows by name, add or remove them. A seat "
        f"then names one of them (names: {RULE}; case does not matter).",
        epilog="Examples: kaskade players add Anna Ben · kaskade play --terminal --white anna "
        "--black computer:3 · kaskade history (their scores). Removing a person keeps "
        "their games in the history.",
    )
    parser.add_argument("action", nargs="?", choices=("list", "add", "remove"), default="list",
                        help="list (default), add or remove")
    parser.add_argument("names", nargs="*", metavar="NAME", help="the names to add or remove "
                        "(quote a name with a space: \"Anna Lena\")")
    add_state_dir(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """List, add or remove people."""
    history = history_of(args)
    if args.action == "list":
        if args.names:
            raise UsageError("kaskade players lists everybody: leave out the names, or say "
                             "add or remove")
        people = history.people()
        print("\n".join(people) if people else
              "Nobody is named yet: kaskade players add NAME")
        return 0
    if not args.names:
        raise UsageError(f"kaskade players {args.action} NAME …: which names?")
    added = datetime.datetime.now().isoformat(timespec="seconds")
    for name in args.names:
        if args.action == "add":
            print(f"added {history.add_person(name, added)}")
        else:
            print(f"removed {history.remove_person(name)} (their games stay in the history)")
    return 0
