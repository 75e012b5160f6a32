"""Finding the board's microcontroller among the USB serial devices, and opening its port.

A board is found by USB vendor and product id and, when the profile gives one, its serial
number — never "the first port", which on a Pi with a GPS, a modem or a second board would be
a guess."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from controller.profile.model import Usb
from hw.touch.errors import LinkError, NoBoardError


def _describe(port: Any) -> str:
    if port.vid is None:
        return port.device
    serial = f" serial {port.serial_number}" if port.serial_number else ""
    return f"{port.device} ({port.vid:04X}:{port.pid:04X}{serial})"


def _system_ports() -> list[Any]:
    from serial.tools import list_ports  # noqa: PLC0415  (pyserial, only where boards are)

    return list(list_ports.comports())


def find_board(usb: Usb, ports: Iterable[Any] | None = None) -> str:
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


def locator(usb: Usb, port: str | None = None) -> Callable[[], str]:
    """Where to look for the board each time the link (re)connects: the fixed ``port`` given
    on the command line, else a search by USB id."""
    if port is not None:
        return lambda: port
    return lambda: find_board(usb)


def open_serial(path: str) -> Any:
    """The board's port, opened with pyserial (USB CDC ignores the baud rate)."""
    import serial  # noqa: PLC0415  (pyserial; imported where a board is used)

    if not os.path.exists(path):
        raise LinkError(f"no board at {path} (is it plugged in?)")
    try:
        return serial.Serial(path, 115200, timeout=0.1, exclusive=True)
    except (serial.SerialException, ValueError) as error:
        if "exclusively lock" in str(error):
            raise LinkError(f"{path} is in use by another program (the board app? stop it "
                            "first; its home menu's sensors pad shows the readings too)") from None
        raise LinkError(f"cannot open {path}: {error}") from None
