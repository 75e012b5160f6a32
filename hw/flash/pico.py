"""What is at the end of the touch board's USB cable, from a blank Pico to a working board: a
Pico in BOOTSEL mode (no MicroPython yet: its USB id 2E8A:0003, or 2E8A:000F for a Pico 2, and
its drive RPI-RP2 / RP2350), MicroPython without the board's firmware, the board's firmware
stopped at MicroPython's prompt, firmware other than this software's (older, newer, changed or
foreign), or current firmware —
each said in words with the next step, in a few seconds rather than after a long wait for a
hello that a bare MicroPython never sends.

``kaskade firmware status`` and ``kaskade doctor`` report it; ``kaskade firmware micropython``
copies MicroPython's UF2 file onto a Pico in BOOTSEL mode after checking that it is one, for
that chip."""

from __future__ import annotations

import re
import shutil
import struct
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.devices.firmware import compare
from controller.profile.firmware import board_id
from controller.profile.model import Profile
from hw.flash.errors import BoardError, FlashError
from hw.touch.connection import Connection, Hello
from hw.touch.errors import LinkError, NoAnswerError, NoBoardError
from hw.touch.ports import find_board, open_serial
from hw.touch.revive import at_prompt

SYS_USB = Path("/sys/bus/usb/devices")
MOUNTS = Path("/proc/mounts")
BOOTSEL = {(0x2E8A, 0x0003): ("RP2040", "Pico or Pico W", "RPI_PICO", 0xE48BFF56),
           (0x2E8A, 0x000F): ("RP2350", "Pico 2 or Pico 2 W", "RPI_PICO2", 0xE48BFF59)}
"""USB id in BOOTSEL mode -> chip, boards, MicroPython's download name, UF2 family id."""
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
"""A UF2 block's two start words and its end word."""
UF2_FAMILY_FLAG = 0x00002000
MICROPYTHON_DOWNLOAD = "https://micropython.org/download/{name}/"
OLDEST_MICROPYTHON = (1, 22)
"""The oldest MicroPython the firmware is tested on (the emulator runs a later one)."""
HELLO_SECONDS = 3.0
"""A running firmware answers a query at once; a board that has just restarted within this."""


@dataclass(frozen=True)
class Finding:
    """What is on the cable: ``state`` (``bootsel``, ``absent``, ``micropython``,
    ``stopped``, ``silent``, ``wrong``, ``older``, ``current``), ``found`` in words and
    ``fix``: the next step, empty when there is none."""

    state: str
    found: str
    fix: str = ""
    port: str | None = None
    hello: Hello | None = None


@dataclass(frozen=True)
class UsbDevice:
    """A device on the USB bus."""

    vid: int
    pid: int
    product: str


def usb_devices(root: Path = SYS_USB) -> list[UsbDevice]:
    """Every USB device Linux lists (none where there is no such listing)."""
    found: list[UsbDevice] = []
    try:
        entries = sorted(root.iterdir())
    except OSError:
        return found
    for entry in entries:
        try:
            vid = int((entry / "idVendor").read_text().strip(), 16)
            pid = int((entry / "idProduct").read_text().strip(), 16)
        except (OSError, ValueError):
            continue
        try:
            product = (entry / "product").read_text().strip()
        except OSError:
            product = ""
        found.append(UsbDevice(vid, pid, product))
    return found


def boot_drives(mounts: Path = MOUNTS) -> list[Path]:
    """Mounted drives of a Pico in BOOTSEL mode (they hold ``INFO_UF2.TXT``)."""
    try:
        lines = mounts.read_text().splitlines()
    except OSError:
        return []
    drives = []
    for line in lines:
        fields = line.split()
        if len(fields) >= 2:
            point = Path(fields[1].replace("\\040", " "))
            if (point / "INFO_UF2.TXT").is_file():
                drives.append(point)
    return drives


