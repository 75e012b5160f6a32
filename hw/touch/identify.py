"""Which device on the cable is this profile's touch board: of the USB serial ports with its
vendor and product id, the one whose firmware answers the handshake with the profile's board
id. ``kaskade install`` writes that board's USB serial number into the udev rule, so that no
other MicroPython Pico plugged into the Pi ever becomes ``/dev/kaskade-board``."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from controller.profile.firmware import board_id
from controller.profile.model import Profile
from hw.pi.install import TOUCH_DRIVER
from hw.touch.connection import Connection
from hw.touch.errors import LinkError, NoBoardError
from hw.touch.ports import describe_port, open_serial, system_ports


@dataclass(frozen=True)
class TouchBoard:
    """The touch board found on the cable."""

    device: str
    """Its port now (``/dev/ttyACM0``)."""
    serial: str | None
    """Its USB serial number (a Pico's is its flash chip's unique id)."""

    @property
    def driver(self) -> str:
        """The kernel driver of its port, as ``/proc/devices`` names it: ``ttyACM`` for
        ``/dev/ttyACM0``, ``pts`` for a pseudo-terminal's ``/dev/pts/3``."""
        real = os.path.realpath(self.device)
        name = os.path.basename(real).rstrip("0123456789") or \
            os.path.basename(os.path.dirname(real))
        return name if name.isalpha() and name.isascii() else TOUCH_DRIVER


def identify(profile: Profile, ports: Iterable[Any] | None = None,
             opener: Callable[[str], Any] = open_serial) -> TouchBoard:
    """The one touch board of ``profile`` on the cable; ``ports`` are pyserial's
    ``ListPortInfo`` (the system's when not given). Raises NoBoardError saying what was found
    instead, or why no board could be asked (a port in use names who holds it)."""
    usb = profile.touch.usb
    wanted = board_id(profile)
    candidates = list(system_ports() if ports is None else ports)
    matching = [p for p in candidates if p.vid == usb.vid and p.pid == usb.pid and
                (usb.serial is None or p.serial_number == usb.serial)]
    if not matching:
        seen = ", ".join(describe_port(p) for p in candidates) or "no serial devices at all"
        raise NoBoardError(f"no touch board on USB (looking for {usb.vid:04X}:{usb.pid:04X}); "
                           f"found {seen}")
    answering, problems = [], []
    for port in matching:
        try:
            serial = opener(port.device)
        except LinkError as error:
            problems.append(str(error))
            continue
        try:
            Connection(serial).handshake(wanted, profile.pads, profile.touch.answer_seconds)
        except LinkError as error:
            problems.append(f"{describe_port(port)}: {error}")
            continue
        finally:
            serial.close()
        answering.append(port)
    if len(answering) == 1:
        return TouchBoard(str(answering[0].device), answering[0].serial_number)
    if not answering:
        raise NoBoardError(f"no device on USB answers as the touch board of {wanted}: "
                           + "; ".join(problems))
    serials = ", ".join(str(p.serial_number) for p in answering)
    raise NoBoardError(f"{len(answering)} devices answer as the touch board of {wanted} "
                       f"(serial numbers {serials}): unplug the others, or say which one")
