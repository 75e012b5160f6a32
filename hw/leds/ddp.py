"""LEDs on another machine: each frame sent over the network by DDP (the Distributed Display
Protocol, www.3waylabs.com/ddp) to an LED controller that drives the strips — WLED on an ESP32,
for one, which takes DDP on UDP port 4048 as it comes.

What it is for: a board whose computer has no LED hardware of its own (a Pi whose pins are
taken, another single-board computer, a desktop), or whose LEDs already hang off a WLED
controller. The computer then needs no root, no LED library and no pins for the LEDs; the
controller needs its strips wired in the profile's chain order, data line 0's LEDs first, and
nothing of its own on top (in WLED: no gamma for real-time data, the LED count of the whole
chain). The emulated Pi of the Pi stage shows its LEDs this way too.

A frame goes out as DDP's "RGB, 8 bits a colour" to the default output (id 1), in packets of at
most 1440 bytes of data (480 LEDs), each with the offset of its first byte; the last carries
the push flag, on which the controller shows the whole frame at once. Packets are numbered 1 to
15 and round again, so a controller can drop a late packet of an earlier frame.
"""

from __future__ import annotations

import contextlib
import socket
import struct
from collections.abc import Iterator

from controller.devices.errors import BackendError
from controller.devices.frame import Frame
from controller.devices.interfaces import PixelsOut
from controller.profile.model import Ddp, Profile
from hw.pi.facts import Facts

VERSION_1 = 0x40
PUSH = 0x01
RGB_8_BITS = 0x0B
"""DDP's data type: RGB (``001``), 8 bits an element (``011``)."""
DEFAULT_OUTPUT = 1
HEADER = struct.Struct(">BBBBIH")
"""Flags, sequence number, data type, destination id, data offset, data length."""
MOST_DATA = 1440
"""Bytes of data in one packet (480 LEDs): a packet fits an Ethernet frame unsplit."""


def packets(rgb: bytes, sequence: int) -> Iterator[bytes]:
    """The packets of one frame (``rgb``: 3 bytes an LED, red first), numbered from
    ``sequence`` (1-15, the next after each packet)."""
    offsets = range(0, max(len(rgb), 1), MOST_DATA)
    for offset in offsets:
        data = rgb[offset:offset + MOST_DATA]
        last = offset == offsets[-1]
        yield HEADER.pack(VERSION_1 | (PUSH if last else 0), sequence, RGB_8_BITS,
                          DEFAULT_OUTPUT, offset, len(data)) + data
        sequence = sequence % 15 + 1


def as_rgb(data: bytes, colour_order: str) -> bytes:
    """A channel's bytes (in the strip's ``colour_order``) as red, green, blue: the controller
    puts them in its own strips' order."""
    red, green, blue = (colour_order.index(letter) for letter in "RGB")
    out = bytearray(len(data))
    out[0::3], out[1::3], out[2::3] = data[red::3], data[green::3], data[blue::3]
    return bytes(out)


def address(ddp: Ddp) -> tuple[str, int]:
    """Where the frames go, resolved (a name is looked up once, when the LEDs are opened)."""
    try:
        found = socket.getaddrinfo(ddp.host, ddp.port, type=socket.SOCK_DGRAM)
    except (OSError, UnicodeError) as error:
        raise BackendError(f"the LED controller {ddp.host} cannot be found ({error}); check "
                           "[leds.ddp] host in the profile and the network") from None
    where = found[0][4]
    return str(where[0]), int(where[1])


def check_ddp(profile: Profile, facts: Facts) -> list[str]:
    """Why frames cannot be sent to ``profile``'s LED controller (each reason with its fix);
    empty when they can."""
    del facts  # any machine with a network will do
    if profile.ddp is None:
        return ['no LED controller is named: add [leds.ddp] with host = "..." to the profile']
    try:
        address(profile.ddp)
    except BackendError as error:
        return [str(error)]
    return []


class DdpPixels(PixelsOut):
    """The LEDs of ``profile`` on its DDP controller (``[leds.ddp]``)."""

    def __init__(self, profile: Profile) -> None:
        if profile.ddp is None:
            raise BackendError('no LED controller is named: add [leds.ddp] with host = "..." '
                               "to the profile")
        self._where = address(profile.ddp)
        self._order = profile.colour_order
        self._leds = sum(len(channel.chain) for channel in profile.channels)
        self._sequence = 1
        family = socket.AF_INET6 if ":" in self._where[0] else socket.AF_INET
        self._socket = socket.socket(family, socket.SOCK_DGRAM)

    def show(self, frame: Frame) -> None:
        self._check_open()
        rgb = b"".join(as_rgb(data, self._order) for data in frame.channels)
        for packet in packets(rgb, self._sequence):
            self._send(packet)
            self._sequence = self._sequence % 15 + 1

    def _send(self, packet: bytes) -> None:
        """One packet; a controller that is away (switched off, rebooting) loses the frame, not
        the game: the next frame tries again."""
        with contextlib.suppress(OSError):
            self._socket.sendto(packet, self._where)

    def _release(self) -> None:
        """Dark LEDs, and the socket closed."""
        try:
            for packet in packets(bytes(3 * self._leds), self._sequence):
                self._send(packet)
        finally:
            self._socket.close()

    def _describe(self) -> str:
        host, port = self._where
        return f"by DDP to {host}:{port}, {self._leds} LEDs"
