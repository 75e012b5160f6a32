"""Finding the board's microcontroller among the USB serial devices: by USB vendor and product
id and, when the profile gives one, its serial number — never "the first port", which on a Pi
with a GPS, a modem or a second board would be a guess."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Callable, Optional

from controller.profile.model import Usb
from hw.touch.errors import NoBoardError


def _describe(port: Any) -> str:
    if port.vid is None:
        return port.device
    serial = f" serial {port.serial_number}" if port.serial_number else ""
    return f"{port.device} ({port.vid:04X}:{port.pid:04X}{serial})"


def _system_ports() -> list[Any]:
    from serial.tools import list_ports  # noqa: PLC0415  (pyserial, only where boards are)

    return list(list_ports.comports())


def find_board(usb: Usb, ports: Optional[Iterable[Any]] = None) -> str:
    """The device path of the one board that matches ``usb``; ``ports`` (pyserial's
    ``ListPortInfo`` objects) default to the system's. Raises NoBoardError naming what was
    found and what to change."""
    candidates = list(_system_ports() if ports is None else ports)
    wanted = f"{usb.vid:04X}:{usb.pid:04X}" + (f" with serial {usb.serial}" if usb.serial else "")
    matching = [p for p in candidates if p.vid == usb.vid and p.pid == usb.pid]
    if usb.serial is not None:
        matching = [p for p in matching if p.serial_number == usb.serial]
    if len(matching) == 1:
        return str(matching[0].device)
    if not matching:
        seen = ", ".join(_describe(p) for p in candidates) or "no serial devices at all"
        raise NoBoardError(f"no touch board on USB (looking for {wanted}); found {seen}. "
                           "Is the cable plugged in, and does [touch.usb] in the profile match?")
    serials = ", ".join(str(p.serial_number) for p in matching)
    raise NoBoardError(f"{len(matching)} boards match {wanted} (serial numbers {serials}); "
                       "set serial under [touch.usb] in the profile to say which is this one")


def locator(usb: Usb, port: Optional[str] = None) -> Callable[[], str]:
    """Where to look for the board each time the link (re)connects: the fixed ``port`` given
    on the command line, else a search by USB id."""
    if port is not None:
        return lambda: port
    return lambda: find_board(usb)
