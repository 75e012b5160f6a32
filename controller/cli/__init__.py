"""The ``kaskade`` command line: one sub-command per module in this package.

Exit status: 0 on success, 2 for bad input (usage, an unreadable or malformed record, an
illegal move), 130 when interrupted. Errors go to stderr as one line naming the command.
"""

from __future__ import annotations

import argparse
import os
import sys

from controller import __version__
from controller.cli import (
    bench,
    calibrate,
    doctor,
    firmware,
    gtp,
    history,
    install,
    learn,
    logs,
    play,
    players,
    profile,
    puzzle,
    release,
    remote,
    replay,
    selftest,
    sim,
    solve,
    upgrade,
    wiring,
)
from controller.devices.firmware import bundled
from controller.errors import KaskadeError

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130


def version_text() -> str:
    """The program's version and the bundled touch firmware's identity (version and content
    hash, as a board reports them in its hello)."""
    touch = bundled()
    return f"kaskade {__version__}\ntouch firmware {touch.version} ({touch.content_hash})"


class VersionAction(argparse.Action):
    """``--version``: the firmware's files are hashed only when asked."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(version_text())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="kaskade",
        description="Kaskade Board: play, replay and measure the games of the LED touch board.",
        epilog="Run 'kaskade COMMAND --help' for a command's options. Documentation: README.md "
        "and docs/ in the source tree.",
    )
    parser.add_argument("--version", action=VersionAction,
                        help="show the program's version and its touch firmware's, and exit")
    parser.add_argument("-v", "--verbose", action="count", default=0,
                        help="log more (-vv: everything); under systemd the log goes to the "
                        "journal, else to standard error")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in (sim, play, players, learn, puzzle, replay, history, calibrate, firmware, doctor,
                   install, upgrade, release, selftest, wiring, profile, gtp, remote, bench,
                   solve):
        module.register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    logs.configure(args.verbose)
    try:
        status: int = args.handler(args)
    except KaskadeError as error:
        for line in str(error).splitlines() or [""]:
            print(f"kaskade {args.command}: error: {line}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``kaskade replay … | head``): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return status
