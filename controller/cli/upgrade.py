"""``kaskade upgrade``: put a new release of the program on this Raspberry Pi with a way back.
The wheel (or a wheel built from the checkout) is installed as a release of its own beside
the running one under /opt/kaskade-board/releases; /opt/kaskade-board/current is switched to
it in one step and the service restarted. Unless the new release's board app reports ready
in time, current is switched back and the release before is restarted, on its own. The game
in progress and the history are kept both ways (a file a newer release wrote is set aside
by an older one, never destroyed). --rollback goes back to the release before by hand;
--status says which release runs and which are kept. --uploaded installs the release
uploaded from the web page (the board's upgrade service runs it). Run it with sudo.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from controller.app.ready import read_ready
from controller.app.upgrades import SPOOL, Spool
from controller.cli.help import description
from controller.cli.install import installer
from controller.cli.usage import UsageError
from controller.errors import KaskadeError
from hw.pi.install import PREFIX, STATE
from hw.pi.installer import Installer
from hw.pi.releases import Layout, Release
from hw.pi.upgrade import READY_SECONDS, Systemd, Upgrader, status

LAYOUT = Layout(PREFIX)
"""The releases this command switches."""
SERVICE = Systemd()
"""What runs the board app."""


def register(commands: Any) -> None:
    """Add ``upgrade`` to the command line."""
    parser = commands.add_parser(
        "upgrade", help="install a new release beside the running one, switch, fall back if "
        "it does not come up (--rollback, --status)",
        description=description(__doc__), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", nargs="?", type=Path, metavar="WHEEL|CHECKOUT",
                        help="the new release: a kaskade_board wheel, or a checkout to build "
                        "one from")
    parser.add_argument("--rollback", action="store_true",
                        help="go back to the release that ran before")
    parser.add_argument("--status", action="store_true",
                        help="say which release runs and which are kept; change nothing")
    parser.add_argument("--uploaded", action="store_true",
                        help=f"install the release uploaded from the web page (waiting in "
                        f"{STATE / SPOOL}); what the board's upgrade service runs")
    parser.add_argument("--constraints", type=Path, metavar="FILE",
                        help="pin the dependencies to this pip constraints file (default: "
                        "constraints.txt of the checkout, or the one in the package)")
    parser.add_argument("--timeout", type=float, default=READY_SECONDS, metavar="SECONDS",
                        help="how long the new release may take to report ready before the "
                        f"one before comes back (default {READY_SECONDS:g})")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Upgrade, roll back, or tell."""
    chosen = [flag for flag, given in (("WHEEL|CHECKOUT", args.source is not None),
                                       ("--rollback", args.rollback),
                                       ("--status", args.status),
                                       ("--uploaded", args.uploaded)) if given]
    if len(chosen) != 1:
        raise UsageError("give one of: a wheel or checkout to upgrade to, --rollback, "
                         "--status, --uploaded"
                         if not chosen else f"{' and '.join(chosen)} do not go together")
    if args.status:
        for line in status(LAYOUT, SERVICE, partial(read_ready, STATE)):
            print(line)
        return 0
    if not 0 < args.timeout <= 3600:
        raise UsageError(f"--timeout {args.timeout:g}: give 1 to 3600 seconds")
    if os.geteuid() != 0:
        raise UsageError("an upgrade changes system folders and restarts the service: run "
                         "sudo $(command -v kaskade) upgrade")
    upgrader = Upgrader(LAYOUT, SERVICE, partial(read_ready, STATE), timeout=args.timeout)
    if args.rollback:
        release = upgrader.rollback()
    elif args.uploaded:
        upgrade_uploaded(upgrader, Spool(STATE),
                         replace(installer(args.constraints, None), binary_only=True))
        return 0
    else:
        if not args.source.exists():
            raise UsageError(f"{args.source}: no such file or directory")
        release = upgrader.upgrade(args.source, installer(args.constraints, args.source))
    print(f"the board runs {release.name}")
    return 0


def upgrade_uploaded(upgrader: Upgrader, spool: Spool, making: Installer) -> Release | None:
    """Install the wheel waiting in ``spool``: first moved out of the app's reach, then
    upgraded to as by hand; how it went is kept for the page. The release that runs after,
    ``None`` when no wheel waited."""
    with tempfile.TemporaryDirectory(prefix=".uploaded-", dir=upgrader.layout.prefix) as into:
        wheel = spool.take(Path(into))
        if wheel is None:
            print(f"no uploaded release waits in {spool.directory}")
            return None
        spool.report("installing", f"installing {wheel.name}", wheel.name)
        try:
            release = upgrader.upgrade(wheel, making)
        except KaskadeError as error:
            spool.report("failed", str(error), wheel.name)
            raise
    spool.report("done", f"the board runs {release.name}", wheel.name)
    print(f"the board runs {release.name}")
    return release
