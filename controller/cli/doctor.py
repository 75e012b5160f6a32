"""``kaskade doctor``: checks what the board needs on this machine — a Raspberry Pi, an LED
backend that can drive the profile's LEDs (library, permissions, PWM, PCM or SPI settings), the
GPIO pin library, the touch board on USB and its firmware version, access to its port, the
profile, and the files that start the board at power-on — and says how to fix each problem.

Exit status 0 when nothing failed (warnings allowed), 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict
from typing import Any

from controller.cli import ansi
from controller.profile import DEFAULT_PROFILE, Profile, load_profile, profile_names
from controller.profile.firmware import board_id
from hw.doctor import FAIL, OK, SKIP, WARN, Verdict, examine
from hw.flash.pico import examine_pico, find_port
from hw.pi.facts import read_facts
from hw.touch.connection import Connection, Hello
from hw.touch.errors import LinkError, NoAnswerError
from hw.touch.ports import locator, open_serial

MARKS = {OK: ("✓", "32"), WARN: ("!", "33"), FAIL: ("✗", "31"), SKIP: ("-", "90")}


def register(commands: Any) -> None:
    """Add ``doctor`` to the command line."""
    parser = commands.add_parser(
        "doctor", help="check this machine for the board, each problem with its fix",
        description=__doc__.replace("``", "").split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profile", default=DEFAULT_PROFILE, metavar="NAME|FILE",
                        help=f"the board build: one of {', '.join(profile_names())}, or a "
                        f"profile file (default {DEFAULT_PROFILE})")
    parser.add_argument("--port", metavar="PATH",
                        help="the touch board's serial port (default: found by its USB id)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run every check and print the verdicts."""
    profile = load_profile(args.profile)

    def hello(path: str) -> Hello:
        connection = Connection(open_serial(path))
        try:
            return connection.handshake(board_id(profile), profile.pads,
                                        profile.touch.answer_seconds)
        except NoAnswerError:  # say what is there instead: bare MicroPython, a stopped one
            connection.close()
            finding = examine_pico(profile, path)
            raise NoAnswerError(f"{finding.found}: {finding.fix}") from None
        finally:
            connection.close()

    verdicts = examine(profile, read_facts(), lambda: find_port(profile, args.port), hello)
    print(report(verdicts, ansi.wants_colour(sys.stdout, None)))
    return 1 if any(verdict.status == FAIL for verdict in verdicts) else 0


def machine_checks(profile: Profile) -> list[dict[str, str]]:
    """The checks of this machine while the board app runs (for the web companion): all but
    the touch board's, whose port the app holds (its link reports on it instead)."""

    def busy(path: str) -> Hello:
        raise LinkError(f"{path} is in use by the board app")

    touch = {"touch board", "firmware", "serial port access"}
    return [asdict(verdict) for verdict in examine(profile, read_facts(),
                                                   locator(profile.touch.usb, None), busy)
            if verdict.name not in touch]


def simulator_checks(profile: Profile) -> list[dict[str, str]]:
    """The machine's checks while the simulator runs the board: it stands in for the Pi, so
    that check says it is the simulator instead of failing (on the board, ``kaskade doctor``
    checks the Pi); the others are the same as :func:`machine_checks`."""
    simulator = asdict(Verdict("simulator", OK, "this board is the simulator: it stands in for "
                               "the Raspberry Pi, the LEDs and the touch board"))
    return [simulator if check["name"] == "Raspberry Pi" else check
            for check in machine_checks(profile)]


def report(verdicts: list[Verdict], colour: bool) -> str:
    """The verdicts, one per line with its fix below it."""
    width = max(len(verdict.name) for verdict in verdicts)
    lines = []
    for verdict in verdicts:
        mark, code = MARKS[verdict.status]
        shown = f"\x1b[{code}m{mark}\x1b[0m" if colour else mark
        lines.append(f"{shown} {verdict.name:<{width}}  {verdict.found}")
        if verdict.fix and verdict.status in (WARN, FAIL):
            lines.append(f"  {'':<{width}}  fix: {verdict.fix}")
    failed = sum(verdict.status == FAIL for verdict in verdicts)
    warned = sum(verdict.status == WARN for verdict in verdicts)
    lines.append(f"{failed} problem(s), {warned} warning(s)" if failed or warned else
                 "all is well")
    return "\n".join(lines)