def examine_pico(profile: Profile, port: str | None = None, ports: Iterable[Any] | None = None,
                 usb_root: Path = SYS_USB, mounts: Path = MOUNTS,
                 hello_seconds: float = HELLO_SECONDS,
                 files: Callable[[str], Any] | None = None) -> Finding:
    """What is on the touch board's cable for ``profile``: its serial port ``port`` (default:
    found by USB id among ``ports``), else a Pico waiting in BOOTSEL mode. ``files`` opens the
    board's raw REPL (``BoardFiles``; replaced in tests)."""
    try:
        path = port or find_board(profile.touch.usb, ports)
    except NoBoardError as error:
        return _bootsel(usb_root, mounts) or Finding("absent", "no touch board", str(error))
    try:
        connection = Connection(open_serial(path))
    except LinkError as error:
        return Finding("silent", f"on {path}, but it cannot be opened", str(error), path)
    try:
        hello = connection.handshake(timeout=hello_seconds)
    except NoAnswerError:
        hello = None
    except LinkError as error:  # another build's firmware, another protocol
        connection.close()
        return Finding("wrong", f"firmware on {path} that does not fit this board", f"{error}",
                       path)
    if hello is None:
        prompt = at_prompt(connection.serial)
        connection.close()
        if prompt:
            return _at_prompt(path, files)
        return Finding("silent", f"a serial device on {path} that does not answer",
                       "unplug the board and plug it in again; if it stays silent, hold "
                       "BOOTSEL while plugging it in and put MicroPython on it (docs/"
                       "hardware.md, A blank Pico)", path)
    connection.close()
    if hello.board != board_id(profile):
        return Finding("wrong", f"firmware for {hello.board} on {path}",
                       f"flash it for this board: kaskade firmware flash --profile "
                       f"{board_id(profile)}", path, hello)
    if hello.pads != profile.pads:
        return Finding("wrong", f"firmware for {hello.pads} pads on {path}; this board has "
                       f"{profile.pads}", "kaskade firmware flash", path, hello)
    standing = compare(hello.firmware, hello.content_hash)
    if standing.differs:
        return Finding(standing.standing.value, f"on {path}, {standing.words()}",
                       "kaskade firmware flash (or accept the update the board offers on its "
                       "LEDs)", path, hello)
    return Finding("current", f"firmware {hello.firmware} ({hello.content_hash}) on {path}, "
                   f"{hello.pads} pads", "", path, hello)


def find_port(profile: Profile, port: str | None = None) -> str:
    """The touch board's serial port (``port``, or found by its USB id); when none is found
    and a Pico waits in BOOTSEL mode, the ``NoBoardError`` says so and what to do."""
    try:
        return port or find_board(profile.touch.usb)
    except NoBoardError as error:
        waiting = _bootsel(SYS_USB, MOUNTS)
        if waiting is None:
            raise
        raise NoBoardError(f"{waiting.found}; {waiting.fix}") from error


def _bootsel(usb_root: Path, mounts: Path) -> Finding | None:
    """A Pico in BOOTSEL mode, if one is plugged in."""
    for device in usb_devices(usb_root):
        known = BOOTSEL.get((device.vid, device.pid))
        if known is None:
            continue
        chip, boards, name, _ = known
        drives = boot_drives(mounts)
        where = f", its drive at {drives[0]}" if drives else \
            " (its drive RPI-RP2 is not mounted: open it in the file manager, or mount it)"
        return Finding(
            "bootsel", f"a {boards} ({chip}) in BOOTSEL mode, USB {device.vid:04X}:"
            f"{device.pid:04X}{where}: it has no MicroPython yet",
            f"download MicroPython's UF2 file for it from "
            f"{MICROPYTHON_DOWNLOAD.format(name=name)} and run kaskade firmware micropython "
            "FILE.uf2 (or copy the file onto the drive); the Pico restarts as a serial port: "
            "then kaskade firmware flash")
    return None


