"""``kaskade profile``: a maker's own build. ``new`` writes a profile from a few answers (asked
at a terminal, or given as options) — the grid, the LEDs under each pad and how they are
chained, the sensors, the Pi's pins, the supply and the geometry — with a comment on each line
worth changing; ``check`` reads one and says what it makes: the board, the touch signal its
geometry gives, and anything to mind. The guide: docs/hardware.md, Your own build.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from controller.app.storage import write_atomically
from controller.cli.help import description
from controller.cli.usage import UsageError
from controller.errors import KaskadeError
from controller.profile import load_profile
from controller.profile.firmware import default_thresholds
from controller.profile.geometry import MATERIALS, signal
from controller.profile.model import COLOUR_ORDERS, SENSORS, STRIPS
from controller.profile.new import (
    Answers,
    answer_problem,
    applies,
    build_problem,
    make_profile,
)

EXAMPLES = """\
examples:
  kaskade profile new my-board.toml            answer the questions
  kaskade profile new six.toml --columns 6 --rows 6 --per-pad 1 --led-pitch-mm 33.3 \\
      --sensor mpr121 --name "Six by six"      a 6x6 board on a zig-zag strip
  kaskade profile check six.toml               what it makes, and what to mind
"""
QUESTIONS: dict[str, tuple[str, type]] = {
    "name": ("The board's name", str),
    "columns": ("Pads across (4-16)", int),
    "rows": ("Pads up (4-16)", int),
    "per_pad": ("LEDs along each pad's side (1-3)", int),
    "led_pitch_mm": ("Millimetres from one LED to the next", float),
    "panel": ("One LED panel's size as WxH (empty: one piece under the whole board)", str),
    "start": ("Where the data enters a panel (bottom-left, top-left, bottom-right, top-right)",
              str),
    "serpentine": ("Does every other row run back? (yes/no)", bool),
    "strip": (f"LED type ({', '.join(STRIPS)})", str),
    "colour_order": (f"Colour order ({', '.join(COLOUR_ORDERS)})", str),
    "led_gpio": ("The Pi's GPIO for the LED data", int),
    "sensor": (f"Touch sensors ({', '.join(SENSORS)})", str),
    "touch_pins": ("With gpio: the Pico's pins, comma-separated (empty: GP0 upwards)", str),
    "menu_button": ("The Pi's GPIO for the menu button", int),
    "undo_button": ("The Pi's GPIO for the undo button", int),
    "buzzer": ("The Pi's GPIO for the buzzer", int),
    "status_led": ("The Pi's GPIO for the status LED", int),
    "supply_amps": ("The LED supply's amps at 5 V (0: sized for the LEDs)", float),
    "top": (f"The top's material ({', '.join(MATERIALS)})", str),
    "top_mm": ("The top's thickness in millimetres", float),
}


class ProfileExistsError(KaskadeError, FileExistsError):
    """``profile new`` would overwrite a file."""


def register(commands: Any) -> None:
    """Add ``profile`` to the command line."""
    parser = commands.add_parser(
        "profile", help="make a profile for your own build, or check one",
        description=description(__doc__), epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    new = actions.add_parser("new", help="write a profile from a few answers",
                             description="Write a profile from a few answers: asked at a "
                             "terminal for every option not given (--ask asks on any input).")
    new.add_argument("file", type=Path, help="the profile to write (.toml)")
    defaults = Answers()
    for name, (question, kind) in QUESTIONS.items():
        flag = "--" + name.replace("_", "-")
        if kind is bool:
            new.add_argument(flag, dest=name, choices=("yes", "no"), default=None,
                             help=question)
        else:
            new.add_argument(flag, dest=name, type=kind, default=None,
                             help=f"{question} (default {getattr(defaults, name)!r})")
    new.add_argument("--ask", action="store_true",
                     help="ask for every option not given, on standard input")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")
    new.set_defaults(handler=run)
    check = actions.add_parser("check", help="what a profile makes, and what to mind")
    check.add_argument("file", help="a profile file, or a reference build's name")
    check.set_defaults(handler=run)


def run(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    """Write or check a profile."""
    if args.action == "check":
        return _check(args.file)
    if not args.file.name.endswith(".toml"):
        raise KaskadeError(f"{args.file}: a profile's name ends in .toml")
    if args.file.exists() and not args.force:
        raise ProfileExistsError(f"{args.file} exists; --force overwrites it")
    source = stdin or sys.stdin
    ask = args.ask or source.isatty()
    flags = _flags(args)
    given: dict[str, Any] = {}
    for name in QUESTIONS:  # in the order a maker thinks of them
        so_far = Answers(**given)
        if not applies(name, so_far):
            continue
        last = name == list(QUESTIONS)[-1]

        def problem(value: Any, name: str = name, so_far: Answers = so_far,
                    last: bool = last) -> str | None:
            """The answer's own problem; the last answer's, the whole build's too."""
            return answer_problem(name, value, so_far) or (
                build_problem(dataclasses.replace(so_far, **{name: value})) if last else None)

        value = flags.get(name)
        if value is not None and problem(value):
            raise UsageError(f"{_flag(name)}: {problem(value)}")
        if value is None and ask:
            value = _ask(name, getattr(so_far, name), source, problem)
        if value is not None:
            given[name] = value
    text, profile = make_profile(Answers(**given), str(args.file))
    write_atomically(args.file, text)
    print(f"wrote {args.file}: {_summary(profile)}")
    for key, reason in profile.warnings:
        print(f"  mind: {key}: {reason}")
    print(f"next: kaskade wiring --profile {args.file} --out {args.file.with_suffix('')}-docs "
          f"(diagram, cut files, parts); kaskade sim --profile {args.file}")
    return 0


