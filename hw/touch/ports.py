"""Finding the board's microcontroller among the USB serial devices, and opening its port for
this program alone.

A board is found by USB vendor and product id and, when the profile gives one, its serial
number — never "the first port", which on a Pi with a GPS, a modem or a second board would be
a guess. Its port is held exclusively: the kernel refuses anyone else's open (``TIOCEXCL``),
so no other program — not even one in the port's own group — reads the touches meant for the
app; when a port is refused, the message names the program that holds it."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import functools
import os
import termios
from collections.abc import Callable, Iterable
from typing import Any

from controller.profile.model import Usb
from hw.touch.errors import LinkError, NoBoardError, PortBusyError

SERVICE_HINT = "the board's service? sudo systemctl stop kaskade-board, and start it after"


def describe_port(port: Any) -> str:
    """A port as pyserial lists it: its device, USB id and serial number."""
    if port.vid is None:
        return port.device
    serial = f" serial {port.serial_number}" if port.serial_number else ""
    return f"{port.device} ({port.vid:04X}:{port.pid:04X}{serial})"


def system_ports() -> list[Any]:
    """This machine's serial ports (pyserial's ``ListPortInfo``)."""
    from serial.tools import list_ports  # noqa: PLC0415  (pyserial, only where boards are)

    return list(list_ports.comports())


def find_board(usb: Usb, ports: Iterable[Any] | None = None) -> str:
    """The device path of the one board that matches ``usb``; ``ports`` (pyserial's
    ``ListPortInfo`` objects) default to the system's. Raises NoBoardError naming what was
    found and what to change."""
    candidates = list(system_ports() if ports is None else ports)
    wanted = f"{usb.vid:04X}:{usb.pid:04X}" + (f" with serial {usb.serial}" if usb.serial else "")
    matching = [p for p in candidates if p.vid == usb.vid and p.pid == usb.pid]
    if usb.serial is not None:
        matching = [p for p in matching if p.serial_number == usb.serial]
    if len(matching) == 1:
        return str(matching[0].device)
    if not matching:
        seen = ", ".join(describe_port(p) for p in candidates) or "no serial devices at all"
        raise NoBoardError(f"no touch board on USB (looking for {wanted}); found {seen}. "
                           "Is the cable plugged in, and does [touch.usb] in the profile match?")
    serials = ", ".join(str(p.serial_number) for p in matching)
    raise NoBoardError(f"{len(matching)} boards match {wanted} (serial numbers {serials}); "
                       "set serial under [touch.usb] in the profile to say which is this one")


def locator(usb: Usb, port: str | None = None,
            ports: Callable[[], Iterable[Any]] | None = None) -> Callable[[], str]:
    """Where to look for the board each time the link (re)connects: the ``port`` given on the
    command line, else a search by USB id (among ``ports()``, the system's by default). A
    given port that is gone is looked for by USB id too: a Pico that resets leaves the bus and
    may come back under a new name (``/dev/ttyACM0`` held open by someone comes back as
    ``/dev/ttyACM1``)."""
    def search() -> str:
        return find_board(usb, None if ports is None else ports())

    if port is None:
        return search

    def given() -> str:
        if os.path.exists(port):
            return port
        try:
            return search()
        except NoBoardError as error:
            raise NoBoardError(f"no board at {port} (is it plugged in?), and none by its USB "
                               f"id: {error}") from None

    return given


def open_serial(path: str) -> Any:
    """The board's port, opened with pyserial (USB CDC ignores the baud rate) for this program
    alone until its ``close``; PortBusyError naming the holder when another has it."""
    import serial  # noqa: PLC0415  (pyserial; imported where a board is used)

    if not os.path.exists(path):
        raise LinkError(f"no board at {path} (is it plugged in?)")
    try:
        return _exclusive_serial()(path, 115200, timeout=0.1, exclusive=True)
    except (serial.SerialException, ValueError) as error:
        if is_busy(error):
            raise PortBusyError(busy_message(path) + "; the board app's sensors pad shows the "
                                "readings too") from None
        raise LinkError(f"cannot open {path}: {error}") from None
    except OSError as error:  # the terminal would not be held for this program alone
        raise LinkError(f"cannot hold {path} for this program alone: {error}") from None


def claim(port: Any) -> None:
    """Let the kernel refuse every other open of ``port``'s terminal (EBUSY), until
    :func:`release`. pyserial's own lock (``exclusive=True``, an advisory ``flock``) keeps out
    only programs that ask for it; this one keeps out ``cat`` too (root alone passes)."""
    fcntl.ioctl(port.fd, termios.TIOCEXCL)


def release(port: Any) -> None:
    """Lift :func:`claim` before ``port`` closes: a pseudo-terminal (the simulator's board)
    keeps the flag after its last close, and would refuse the next program."""
    if port.is_open and port.fd is not None:
        with contextlib.suppress(OSError):  # unplugged: the flag goes with the port
            fcntl.ioctl(port.fd, termios.TIOCNXCL)


@functools.cache
def _exclusive_serial() -> type:
    """pyserial's ``Serial``, held by :func:`claim` while open (made when first needed, as
    pyserial is imported only where a board is used)."""
    import serial  # noqa: PLC0415

    class ExclusiveSerial(serial.Serial):
        def open(self) -> None:
            super().open()
            try:
                claim(self)
            except OSError:
                super().close()
                raise

        def close(self) -> None:
            release(self)
            super().close()

    return ExclusiveSerial


def is_busy(error: BaseException) -> bool:
    """Whether opening a port failed because another program holds it (TIOCEXCL, or
    pyserial's lock)."""
    return getattr(error, "errno", None) == errno.EBUSY or "exclusively lock" in str(error)


def busy_message(path: str) -> str:
    """"``path`` is in use by" whoever this user can see holding it, else by the service's
    likely name."""
    holders = port_holders(path)
    who = ", ".join(holders) if holders else f"another program ({SERVICE_HINT})"
    return f"{path} is in use by {who}"


def port_holders(path: str, proc: str = "/proc") -> list[str]:
    """The processes that have ``path`` open, as far as this user may look (root: all of
    them), each as ``process PID (command line)``."""
    target = os.path.realpath(path)
    found = []
    try:
        processes = [entry for entry in os.scandir(proc) if entry.name.isdigit()]
    except OSError:
        return []
    for process in processes:
        try:
            held = any(os.readlink(fd.path) == target
                       for fd in os.scandir(os.path.join(process.path, "fd")))
            if not held:
                continue
            with open(os.path.join(process.path, "cmdline"), "rb") as file:
                words = file.read().split(b"\0")
        except OSError:  # gone, or not ours to look at
            continue
        command = " ".join(word.decode(errors="replace") for word in words if word)[:120]
        found.append(f"process {process.name} ({command})")
    return found
