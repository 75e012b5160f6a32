"""The system files that make a Pi start the board at power-on: a systemd unit running the
board app, and a udev rule that names the touch board's serial port ``/dev/kaskade-board`` (by
USB id and, when the profile gives one, serial number) and lets group dialout use it."""

from __future__ import annotations

import shlex
from pathlib import Path

from controller.profile.model import Profile
from hw.pi.facts import SERVICE, UDEV_RULE

STATE = "/var/lib/kaskade-board"
"""Where the service keeps the game in progress, the settings and the history."""
LINK = "kaskade-board"
"""The name the udev rule gives the touch board's port under /dev."""


def unit(profile_argument: str, kaskade: Path) -> str:
    """The systemd unit running ``kaskade`` (an absolute path) for the board of
    ``profile_argument`` (a reference build's name or an absolute profile path)."""
    command = shlex.join([str(kaskade), "play", "--board", "pi", "--profile", profile_argument,
                          "--state-dir", STATE])
    return f"""\
# The Kaskade Board app: starts at power-on, comes back if it stops. Written by kaskade install.
[Unit]
Description=Kaskade Board
After=local-fs.target

[Service]
# Root, because the LEDs' PWM and DMA need /dev/mem; the game is saved in {STATE}.
ExecStart={command}
StateDirectory=kaskade-board
Restart=on-failure
RestartSec=2
KillSignal=SIGTERM
TimeoutStopSec=10
Environment=PYTHONUNBUFFERED=1

[Install]
WantedBy=multi-user.target
"""


def udev_rule(profile: Profile) -> str:
    """The udev rule for the touch board of ``profile``."""
    usb = profile.touch.usb
    match = ['SUBSYSTEM=="tty"', f'ATTRS{{idVendor}}=="{usb.vid:04x}"',
             f'ATTRS{{idProduct}}=="{usb.pid:04x}"']
    if usb.serial:
        match.append(f'ATTRS{{serial}}=="{usb.serial}"')
    return ("# The Kaskade Board's touch microcontroller as /dev/kaskade-board, usable by group "
            "dialout.\n# Written by kaskade install.\n"
            + ", ".join(match) + f', SYMLINK+="{LINK}", GROUP="dialout", MODE="0660"\n')


def files(profile: Profile, profile_argument: str, kaskade: Path) -> dict[Path, str]:
    """Where each file goes and what it says."""
    return {SERVICE: unit(profile_argument, kaskade), UDEV_RULE: udev_rule(profile)}
