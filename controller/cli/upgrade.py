"""``kaskade upgrade``: put a new release of the program on this Raspberry Pi with a way back.
The wheel must be signed by a key this board trusts (WHEEL.sig beside it: the project's
releases come with one, and kaskade release sign makes one for a build of your own, whose key
kaskade install --trust adds). It is copied out of the user's reach, checked, and installed as
a release of its own beside the running one under /opt/kaskade-board/releases;
/opt/kaskade-board/current is switched to it in one step and the service restarted. Unless
the new release's board app reports ready in time, current is switched back and the release
before is restarted, on its own. The game in progress and the history are kept both ways (a
file a newer release wrote is set aside by an older one, never destroyed). --rollback goes
back to the release before by hand; --status says which release runs and which are kept.
--uploaded installs the release uploaded from the web page, only if it is signed and newer
than the running one (the board's upgrade service runs it). Run it with sudo.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from controller.app.ready import read_ready
from controller.app.signatures import (
    SUFFIX,
    PublicKey,
    SignatureError,
    trusted_keys,
    unsigned,
    verify_file,
)
from controller.app.upgrades import SPOOL, Spool, check_newer
from controller.cli.help import description
from controller.cli.install import installer
from controller.cli.usage import UsageError
from controller.errors import KaskadeError
from hw.pi.fetch import SystemdFetch, write_request
from hw.pi.install import PREFIX, STATE
from hw.pi.installer import Installer, carried_constraints, is_checkout
from hw.pi.releases import Layout, Release, read_wheel
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
    parser.add_argument("source", nargs="?", type=Path, metavar="WHEEL",
                        help="the new release: a kaskade_board wheel, signed (WHEEL.sig "
                        "beside it, or --signature)")
    parser.add_argument("--signature", type=Path, metavar="FILE",
                        help="the wheel's signature, when it is not WHEEL.sig beside it")
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
    chosen = [flag for flag, given in (("WHEEL", args.source is not None),
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
                         replace(installer(args.constraints, None), binary_only=True),
                         trusted_keys(), SystemdFetch())
        return 0
    else:
        release = upgrade_signed(upgrader, args.source, args.signature,
                                 installer(args.constraints, None), trusted_keys())
    print(f"the board runs {release.name}")
    return 0


def upgrade_signed(upgrader: Upgrader, wheel: Path, signature: Path | None,
                   making: Installer, keys: list[PublicKey]) -> Release:
    """Upgrade to ``wheel`` once its ``signature`` (by default ``WHEEL.sig`` beside it) shows
    that one of ``keys`` signed it: both are first copied into a folder of root's own, and
    the copy is what is checked and installed, so nobody who can write where the wheel lies
    can change it in between."""
    if not wheel.exists():
        raise UsageError(f"{wheel}: no such file or directory")
    if wheel.is_dir():
        raise UsageError(f"{wheel} is a folder: "
                         + ("a checkout is no signed release; build its wheel (python -m pip "
                            "wheel --no-deps CHECKOUT), sign it (kaskade release sign WHEEL "
                            "--key KEY) and upgrade to that" if is_checkout(wheel) else
                            "give a kaskade_board wheel"))
    signature = signature or wheel.with_name(wheel.name + SUFFIX)
    read_wheel(wheel)
    if not signature.is_file():
        raise SignatureError(unsigned(wheel.name) + (f" ({signature}: no such file)"
                                                 if signature.name != wheel.name + SUFFIX
                                                 else ""))
    with _scratch(upgrader.layout) as scratch:
        into = Path(scratch)
        copy, copied_signature = into / wheel.name, into / (wheel.name + SUFFIX)
        shutil.copyfile(wheel, copy)
        shutil.copyfile(signature, copied_signature)
        signer = verify_file(copy, copied_signature, keys)
        print(f"{wheel.name} is signed by {signer.name}")
        return upgrader.upgrade(copy, prepared(making, copy, into, None))


class Fetch(Protocol):
    """What fetches the libraries a release needs, as its ``request`` folder asks
    (:func:`hw.pi.fetch.write_request`)."""

    @property
    def request(self) -> Path: ...

    def fetch(self) -> Path:
        """The folder of wheels fetched."""


def prepared(making: Installer, wheel: Path, scratch: Path, fetch: Fetch | None) -> Installer:
    """``making`` for the signed ``wheel``: pinned by the constraints the wheel carries (when
    it carries them), and with ``fetch``, installing only what it fetched, offline."""
    constraints = carried_constraints(wheel, scratch) or making.constraints
    making = replace(making, constraints=constraints)
    if fetch is None:
        return making
    write_request(wheel, constraints, making.extras, fetch.request)
    return replace(making, wheelhouse=fetch.fetch())


def _scratch(layout: Layout) -> tempfile.TemporaryDirectory[str]:
    """A folder of root's own beside the releases, for a release being checked."""
    layout.prefix.mkdir(parents=True, exist_ok=True)
    return tempfile.TemporaryDirectory(prefix=".uploaded-", dir=layout.prefix)


def upgrade_uploaded(upgrader: Upgrader, spool: Spool, making: Installer,
                     keys: list[PublicKey], fetch: Fetch | None = None) -> Release | None:
    """Install the release waiting in ``spool``: its wheel and signature first copied out
    of the app's reach, then checked — signed by one of ``keys``, newer than the release that
    runs — and upgraded to as by hand (its libraries, with ``fetch``, fetched by the
    unprivileged service and installed offline); how it went is kept for the page. The
    release that runs after, ``None`` when no wheel waited."""
    with _scratch(upgrader.layout) as scratch:
        waiting = spool.take(Path(scratch))
        if waiting is None:
            print(f"no uploaded release waits in {spool.directory}")
            return None
        name = waiting.wheel.name
        spool.report("installing", f"installing {name}", name)
        try:
            wheel = read_wheel(waiting.wheel)
            running = upgrader.layout.current()
            if running is not None:
                check_newer(wheel.version, running.version)
            if waiting.signature is None:
                raise SignatureError(unsigned(name))
            signer = verify_file(waiting.wheel, waiting.signature, keys)
            print(f"{name} is signed by {signer.name}")
            release = upgrader.upgrade(waiting.wheel, prepared(making, waiting.wheel,
                                                               Path(scratch), fetch))
        except KaskadeError as error:
            spool.report("failed", str(error), name)
            raise
    spool.report("done", f"the board runs {release.name}", name)
    print(f"the board runs {release.name}")
    return release
