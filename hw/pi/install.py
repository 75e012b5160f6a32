"""What makes a Pi start the board at power-on, safely: the program in root-owned releases
under ``/opt`` (nobody who can write the source tree can change what runs; see
:mod:`hw.pi.releases`), a systemd unit that runs it as the ``kaskade`` user wherever the LEDs
allow (as root only for rpi_ws281x's PWM and PCM) inside a sandbox that opens only the
devices the board uses, with limits and a watchdog that restarts a hung app, and a udev rule
that names this touch board's port ``/dev/kaskade-board`` and gives it to group ``kaskade``
alone.

Everything a profile puts into these files is checked character by character or quoted the
way systemd reads it: a shared profile must never be able to add a line of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from controller.errors import KaskadeError
from controller.profile.model import Profile
from hw.pi.facts import SERVICE, UDEV_RULE, WS2812_DRIVER
from hw.pi.fetch import CACHE, FETCH_UNIT, REQUEST, WHEELHOUSE, fetch_command
from hw.pi.networks import HOST_NETWORKS
from hw.pi.releases import Layout

WEB_ADDRESS = "0.0.0.0:8765"
"""Where the installed board serves its web companion."""
PREFIX = Path("/opt/kaskade-board")
"""Where the releases are installed, owned by root; the service runs ``current``'s."""
KASKADE = Layout(PREFIX).kaskade
"""The command the service runs: the current release's, through its symlink."""
STATE = Path("/var/lib/kaskade-board")
"""Where the service keeps the game in progress, the settings and the history (mode 0700)."""
PROFILES = Path("/etc/kaskade-board")
"""Where a profile of the maker's own is copied, out of reach of ``ProtectHome``."""
USER = "kaskade"
"""The service's user, and the group that owns the touch board's port."""
LINK = "kaskade-board"
"""The name the udev rule gives the touch board's port under /dev."""
WATCHDOG_SECONDS = 30
"""How long the app's loop may go without saying it is alive before systemd restarts it: it
turns at least once a second and reports every quarter of this, so only a loop stuck for
more than 20 seconds is restarted (a save on a slow SD card takes a second or two)."""
START_SECONDS = 120
"""How long the app may take to start (imports on a Pi Zero 2, the LEDs, the web companion)
before systemd counts the start as failed."""
OPEN_FILES = 4096
"""The service's file descriptors: room for the web companion's connection limit, the
database, the port and the LED devices (systemd's default soft limit is 1,024)."""
MEMORY_MAX = "256M"
"""The most memory the service may use: the app measured about 50 MB running and 69 MB at
most (the strongest computer player thinking with 200 web streams open), so this is nearly
four times that, and a leak is stopped (the app restarted) long before a Pi Zero 2's 512 MB
run out."""
TASKS_MAX = 64
"""The most threads: the loop, the touch link, the web server and its resolver's pool, the
computer's thinking, the GPIO library's callbacks — a dozen or so; a runaway stops here."""
TOUCH_DRIVER = "ttyACM"
"""The kernel driver of the touch board's port: a Pico's USB serial is a CDC ACM device."""

_UDEV_SAFE = re.compile(r"[A-Za-z0-9._:+-]{1,64}")
_SYSTEMD_UNSAFE = re.compile(r"[\x00-\x1f\x7f]")


class UnsafeValueError(KaskadeError, ValueError):
    """A value that cannot be written into a system file without changing its meaning."""


@dataclass(frozen=True)
class Account:
    """Who the service runs as, and why."""

    user: str
    """``kaskade``, or ``root`` where the LEDs need it."""
    groups: tuple[str, ...]
    """Supplementary device groups (for ``kaskade``)."""
    why: str
    devices: tuple[str, ...] = ()
    """The device files the LEDs are driven through (``hw.leds.privileges.led_devices``)."""


