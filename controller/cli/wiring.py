"""``kaskade wiring``: the documents of a build — pin map, pads to sensor channels, power
budget, geometry and sensing, parts list, a wiring diagram with every wire (A4), and cut files
for a laser cutter (the light grid, the pad layout, the top plate) — drawn from its profile.

Without options it rewrites the documents of every reference build in wiring/<build>/; with
--check it only compares them (exit status 1 when any is out of date, as CI runs it). For your
own build, give its profile and a folder: kaskade wiring --profile my-board.toml --out my-board
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from controller.errors import KaskadeError
from controller.profile import load_profile, profile_names
from wiring.document import build_folder, documents

EXAMPLES = """\
examples:
  kaskade wiring                                   rewrite wiring/<build>/ for every build
  kaskade wiring --check                           are they current? (exit 1 if not)
  kaskade wiring --profile my-board.toml --out my-board
"""


class StaleError(KaskadeError, RuntimeError):
    """Documents that no longer match their profiles."""


def register(commands: Any) -> None:
    """Add ``wiring`` to the command line."""
    parser = commands.add_parser(
        "wiring", help="wiring diagrams, pin maps, parts lists and cut files from profiles",
        description=__doc__.replace("``", "").split("\n\n", 1)[1], epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profile", metavar="NAME|FILE",
                        help="one build (a reference build's name or a profile file) instead of "
                        "every reference build")
    parser.add_argument("--out", metavar="DIR", type=Path,
                        help="where to write (default: wiring/<build>/; needed for a profile "
                        "file)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; fail when a document differs from its profile")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Write or check the documents."""
    if args.profile is None and args.out is not None:
        raise KaskadeError("--out goes with --profile (one build to one folder)")
    names = profile_names() if args.profile is None else [args.profile]
    stale = []
    for name in names:
        profile = load_profile(name)
        for key, reason in profile.warnings:
            print(f"{profile.source}: {key}: warning: {reason}")
        if args.out is not None:
            folder = args.out
        elif name in profile_names():
            folder = build_folder(name)
        else:
            raise KaskadeError(f"{name} is not a reference build: say where its documents go "
                               "with --out DIR")
        for file_name, text in documents(profile).items():
            path = folder / file_name
            current = path.read_text(encoding="utf-8") if path.exists() else None
            if current == text:
                continue
            if args.check:
                stale.append(str(path))
                continue
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if stale:
        raise StaleError("out of date (run kaskade wiring): " + ", ".join(stale))
    if args.check:
        print(f"the wiring documents of {', '.join(names)} are current")
    return 0
