"""``kaskade install``: make this Raspberry Pi start the board at power-on, safely. Installs
the program — from the checkout or the release this command runs from, or the wheel given —
as a release of its own under /opt/kaskade-board/releases, owned by root (what runs cannot be
changed by whoever can write the source tree), and points /opt/kaskade-board/current at it;
makes the user and group kaskade; writes a sandboxed systemd unit that runs the current
release's board app as that user (as root only where the LEDs need /dev/mem: rpi_ws281x's PWM
and PCM) with its games in /var/lib/kaskade-board, opening only the devices the board uses,
within limits, restarted by a watchdog if it hangs; and a udev rule that names the touch
board's port /dev/kaskade-board for group kaskade only; puts the public keys of the releases
this board trusts into /etc/kaskade-board/release-keys (the project's own, and yours with
--trust KEY.pub); then (re)starts the service. Later releases go in with kaskade upgrade, only
when signed by one of those keys. Run it with sudo; --print shows every file and command
without doing anything.

The udev rule names the touch board by its USB serial number, so that no other MicroPython
Pico plugged into the Pi becomes the board's port: the board on the cable is asked who it is
(its firmware answers with the profile's board id) and its serial number is written into the
rule. Without the board on the cable, give its serial number with --serial (or put it under
[touch.usb] in the profile); --any-pico matches any Pico instead, at the risk that another one
plugged in later takes the board's place. After replacing the touch board, run this again.
"""

from __future__ import annotations

import argparse
import grp
import os
import pwd
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from controller import __version__
from controller.app.signatures import TRUSTED, PublicKey, project_key, read_public_key
from controller.app.upgrades import OUTCOMES, SPOOL
from controller.cli.help import description
from controller.cli.usage import UsageError
from controller.errors import KaskadeError
from controller.profile import DEFAULT_PROFILE, Profile, load_profile, profile_names
from controller.web.server import parse_address
from hw.leds.privileges import ROOT_COST, device_groups, led_devices, root_needed
from hw.pi.facts import read_facts
from hw.pi.fetch import FETCH_UNIT
from hw.pi.install import (
    PREFIX,
    PROFILES,
    STATE,
    TOUCH_DRIVER,
    UPGRADE_UNIT,
    USER,
    WEB_ADDRESS,
    Account,
    UnsafeValueError,
    account,
    files,
    udev_value,
    upgrade_units,
)
from hw.pi.installer import Installer, find_constraints, program_source, shown_steps
from hw.pi.networks import local_networks, network
from hw.pi.releases import Layout
from hw.pi.upgrade import remove_legacy
from hw.touch.errors import LinkError
from hw.touch.identify import identify

SERVICE_STEPS = (("systemctl", "daemon-reload"), ("systemctl", "enable", "kaskade-board"),
                 ("systemctl", "restart", "kaskade-board"),
                 ("udevadm", "control", "--reload-rules"),
                 ("udevadm", "trigger", "--subsystem-match=tty"))
WEB_UPGRADES_ON = (("systemctl", "enable", "--now", f"{UPGRADE_UNIT}.path"),)
UNITS = Path("/etc/systemd/system")
WEB_UPGRADES_OFF = (("systemctl", "disable", "--now", f"{UPGRADE_UNIT}.path"),
                    ("rm", "-f", str(UNITS / f"{UPGRADE_UNIT}.path"),
                     str(UNITS / f"{UPGRADE_UNIT}.service"),
                     str(UNITS / f"{FETCH_UNIT}.service")),
                    ("rm", "-rf", str(STATE / SPOOL)),
                    ("systemctl", "daemon-reload"))
"""Uploads of releases from the web page are taken only where the owner asked for them
(whoever may upload may replace the program the board runs as root); an earlier install's
uploads are turned off by installing again without them."""


class InstallError(KaskadeError, OSError):
    """The files cannot be written (not root, a read-only system), or a step failed."""