def account(root_reason: str | None, groups: tuple[str, ...],
            devices: tuple[str, ...] = ()) -> Account:
    """Root when ``root_reason`` says the LEDs need it, else the service user in ``groups``;
    either way opening only ``devices`` for the LEDs."""
    if root_reason is not None:
        return Account("root", (), root_reason, devices)
    if not groups:
        return Account(USER, groups, "the LEDs and the pins need no group of the system's",
                       devices)
    return Account(USER, groups, f"the LEDs and the pins need no more than "
                   f"group{'s' * (len(groups) > 1)} {', '.join(groups)}", devices)


def systemd_word(word: str) -> str:
    """``word`` as one argument of ``ExecStart=``: double-quoted with systemd's escapes, and
    ``%`` and ``$`` doubled so neither a specifier nor a variable is expanded."""
    if _SYSTEMD_UNSAFE.search(word):
        raise UnsafeValueError(f"{word!r} holds a control character; it cannot go into a "
                               "systemd unit")
    escaped = word.replace("\\", "\\\\").replace('"', '\\"').replace("%", "%%") \
        .replace("$", "$$")
    return f'"{escaped}"'


def udev_value(text: str, what: str) -> str:
    """``text`` for a quoted udev value: udev has no escape for a quote, so only letters,
    digits and ``. _ : + -`` pass (a USB serial number never needs more)."""
    if not _UDEV_SAFE.fullmatch(text):
        raise UnsafeValueError(f"{what} {text!r} cannot go into a udev rule: use 1-64 letters, "
                               "digits and . _ : + -")
    return text


