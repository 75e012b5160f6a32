"""``kaskade wiring``: the documents of a build — pin map, pads to sensor channels, power
budget, geometry and sensing, parts list, a wiring diagram with every wire (A4), and cut files
for a laser cutter (the light grid, the pad layout, the top plate) — drawn from its profile.

The program carries the reference builds' documents (wiring/<build>/ in its package). --out DIR
writes them anew, each build into DIR/<build>/, or one build's into DIR with --profile; --check
compares the carried copies (or those in --out DIR) with what the profiles give today, exit
status 2 when any is out of date. Without either it writes nothing and says where the copies
are. An installed package's own folder is refused: its copies are what --check compares with.
In a source checkout, kaskade wiring --out wiring redraws the copies the package will carry.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from controller.errors import KaskadeError
from controller.profile import load_profile, profile_names
from wiring.document import HERE as PACKAGE
from wiring.document import build_folder, documents

EXAMPLES = """\
examples:
  kaskade wiring --out builds                      every reference build, into builds/<build>/
  kaskade wiring --check                           are the carried copies current? (exit 2 if not)
  kaskade wiring --profile my-board.toml --out my-board
  kaskade wiring --out wiring                      in a source checkout: redraw the carried copies
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
                        help="where to write: DIR/<build>/ for every reference build, DIR itself "
                        "with --profile (never the installed package's own folder)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; fail when a document differs from its profile "
                        "(the package's copies, or those in --out DIR)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Write or check the documents."""
    if args.out is None and not args.check:
        raise KaskadeError(f"nothing written: say where with --out DIR (each reference build "
                           f"into DIR/<build>/), or compare the copies this program carries "
                           f"in {PACKAGE} with --check")
    if args.out is not None and not args.check:
        _refuse_package(args.out)
    names = profile_names() if args.profile is None else [args.profile]
    stale = []
    for name in names:
        profile = load_profile(name)
        for key, reason in profile.warnings:
            print(f"{profile.source}: {key}: warning: {reason}")
        folder = _folder(name, args.out, args.profile is None)
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
        raise StaleError("out of date (write them anew with kaskade wiring --out DIR): "
                         + ", ".join(stale))
    if args.check:
        print(f"the wiring documents of {', '.join(names)} in {args.out or PACKAGE} are "
              "current")
    return 0


def _folder(name: str, out: Path | None, every: bool) -> Path:
    """Where the documents of build ``name`` go (or are checked)."""
    if out is not None:
        return out / name if every else out
    if name in profile_names():
        return build_folder(name)
    raise KaskadeError(f"{name} is not a reference build: say where its documents go with "
                       "--out DIR")


def _refuse_package(out: Path) -> None:
    """An installed package's files are its installer's (and what --check compares with):
    never rewritten. A source checkout's wiring/ is the source of those copies."""
    if (PACKAGE.parent / "pyproject.toml").is_file():
        return
    target = out.resolve()
    if target == PACKAGE or PACKAGE in target.parents:
        raise KaskadeError(f"{out} is inside the installed package ({PACKAGE}); its documents "
                           "are what --check compares with: write them elsewhere")