def _at_prompt(path: str, files: Callable[[str], Any] | None) -> Finding:
    """A board at MicroPython's prompt: bare MicroPython, or the board's firmware stopped."""
    opener = files or _board_files
    try:
        board = opener(path)
    except (BoardError, FlashError) as error:
        return Finding("silent", f"MicroPython's prompt on {path}, but no raw REPL", str(error),
                       path)
    try:
        version = board.run("import sys\nprint('.'.join(str(n) for n in "
                            "sys.implementation.version[:3]))").strip()
        state = board.state()
    finally:
        board.close()
    installed = state["active"] is not None or any(state["manifests"].values())
    numbers = tuple(int(part) for part in re.findall(r"\d+", version)[:2])
    old = f"; MicroPython {version} is older than {'.'.join(map(str, OLDEST_MICROPYTHON))}, " \
        "the oldest the firmware is tested on: put a newer one on first (hold BOOTSEL while " \
        "plugging it in)" if numbers and numbers < OLDEST_MICROPYTHON else ""
    if installed:
        return Finding("stopped", f"the board's firmware on {path}, stopped at MicroPython "
                       f"{version}'s prompt", "unplug the board and plug it in again (the "
                       "board app does this itself), or run kaskade firmware flash" + old, path)
    return Finding("micropython", f"MicroPython {version} on {path}, but no Kaskade firmware "
                   "on this board", "run kaskade firmware flash" + old, path)


def _board_files(path: str) -> Any:
    from hw.flash.board_files import BoardFiles  # noqa: PLC0415  (needs mpremote)

    return BoardFiles(path)


def check_uf2(data: bytes) -> set[int]:
    """The family ids a UF2 file is for; ``FlashError`` when it is not a UF2 file."""
    if not data or len(data) % 512:
        raise FlashError("not a UF2 file (UF2 files are made of 512-byte blocks)")
    families = set()
    for offset in range(0, len(data), 512):
        start0, start1, flags, *_, family = struct.unpack_from("<8I", data, offset)
        (end,) = struct.unpack_from("<I", data, offset + 508)
        if (start0, start1, end) != UF2_MAGIC:
            raise FlashError(f"not a UF2 file (block {offset // 512} has no UF2 marks)")
        if flags & UF2_FAMILY_FLAG:
            families.add(family)
    return families


def install_micropython(uf2: Path, usb_root: Path = SYS_USB, mounts: Path = MOUNTS) -> str:
    """Copy MicroPython's ``uf2`` onto the Pico waiting in BOOTSEL mode, once it is checked
    to be a UF2 file for that Pico's chip; what was done, in words."""
    try:
        data = uf2.read_bytes()
    except OSError as error:
        raise FlashError(f"{uf2}: {error.strerror or error}") from None
    families = check_uf2(data)
    waiting = [(device, BOOTSEL[(device.vid, device.pid)]) for device in usb_devices(usb_root)
               if (device.vid, device.pid) in BOOTSEL]
    if not waiting:
        raise NoBoardError("no Pico in BOOTSEL mode: hold its BOOTSEL button while plugging "
                           "it in (it then shows as a drive called RPI-RP2, or RP2350)")
    chip, boards, name, family = waiting[0][1]
    if family not in families:
        raise FlashError(f"{uf2.name} is not for the {chip} of a {boards}: download the one "
                         f"from {MICROPYTHON_DOWNLOAD.format(name=name)}")
    drives = boot_drives(mounts)
    if not drives:
        raise NoBoardError(f"the {boards} in BOOTSEL mode has no mounted drive: open RPI-RP2 "
                           "in the file manager (or mount it), then run this again")
    target = drives[0] / uf2.name
    try:
        shutil.copyfile(uf2, target)
    except OSError as error:
        raise FlashError(f"copying to {drives[0]} failed: {error.strerror or error}") from None
    return (f"copied {uf2.name} ({len(data) // 1024} kB, for the {chip}) onto {drives[0]}; the "
            "Pico restarts with MicroPython: next, kaskade firmware flash")
