"""Writing PNG images with the standard library alone (for the simulator's screenshots)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path


def png_bytes(width: int, height: int, rgb: bytes) -> bytes:
    """A PNG of ``width`` x ``height`` RGB pixels, rows from the top."""
    stride = width * 3
    if len(rgb) != stride * height:
        raise ValueError(f"{len(rgb)} bytes are not {width} x {height} RGB pixels")
    raw = b"".join(b"\x00" + rgb[row * stride : (row + 1) * stride] for row in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + \
            struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + \
        chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")


def write_png(path: Path, width: int, height: int, rgb: bytes) -> None:
    """Write ``png_bytes`` to ``path``."""
    Path(path).write_bytes(png_bytes(width, height, rgb))