def register(commands: Any) -> None:
    """Add ``install`` to the command line."""
    parser = commands.add_parser(
        "install", help="start the board at power-on (program in /opt, sandboxed service, "
        "udev rule)",
        description=description(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profile", default=DEFAULT_PROFILE, metavar="NAME|FILE",
                        help=f"the board build: one of {', '.join(profile_names())}, or a "
                        f"profile file, copied to {PROFILES} (default {DEFAULT_PROFILE})")
    parser.add_argument("--web", metavar="HOST:PORT", default=WEB_ADDRESS,
                        help=f"where the board serves its web companion (default {WEB_ADDRESS}: "
                        "the home network; the service answers private addresses only)")
    parser.add_argument("--broker", metavar="HOST:PORT",
                        help="let the service reach this MQTT broker for remote play besides "
                        "the home network (its addresses now: install again if they change)")
    parser.add_argument("--network", action="append", default=[], metavar="CIDR",
                        help="let the service talk with this network too, besides those of "
                        "the Pi's interfaces now (repeatable; e.g. a VPN's 10.8.0.0/24)")
    parser.add_argument("--no-web", action="store_true",
                        help="no web companion: the service gets no network at all")
    parser.add_argument("--wheel", type=Path, metavar="FILE|CHECKOUT",
                        help="install this wheel (or build one from this checkout) instead of "
                        "the program this command runs from")
    parser.add_argument("--constraints", type=Path, metavar="FILE",
                        help="pin the dependencies to this pip constraints file (default: "
                        "constraints.txt of the checkout, or the one in the package)")
    parser.add_argument("--trust", type=Path, action="append", default=[], metavar="KEY.pub",
                        help="trust releases signed with this key too, besides the project's "
                        "(repeatable; kaskade release keygen makes one)")
    parser.add_argument("--web-upgrades", action="store_true",
                        help="let paired devices upload a new release from the web page (off "
                        "by default: whoever may upload may replace the program the board "
                        "runs); install again without it to turn uploads off")
    board = parser.add_mutually_exclusive_group()
    board.add_argument("--serial", metavar="SERIAL",
                       help="the touch board's USB serial number, for the udev rule when the "
                       "board is not on the cable now (kaskade doctor and kaskade firmware "
                       "status show it)")
    board.add_argument("--any-pico", action="store_true",
                       help="let the udev rule match any device with the profile's USB id: "
                       "any MicroPython Pico plugged in then may become the board's port "
                       "and its touches' source")
    parser.add_argument("--print", action="store_true", dest="show",
                        help="show the files and the commands; change nothing")
    parser.add_argument("--root", type=Path, default=Path("/"), metavar="DIR",
                        help="write the files under DIR instead of / (an image being prepared) "
                        "and list the commands still to run on the Pi")
    parser.set_defaults(handler=run)


def touch_board(args: argparse.Namespace, profile: Profile) -> tuple[str | None, str]:
    """The touch board's USB serial number for the udev rule (``None``: any Pico, asked for
    with --any-pico) and the kernel driver of its port: given (--serial, the profile), or
    found on the cable by asking each candidate who it is."""
    try:
        if args.serial is not None:
            return udev_value(args.serial, "--serial"), TOUCH_DRIVER
        if profile.touch.usb.serial is not None:
            return udev_value(profile.touch.usb.serial, "[touch.usb] serial"), TOUCH_DRIVER
    except UnsafeValueError as error:
        raise InstallError(str(error)) from None
    if args.any_pico:
        return None, TOUCH_DRIVER
    try:
        board = identify(profile)
    except LinkError as error:
        raise InstallError(
            f"{error}. The udev rule names the touch board by its USB serial number, so that "
            "no other MicroPython Pico becomes its port: plug the board in (with its "
            "firmware: kaskade firmware flash) and run this again, or give --serial SERIAL, or "
            "--any-pico (any Pico on this Pi may then take the board's place)") from None
    if board.serial is None or not _plain(board.serial):
        raise InstallError(f"the touch board on {board.device} has no USB serial number a udev "
                           "rule can match; run this again with --any-pico")
    print(f"# the touch board: {board.device}, USB serial number {board.serial}")
    return board.serial, board.driver


def _plain(serial: str) -> bool:
    try:
        udev_value(serial, "the serial number")
    except UnsafeValueError:
        return False
    return True


def commands(who: Account, web_upgrades: bool = False) -> list[tuple[str, ...]]:
    """The commands that prepare the service's user and group, and its state directory (with
    the folder where releases uploaded from the web page wait, if uploads are wanted), in
    order."""
    steps: list[tuple[str, ...]] = []
    try:
        pwd.getpwnam(USER)
    except KeyError:
        steps.append(("useradd", "--system", "--user-group", "--no-create-home", "--home-dir",
                      str(STATE), "--shell", "/usr/sbin/nologin", USER))
    existing = [group for group in who.groups if _group_exists(group)]
    if who.user == USER and existing:
        steps.append(("usermod", "--append", "--groups", ",".join(existing), USER))
    owner = ("-o", who.user, "-g", who.user)
    steps.append(("install", "-d", "-m", "0700", *owner, str(STATE)))
    if web_upgrades:
        steps.append(("install", "-d", "-m", "0700", *owner, str(STATE / SPOOL)))
    return steps


def installer(constraints: Path | None, source: Path | None) -> Installer:
    """The installer of releases: constraints as given, else those of the checkout
    ``source`` (if it is one), of the checkout this runs from, or of the package."""
    found = constraints or find_constraints(source if source and source.is_dir() else None)
    if found is not None and not found.is_file():
        raise InstallError(f"{found}: no such constraints file")
    return Installer(constraints=found)


def _service_steps(web_upgrades: bool, root: Path) -> tuple[tuple[str, ...], ...]:
    """The commands that start the service, with uploads from the web page turned on when
    wanted, or off when an earlier install under ``root`` had turned them on."""
    were_on = (root / UNITS.relative_to("/") / f"{UPGRADE_UNIT}.path").exists()
    return (*SERVICE_STEPS,
            *(WEB_UPGRADES_ON if web_upgrades else WEB_UPGRADES_OFF if were_on else ()))


def _group_exists(name: str) -> bool:
    try:
        grp.getgrnam(name)
    except KeyError:
        return False
    return True


def _wanted_files(args: argparse.Namespace, profile: Profile, who: Account,
                  networks: tuple[str, ...]) -> dict[Path, str]:
    """The files the install writes: a maker's own profile copied where the service reads it,
    the unit, the udev rule naming the touch board and, if asked for, the upload units."""
    serial, touch = touch_board(args, profile)
    wanted: dict[Path, str] = {}
    if args.profile in profile_names():
        argument = args.profile
    else:
        copied = PROFILES / Path(args.profile).name
        wanted[copied] = Path(args.profile).read_text(encoding="utf-8")
        argument = str(copied)
    if not args.no_web:
        parse_address(args.web)  # a wrong address is refused here, not by a failing service
    leds = broker_addresses(f"{profile.ddp.host}:{profile.ddp.port}", "[leds.ddp] host") \
        if profile.led_backend == "ddp" and profile.ddp else ()
    wanted.update(files(profile, argument, who, None if args.no_web else args.web,
                        serial=serial, touch=touch,
                        broker=broker_addresses(args.broker) if args.broker else (),
                        networks=networks, leds=leds))
    if args.web_upgrades:
        wanted.update(upgrade_units(STATE / SPOOL, OUTCOMES, TRUSTED))
    wanted.update(release_keys([read_public_key(path) for path in args.trust]))
    return wanted


def release_keys(owners: list[PublicKey]) -> dict[Path, str]:
    """The public keys a board trusts to sign its releases, as files of root's: the project's
    own and the ``owners``' (each named after its fingerprint)."""
    project = project_key()
    keys = {TRUSTED / "kaskade-board-release.pub": project.text()}
    keys.update({TRUSTED / f"{key.fingerprint[:16]}.pub": key.text() for key in owners
                 if key.raw != project.raw})
    return keys


def home_networks(args: argparse.Namespace) -> tuple[str, ...]:
    """The networks the service may talk with: those of the Pi's interfaces now (not when
    the files go under another --root: that is not the Pi), and those given (--network);
    none when it has no network at all."""
    if args.no_web and not args.broker:
        return ()
    given = tuple(network(text) for text in args.network)
    found = local_networks() if args.root == Path("/") else ()
    return tuple(dict.fromkeys((*found, *given)))


def networks_note(networks: tuple[str, ...], args: argparse.Namespace,
                  profile: Profile) -> str:
    """What the service's network allows, in words (a Pi moved elsewhere is installed
    again)."""
    leds = profile.led_backend == "ddp" and profile.ddp is not None
    if args.no_web and not args.broker:
        return ("the service talks only with this machine, link-local addresses and the LED "
                "controller" if leds else "the service has no network")
    where = ", ".join(networks) or "no other network (give it with --network CIDR)"
    return (f"the service talks with this machine, link-local addresses and {where}"
            + (" and the broker" if args.broker else "")
            + (" and the LED controller" if leds else "")
            + "; on another network, install again")


def broker_addresses(address: str, what: str = "--broker") -> tuple[str, ...]:
    """The IP addresses of the machine at ``HOST:PORT`` (a unit allows addresses, not names),
    each as a network of one; ``UsageError`` (naming ``what`` gave it) when it names none."""
    found = re.fullmatch(r"(\[[0-9a-fA-F:]+\]|[^:\[\]]+):(\d{1,5})", address)
    if found is None:
        raise UsageError(f"{what} {address}: give HOST:PORT or [IPv6]:PORT")
    host, port = found[1].strip("[]"), int(found[2])
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError) as error:
        raise UsageError(f"{what} {address}: the name does not resolve ({error})") from None
    addresses = sorted({str(info[4][0]) for info in infos})
    return tuple(f"{ip}/{128 if ':' in ip else 32}" for ip in addresses)