def unit(who: Account, profile_argument: str, kaskade: Path = KASKADE,
         web: str | None = WEB_ADDRESS, touch: str = TOUCH_DRIVER,
         broker: tuple[str, ...] = (), networks: tuple[str, ...] = (),
         leds: tuple[str, ...] = ()) -> str:
    """The systemd unit running ``kaskade`` for the board of ``profile_argument`` (a reference
    build's name or an absolute profile path) as ``who``, serving the web companion on ``web``
    (``HOST:PORT``) to this machine, the link-local networks and the home ``networks`` (those
    of the Pi's interfaces, :mod:`hw.pi.networks`) only, or with no network at all (``None``,
    no broker and no LED controller); the touch board's port is a device of kernel driver
    ``touch`` (``ttyACM``, ``ttyUSB``). ``broker``: the addresses of an MQTT broker that the
    board may reach besides (remote play); ``leds``: those of the LED controller the frames go
    to (DDP)."""
    command = " ".join(systemd_word(word) for word in (
        str(kaskade), "play", "--board", "pi", "--profile", profile_argument,
        "--state-dir", str(STATE), *(("--web", web) if web else ())))
    also = [words for words, given in (("the broker for remote play", broker),
                                       ("the LED controller", leds)) if given]
    network = [
        ("# The web companion: IP only from this machine and the networks of its interfaces"
         if web else "# IP only with this machine and the networks of its interfaces")
        + (f", and {' and '.join(also)}." if also else "."),
        "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6",
        "IPAddressDeny=any",
        f"IPAddressAllow={' '.join(dict.fromkeys((*HOST_NETWORKS, *networks, *broker, *leds)))}",
    ] if web or broker or leds else ["PrivateNetwork=yes", "RestrictAddressFamilies=AF_UNIX",
                                     "IPAddressDeny=any"]
    if who.user == "root" and "/dev/mem" in who.devices:
        identity = ["User=root",
                    "# /dev/mem for the PWM's DMA: that capability and nothing else.",
                    "CapabilityBoundingSet=CAP_SYS_RAWIO"]
    elif who.user == "root":
        identity = ["User=root", "# No capability: the LEDs' devices are root's files.",
                    "CapabilityBoundingSet=", "AmbientCapabilities="]
    else:
        identity = [f"User={USER}", f"Group={USER}",
                    f"SupplementaryGroups={' '.join((*who.groups, 'audio'))}",
                    "CapabilityBoundingSet=", "AmbientCapabilities="]
    lines = [
        "# The Kaskade Board app: starts at power-on, comes back if it stops.",
        f"# Written by kaskade install; runs the current release in {PREFIX}.",
        "[Unit]",
        "Description=Kaskade Board",
        "After=local-fs.target",
        "",
        "[Service]",
        f"# As {who.user}: {who.why}.",
        *identity,
        f"ExecStart={command}",
        "# Ready once its loop runs; a loop silent for WatchdogSec is hung: systemd stops it",
        "# with SIGABRT (the journal shows where it hung) and starts it again, and the board",
        "# continues the game from its autosave.",
        "Type=notify",
        "NotifyAccess=main",
        f"WatchdogSec={WATCHDOG_SECONDS}",
        f"TimeoutStartSec={START_SECONDS}",
        "Environment=PYTHONFAULTHANDLER=1",
        f"StateDirectory={STATE.name}",
        "StateDirectoryMode=0700",
        "# A working directory of its own (the GPIO library makes its pipes there).",
        f"RuntimeDirectory={STATE.name}",
        "RuntimeDirectoryMode=0700",
        f"WorkingDirectory=/run/{STATE.name}",
        "UMask=0077",
        "Restart=on-failure",
        "RestartSec=2",
        "KillSignal=SIGTERM",
        "TimeoutStopSec=10",
        "Environment=PYTHONUNBUFFERED=1",
        "# Limits: a leak or a flood stops at these, not at the Pi's memory or descriptors.",
        f"LimitNOFILE={OPEN_FILES}",
        f"MemoryMax={MEMORY_MAX}",
        f"TasksMax={TASKS_MAX}",
        "# Devices: the touch board's port (its number changes when it is plugged in again),",
        "# the GPIO chips (buttons, buzzer, status LED), the sound cards (the board's voice",
        "# through a speaker on HDMI, USB or the jack) and the LEDs' own, nothing else.",
        "DevicePolicy=closed",
        f"DeviceAllow=char-{touch} rw",
        "DeviceAllow=char-gpiochip rw",
        "DeviceAllow=char-alsa rw",
        *(f"DeviceAllow={device} rw" for device in who.devices),
        "# The sandbox: the state directory is the only place it may write; no network beyond",
        "# the web companion's, no new privileges, no view of homes or others' temporary files.",
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "ProtectHome=yes",
        "PrivateTmp=yes",
        *network,
        "PrivateMounts=yes",
        "ProtectKernelTunables=yes",
        "ProtectKernelModules=yes",
        "ProtectKernelLogs=yes",
        "ProtectControlGroups=yes",
        "ProtectClock=yes",
        "ProtectHostname=yes",
        "ProtectProc=invisible",
        "RestrictNamespaces=yes",
        "RestrictRealtime=yes",
        "RestrictSUIDSGID=yes",
        "LockPersonality=yes",
        "MemoryDenyWriteExecute=yes",
        "RemoveIPC=yes",
        "PrivateIPC=yes",
        "SystemCallArchitectures=native",
        "SystemCallFilter=@system-service",
        "SystemCallFilter=~@privileged @resources",
        "SystemCallErrorNumber=EPERM",
        "",
        "[Install]",
        "WantedBy=multi-user.target",
    ]
    return "\n".join(lines) + "\n"


UPGRADE_UNIT = "kaskade-board-upgrade"
"""The service that installs a release uploaded from the web page, and its path unit."""
SYSTEM_UNITS = SERVICE.parent


