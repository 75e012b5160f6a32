"""Reading X window dumps (``xwd`` output) to check the pixels of a screenshot."""

from __future__ import annotations

import struct
from dataclasses import dataclass


@dataclass
class Screenshot:
    width: int
    height: int
    data: bytes
    bytes_per_line: int
    bytes_per_pixel: int
    little_endian: bool
    masks: tuple[int, int, int]

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        start = y * self.bytes_per_line + x * self.bytes_per_pixel
        raw = self.data[start:start + self.bytes_per_pixel]
        value = int.from_bytes(raw, "little" if self.little_endian else "big")
        return tuple(_channel(value, mask) for mask in self.masks)  # type: ignore[return-value]


def _channel(value: int, mask: int) -> int:
    shift = (mask & -mask).bit_length() - 1
    return ((value & mask) >> shift) * 255 // (mask >> shift)


def read_xwd(data: bytes) -> Screenshot:
    """A ZPixmap true-colour dump, as Xvfb's ``xwd`` writes it."""
    fields = struct.unpack(">25I", data[:100])
    header_size, _version, pixmap_format, depth, width, height = fields[:6]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    red_mask, green_mask, blue_mask = fields[14:17]
    colours = fields[19]
    if pixmap_format != 2 or depth < 24:
        raise ValueError(f"expected a 24-bit ZPixmap, got format {pixmap_format} depth {depth}")
    start = header_size + colours * 12
    return Screenshot(width, height, data[start:], bytes_per_line, bits_per_pixel // 8,
                      byte_order == 0, (red_mask, green_mask, blue_mask))
