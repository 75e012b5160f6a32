"""The PNG writer produces files any reader accepts (checked by decoding them here)."""

import struct
import zlib

import pytest

from sim.front.png import png_bytes


def chunks(data: bytes):
    position = 8
    while position < len(data):
        (length,) = struct.unpack(">I", data[position:position + 4])
        kind = data[position + 4:position + 8]
        body = data[position + 8:position + 8 + length]
        (crc,) = struct.unpack(">I", data[position + 8 + length:position + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF
        yield kind, body
        position += 12 + length


def test_a_png_holds_exactly_the_pixels_given():
    rgb = bytes(range(2 * 3 * 3)) * 1
    data = png_bytes(3, 2, rgb)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    parts = dict(chunks(data))
    assert struct.unpack(">IIBBBBB", parts[b"IHDR"]) == (3, 2, 8, 2, 0, 0, 0)
    raw = zlib.decompress(parts[b"IDAT"])
    assert raw == b"\x00" + rgb[:9] + b"\x00" + rgb[9:]
    assert parts[b"IEND"] == b""


def test_the_wrong_number_of_bytes_is_refused():
    with pytest.raises(ValueError, match="are not 3 x 2 RGB pixels"):
        png_bytes(3, 2, b"\x00" * 17)
