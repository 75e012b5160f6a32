"""``kaskade install``: make this Raspberry Pi start the board at power-on. Writes a systemd
unit that runs the board app (as root, for the LEDs' PWM and DMA; the game is kept in
/var/lib/kaskade-board) and a udev rule that names the touch board's serial port
/dev/kaskade-board, then enables and starts the service. Run it with sudo; --print shows the
files without writing anything.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from controller.cli.help import description
from controller.errors import KaskadeError
from controller.profile import DEFAULT_PROFILE, load_profile, profile_names
from hw.pi.install import files

STEPS = (("systemctl", "daemon-reload"), ("systemctl", "enable", "--now", "kaskade-board"),
         ("udevadm", "control", "--reload-rules"), ("udevadm", "trigger", "--subsystem-match=tty"))


class InstallError(KaskadeError, OSError):
    """The files cannot be written (not root, a read-only system), or the service not
    started."""


def register(commands: Any) -> None:
    """Add ``install`` to the command line."""
    parser = commands.add_parser(
        "install", help="start the board at power-on (systemd unit, udev rule)",
        description=description(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profile", default=DEFAULT_PROFILE, metavar="NAME|FILE",
                        help=f"the board build: one of {', '.join(profile_names())}, or a "
                        f"profile file (default {DEFAULT_PROFILE})")
    parser.add_argument("--print", action="store_true", dest="show",
                        help="show the files and where they go; write nothing")
    parser.add_argument("--root", type=Path, default=Path("/"), metavar="DIR",
                        help="write under DIR instead of / (an image being prepared); the "
                        "service is then neither enabled nor started")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Write (or show) the files and start the service."""
    profile = load_profile(args.profile)
    argument = args.profile if args.profile in profile_names() else \
        str(Path(args.profile).resolve())
    kaskade = Path(sys.argv[0]).resolve() if Path(sys.argv[0]).name == "kaskade" else \
        Path(shutil.which("kaskade") or sys.argv[0]).resolve()
    wanted = files(profile, argument, kaskade)
    if args.show:
        for path, text in wanted.items():
            print(f"# {path}\n{text}")
        return 0
    for path, text in wanted.items():
        target = args.root / path.relative_to("/")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        except OSError as error:
            raise InstallError(f"{target}: {error.strerror or error}; the files go into system "
                               "folders: run sudo $(command -v kaskade) install") from None
        print(f"wrote {target}")
    if args.root != Path("/"):
        return 0
    for step in STEPS:
        if shutil.which(step[0]) is None:
            print(f"skipped {' '.join(step)}: {step[0]} is not on this system")
            continue
        result = subprocess.run(step, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise InstallError(f"{' '.join(step)} failed: {result.stderr.strip()}")
    print("the board starts at power-on; its log: journalctl -u kaskade-board -f")
    return 0
