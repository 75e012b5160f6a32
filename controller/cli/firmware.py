"""``kaskade firmware``: update the touch board's firmware over its USB cable, check which
firmware it runs, go back to the previous one, or make a bundle to copy by other means.

An update stops the firmware, copies only the files that changed into the board's spare
firmware set over MicroPython's raw REPL, checks every file's SHA-256 on the board, and only then
switches to the new set in one step, keeping the previous one. A pulled cable or a power cut at
any moment leaves a board that boots a complete firmware, old or new; run the update again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from controller.profile import DEFAULT_PROFILE, Profile, load_profile, profile_names
from hw.flash.board_files import ANSWER_SECONDS
from hw.flash.bundle import build, load
from hw.flash.pico import HELLO_SECONDS as STATUS_SECONDS
from hw.flash.pico import examine_pico, find_port, install_micropython
from hw.flash.update import HELLO_SECONDS, Progress, flash, flash_bundled, rollback
from hw.touch.ports import locator

EXAMPLES = """\
examples:
  kaskade firmware flash                       update the board found by its USB id
  kaskade firmware flash --port /dev/ttyACM0 --compile
  kaskade firmware status                      what is on the cable, and the next step
  kaskade firmware micropython RPI_PICO-20250415-v1.25.0.uf2
                                               MicroPython onto a new Pico held in BOOTSEL
  kaskade firmware rollback                    start the previous firmware again
  kaskade firmware flash --port /dev/pts/4 --timeout 300
                                               an emulated board (python -m sim.silicon)
  kaskade firmware bundle --out fw             the bundle, to look at or copy
"""


def register(commands: Any) -> None:
    """Add ``firmware`` to the command line."""
    parser = commands.add_parser(
        "firmware", help="update the touch board's firmware, check it, roll it back",
        description=__doc__.replace("``", "").split("\n\n", 1)[1], epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    for name, text in (("flash", "bring the board's firmware up to date"),
                       ("status", "what is on the cable: a Pico in BOOTSEL mode, bare "
                        "MicroPython, older or current firmware"),
                       ("rollback", "start the previous firmware set again"),
                       ("bundle", "write the firmware bundle to a folder"),
                       ("micropython", "put MicroPython on a new Pico waiting in BOOTSEL mode "
                        "(its UF2 file checked first)")):
        action = actions.add_parser(name, help=text, description=text[0].upper() + text[1:] +
                                    ".")
        action.add_argument("--profile", default=DEFAULT_PROFILE, metavar="NAME|FILE",
                            help=f"the board build: one of {', '.join(profile_names())}, or a "
                            f"profile file (default {DEFAULT_PROFILE})")
        if name == "micropython":
            action.add_argument("uf2", type=Path, metavar="FILE.uf2",
                                help="MicroPython's UF2 file for the board, from "
                                "micropython.org/download (RPI_PICO, RPI_PICO2, …)")
        if name not in ("bundle", "micropython"):
            action.add_argument("--port", metavar="PATH", help="the board's serial port "
                                "(default: found by its USB id and serial number)")
        if name in ("flash", "bundle"):
            action.add_argument("--compile", action="store_true",
                                help="precompile the firmware to .mpy with mpy-cross (smaller, "
                                "starts faster)")
        if name == "flash":
            action.add_argument("--bundle", metavar="DIR", type=Path,
                                help="flash this bundle (from kaskade firmware bundle) instead "
                                "of building one")
        if name in ("flash", "rollback"):
            action.add_argument("--timeout", type=_seconds, metavar="SECONDS",
                                help=f"how long the board may take over each step, and to say "
                                f"hello after its restart (default {ANSWER_SECONDS:g} and "
                                f"{HELLO_SECONDS:g} s; a Pico needs far less, an emulated board "
                                "on a busy computer may need minutes)")
        if name == "status":
            action.add_argument("--timeout", type=_seconds, metavar="SECONDS",
                                help=f"how long the board may take to say hello (default "
                                f"{STATUS_SECONDS:g} s)")
        if name == "bundle":
            action.add_argument("--out", metavar="DIR", type=Path, required=True,
                                help="the folder to write (replaced)")
        action.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Carry out the chosen action."""
    profile = load_profile(args.profile)
    if args.action == "bundle":
        bundle = build(profile, args.out, args.compile)
        print(f"bundle for {bundle.board} in {args.out}: firmware {bundle.version} "
              f"({bundle.content_hash}), {len(bundle.files) + 1} files, {bundle.total_bytes} "
              "bytes")
        return 0
    if args.action == "micropython":
        print(install_micropython(args.uf2))
        return 0
    if args.action == "status":
        return _status(profile, args)
    path = find_port(profile, args.port)
    waits: dict[str, Any] = {} if args.timeout is None else \
        {"hello_seconds": args.timeout, "answer_seconds": args.timeout}
    waits["locate"] = locator(profile.touch.usb, args.port)  # the board may come back renamed
    if args.action == "rollback":
        name, hello = rollback(path, profile, **waits)
        print(f"{hello.board}: back to firmware {hello.firmware} ({hello.content_hash}) in set "
              f"{name}")
        return 0
    show = _progress_bar(sys.stderr)
    report = flash(path, load(args.bundle), profile, show, **waits) if args.bundle else \
        flash_bundled(path, profile, show, args.compile, **waits)
    if report.up_to_date:
        print(f"{report.hello.board}: firmware {report.hello.firmware} "
              f"({report.hello.content_hash}) is up to date; nothing written "
              f"({report.seconds:.1f} s)")
    else:
        rate = report.written_bytes / report.seconds if report.seconds else 0
        print(f"{report.hello.board}: firmware {report.hello.firmware} "
              f"({report.hello.content_hash}) running from set {report.set_name}; "
              f"{report.written_files} files written ({report.written_bytes} bytes, "
              f"{report.skipped_files} unchanged) in {report.seconds:.1f} s, {rate:.0f} bytes/s")
    return 0


def _seconds(text: str) -> float:
    """A positive number of seconds, for ``--timeout``."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < seconds < 86_400:
        raise argparse.ArgumentTypeError(f"{text}: give a number of seconds above 0 and under "
                                         "a day")
    return seconds


def _status(profile: Profile, args: argparse.Namespace) -> int:
    """What is on the cable, and the next step; exit status 0 only for the bundled firmware
    (older, newer, changed or foreign firmware is offered the update)."""
    finding = examine_pico(profile, args.port,
                           hello_seconds=args.timeout or STATUS_SECONDS)
    if finding.state != "current" or finding.hello is None:
        print(f"on the cable: {finding.found}")
        if finding.fix:
            print(f"next: {finding.fix}")
        return 1
    hello = finding.hello
    print(f"{hello.board} on {finding.port}: firmware {hello.firmware} ({hello.content_hash}), "
          f"{hello.pads} pads, protocol {hello.protocol}: the firmware this program brings")
    return 0


def _progress_bar(stream: TextIO) -> Any:
    """Draws ``[#####     ] files 3/15, 12.0/48.1 kB`` on one line of a terminal."""
    live = stream.isatty()

    def show(progress: Progress) -> None:
        if not live or not progress.bytes_total:
            return
        share = progress.bytes / progress.bytes_total
        bar = "#" * round(30 * share)
        stream.write(f"\r[{bar:<30}] files {progress.files}/{progress.files_total}, "
                     f"{progress.bytes / 1000:.1f}/{progress.bytes_total / 1000:.1f} kB")
        if progress.files == progress.files_total:
            stream.write("\n")
        stream.flush()

    return show
