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
    logs,
    play,
    profile,
    replay,
    selftest,
    sim,
    upgrade,
    wiring,
)
from controller.errors import KaskadeError

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="kaskade",
        description="Kaskade Board: play, replay and measure the games of the LED touch board.",
        epilog="Run 'kaskade COMMAND --help' for a command's options. Documentation: README.md "
        "and docs/ in the source tree.",
    )
    parser.add_argument("--version", action="version", version=f"kaskade {__version__}")
    parser.add_argument("-v", "--verbose", action="count", default=0,
                        help="log more (-vv: everything); under systemd the log goes to the "
                        "journal, else to standard error")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in (sim, play, replay, history, calibrate, firmware, doctor, install, upgrade,
                   selftest, wiring, profile, gtp, bench):
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