def run(args: argparse.Namespace) -> int:
    """Install (or show what would be installed) and start the service."""
    profile = load_profile(args.profile)
    facts = read_facts()
    groups = device_groups(profile, facts)
    if args.root == Path("/"):  # a group this system has not would stop the unit starting
        groups = tuple(group for group in groups if _group_exists(group))
    who = account(root_needed(profile, facts), groups, led_devices(profile, facts))
    on_this_system = args.root == Path("/")
    if not args.show and on_this_system and os.geteuid() != 0:
        raise InstallError("the service and its program go into system folders: run sudo "
                           "$(command -v kaskade) install")
    networks = home_networks(args)
    wanted = _wanted_files(args, profile, who, networks)
    service_steps = _service_steps(args.web_upgrades, args.root)
    source = program_source(args.wheel)
    making = installer(args.constraints, source)
    layout = Layout(PREFIX)
    steps = commands(who, args.web_upgrades)
    shown = [*steps, *shown_steps(making, source, layout, __version__)]
    if who.user == "root":
        print(f"note: {who.why}, so {ROOT_COST}", file=sys.stderr)
    if args.show:
        print(f"# the service runs as {who.user}: {who.why}")
        print(f"# {networks_note(networks, args, profile)}")
        for path, text in wanted.items():
            print(f"# {path}\n{text}")
        print("# then, as root:")
        for step in (*shown, *service_steps):
            print(" ".join(step))
        return 0
    if on_this_system:
        for step in steps:
            _run(step)
        _install_program(making, source, layout)
    for path, text in wanted.items():
        target = args.root / path.relative_to("/")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            target.chmod(0o644)
        except OSError as error:
            raise InstallError(f"{target}: {error.strerror or error}; the files go into system "
                               "folders: run sudo $(command -v kaskade) install") from None
        print(f"wrote {target}")
    if not on_this_system:
        print(networks_note(networks, args, profile))
        print("on the Pi, still to run as root:")
        for step in (*shown, *service_steps):
            print("  " + " ".join(step))
        return 0
    for step in service_steps:
        if shutil.which(step[0]) is None:
            print(f"skipped {' '.join(step)}: {step[0]} is not on this system")
            continue
        _run(step)
    for name in remove_legacy(layout):  # the service runs the release now
        print(f"removed {layout.prefix / name} (the program before releases)")
    print(networks_note(networks, args, profile))
    print(f"the board starts at power-on, as {who.user}; its log: journalctl -u kaskade-board -f")
    return 0


def _install_program(making: Installer, source: Path, layout: Layout) -> None:
    """Install ``source`` as a release and make it the current one (the one that ran before,
    if any, is kept to go back to)."""
    release = making.install(source, layout)
    running = layout.current()
    before = running if running is not None and running.path != release.path else \
        layout.previous()
    layout.switch(release, before)
    print(f"{layout.prefix / 'current'} -> {release.name}")


def _run(step: tuple[str, ...]) -> None:
    print(" ".join(step))
    result = subprocess.run(step, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise InstallError(f"{' '.join(step)} failed: {result.stderr.strip()[-500:]}")