def upgrade_units(spool: Path, state: Path, keys: Path,
                  kaskade: Path = KASKADE) -> dict[Path, str]:
    """The path unit that notices a release uploaded from the web page waiting in ``spool``
    (the board app cannot install it: it may not write /opt nor restart itself), the service
    it starts, as root — ``kaskade upgrade --uploaded``, which copies the release out of the
    app's reach, checks its signature and upgrades with the same way back as by hand — and
    the unprivileged service that fetches the release's libraries for it (:mod:`hw.pi.fetch`).
    Both services are sandboxed at least as tightly as the board app: root's has no network
    and may write only the releases, the upload folder and its own folder ``state`` (under
    /var/lib: how the last upload went); ``keys``, the folder of trusted keys."""
    if _SYSTEMD_UNSAFE.search(str(spool)) or " " in str(spool):
        raise UnsafeValueError(f"{spool}: a path unit watches no path with spaces or control "
                               "characters")
    path_unit = "\n".join([
        "# A release uploaded from the Kaskade Board's web page waits: install it.",
        "# Written by kaskade install.",
        "[Unit]",
        "Description=Kaskade Board: a release uploaded from the web page waits",
        "",
        "[Path]",
        f"PathExistsGlob={spool}/*.whl",
        f"Unit={UPGRADE_UNIT}.service",
        "",
        "[Install]",
        "WantedBy=multi-user.target",
    ]) + "\n"
    command = " ".join(systemd_word(word) for word in (str(kaskade), "upgrade", "--uploaded"))
    service = "\n".join([
        "# Installs a release uploaded from the web page beside the running one, as root (it",
        f"# writes {PREFIX} and restarts kaskade-board), only if a key in",
        f"# {keys} signed it, switching back on its own if the new release does not",
        "# come up. Written by kaskade install.",
        "[Unit]",
        "Description=Kaskade Board: install the release uploaded from the web page",
        "",
        "[Service]",
        "Type=oneshot",
        f"ExecStart={command}",
        "Environment=PYTHONUNBUFFERED=1",
        "# Root with one capability: reading and emptying the app's upload folder and",
        "# reading its ready report (both the app's user's).",
        "User=root",
        "CapabilityBoundingSet=CAP_DAC_OVERRIDE",
        "AmbientCapabilities=",
        "# No network at all: the release's libraries are fetched by "
        f"{FETCH_UNIT}.service,",
        "# without privileges, and installed from its folder, each checked by its hash.",
        "PrivateNetwork=yes",
        "RestrictAddressFamilies=AF_UNIX",
        "IPAddressDeny=any",
        "# It may write the releases, the upload folder and its own folders, nothing else.",
        "ProtectSystem=strict",
        f"ReadWritePaths={PREFIX} {spool}",
        f"StateDirectory={state.name}",
        "StateDirectoryMode=0755",
        f"RuntimeDirectory={REQUEST.name}",
        "RuntimeDirectoryMode=0755",
        "# The releases are read by the app's user: its files readable by all, as /opt's.",
        "UMask=0022",
        *_SANDBOX,
    ]) + "\n"
    fetch = "\n".join([
        "# Fetches the libraries of a release uploaded from the web page, for",
        f"# {UPGRADE_UNIT}.service, as a user of its own without any privilege; it may",
        "# write only its cache. Written by kaskade install.",
        "[Unit]",
        "Description=Kaskade Board: fetch the libraries of an uploaded release",
        "Wants=network-online.target",
        "After=network-online.target",
        "",
        "[Service]",
        "Type=oneshot",
        "DynamicUser=yes",
        f"CacheDirectory={CACHE.name}",
        f"ExecStartPre=/bin/rm -rf {WHEELHOUSE}",
        "ExecStart=" + " ".join(systemd_word(word) for word in fetch_command(
            kaskade.with_name("python"))),
        f"Environment=PYTHONUNBUFFERED=1 HOME={CACHE}",
        "CapabilityBoundingSet=",
        "AmbientCapabilities=",
        "PrivateUsers=yes",
        "ProtectSystem=strict",
        "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6",
        "UMask=0022",
        *_SANDBOX,
    ]) + "\n"
    return {SYSTEM_UNITS / f"{UPGRADE_UNIT}.path": path_unit,
            SYSTEM_UNITS / f"{UPGRADE_UNIT}.service": service,
            SYSTEM_UNITS / f"{FETCH_UNIT}.service": fetch}