def _ask(name: str, default: Any, source: TextIO,
         problem: Callable[[Any], str | None]) -> Any:
    """Ask ``name`` until the answer is one the board can use (Enter: the default); an answer
    that cannot be is refused at once, saying why and what would do, and asked again."""
    question, kind = QUESTIONS[name]
    shown = ("yes" if default else "no") if kind is bool else default
    while True:
        sys.stdout.write(f"{question} [{shown}]: ")
        sys.stdout.flush()
        line = source.readline()
        if not line:
            raise KaskadeError(f"no answer to {question!r} (input ended)")
        answer = line.strip()
        if not answer:
            trouble = problem(default)
            if trouble is None:
                return None
            print(f"  {trouble}; give another")
            continue
        value: Any = None
        if kind is bool:
            if answer.lower() in ("yes", "y", "no", "n"):
                value = answer.lower().startswith("y")
        else:
            with contextlib.suppress(ValueError):
                value = kind(answer)
        if value is None:
            print(f"  {answer!r} is not an answer to that; try again (Enter takes {shown})")
            continue
        trouble = problem(value)
        if trouble is None:
            return value
        print(f"  {trouble}; try again (Enter takes {shown})")


def _flags(args: argparse.Namespace) -> dict[str, Any]:
    """The answers given as options, each checked against those before it before anything is
    asked (``UsageError`` naming the option, why, and what would do)."""
    flags: dict[str, Any] = {}
    for name, (_, kind) in QUESTIONS.items():
        value = getattr(args, name, None)
        if value is None:
            continue
        so_far = Answers(**flags)
        if not applies(name, so_far):
            raise UsageError(f"{_flag(name)} goes with --sensor gpio (the {so_far.sensor} "
                             "sensors are wired as the profile's [touch] says)")
        value = value == "yes" if kind is bool else value
        problem = answer_problem(name, value, so_far)
        if problem:
            raise UsageError(f"{_flag(name)}: {problem}")
        flags[name] = value
    return flags


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _summary(profile: Any) -> str:
    touch = profile.touch
    return (f"{profile.name}, {profile.columns} x {profile.rows} pads, {profile.leds} LEDs, "
            f"{touch.sensor} touch sensing")


def _check(name: str) -> int:
    profile = load_profile(name)
    g = profile.build
    found = signal(g, profile.columns, profile.rows, profile.touch.sensor)
    print(f"{profile.source}: {_summary(profile)}")
    print(f"cells {g.pad_pitch_mm:g} mm apart, {g.pad_size_mm:g} mm pads under {g.top_mm:g} mm "
          f"of {g.top}; a touch adds {found.touch_pf:g} pF to {found.rest_pf:g} pF"
          + (f", {found.counts:g} counts against a threshold of "
             f"{default_thresholds(profile)[0]}" if found.counts is not None else ""))
    for key, reason in profile.warnings:
        print(f"mind: {key}: {reason}")
    if not profile.warnings:
        print("nothing to mind")
    return 0