_SANDBOX = (
    "NoNewPrivileges=yes",
    "ProtectHome=yes",
    "PrivateTmp=yes",
    "PrivateDevices=yes",
    "DevicePolicy=closed",
    "PrivateMounts=yes",
    "ProtectKernelTunables=yes",
    "ProtectKernelModules=yes",
    "ProtectKernelLogs=yes",
    "ProtectControlGroups=yes",
    "ProtectClock=yes",
    "ProtectHostname=yes",
    "ProtectProc=invisible",
    "ProcSubset=pid",
    "RestrictNamespaces=yes",
    "RestrictRealtime=yes",
    "RestrictSUIDSGID=yes",
    "LockPersonality=yes",
    "MemoryDenyWriteExecute=yes",
    "RemoveIPC=yes",
    "PrivateIPC=yes",
    "SystemCallArchitectures=native",
    "SystemCallFilter=@system-service",
    "SystemCallFilter=~@privileged @resources",
    "SystemCallErrorNumber=EPERM",
)
"""What the services that upgrade share with the app's sandbox, and more: no devices at all
and only the processes' own part of /proc."""


def udev_rule(profile: Profile, serial: str | None, led_devices: tuple[str, ...] = ()) -> str:
    """The udev rule for the touch board of ``profile``: its port as /dev/kaskade-board, for
    group kaskade only (any member of a general group such as dialout could otherwise read
    the touches and command the board). ``serial`` is this board's USB serial number; only
    ``None`` (``kaskade install --any-pico``) lets any device with the profile's USB id — any
    MicroPython Pico plugged into the Pi — become the board's port. When the LEDs go through
    the kernel's WS2812 driver (``led_devices`` names it), its devices go to group kaskade
    too (the kernel makes them root's alone)."""
    usb = profile.touch.usb
    match = ['SUBSYSTEM=="tty"', f'ATTRS{{idVendor}}=="{usb.vid:04x}"',
             f'ATTRS{{idProduct}}=="{usb.pid:04x}"']
    if serial is not None:
        match.append(f'ATTRS{{serial}}=="{udev_value(serial, "the serial number")}"')
        which = f"(USB serial number {serial})"
    else:
        which = f"(any device with USB id {usb.vid:04X}:{usb.pid:04X}: --any-pico)"
    rule = (f"# The Kaskade Board's touch microcontroller {which} as /dev/{LINK}, for group "
            f"{USER} only.\n# Written by kaskade install.\n"
            + ", ".join(match) + f', SYMLINK+="{LINK}", OWNER="root", GROUP="{USER}", '
            'MODE="0660"\n')
    if f"char-{WS2812_DRIVER}" in led_devices:
        rule += (f"# The LEDs' data lines (the kernel's WS2812 driver, /dev/ledsN), for group "
                 f"{USER} only.\n"
                 f'SUBSYSTEM=="{WS2812_DRIVER}", KERNEL=="leds[0-9]*", OWNER="root", '
                 f'GROUP="{USER}", MODE="0660"\n')
    return rule


def files(profile: Profile, profile_argument: str, who: Account,
          web: str | None = WEB_ADDRESS, *, serial: str | None,
          touch: str = TOUCH_DRIVER, broker: tuple[str, ...] = (),
          networks: tuple[str, ...] = (), leds: tuple[str, ...] = ()) -> dict[Path, str]:
    """Where each system file goes and what it says (``serial`` and ``touch``: the touch
    board's USB serial number and the kernel driver of its port; ``broker``: the addresses
    of a broker for remote play; ``networks``: the home networks; ``leds``: the addresses of
    the LED controller, for DDP)."""
    return {SERVICE: unit(who, profile_argument, web=web, touch=touch, broker=broker,
                          networks=networks, leds=leds),
            UDEV_RULE: udev_rule(profile, serial, who.devices)}
