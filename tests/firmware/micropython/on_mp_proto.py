"""The wire codec on MicroPython: the same lines as on CPython, and garbage never raises."""

import random
import sys

sys.path.insert(0, "/")
sys.path.insert(0, "/tests")

from runner import run

from firmware import proto


def test_lines_round_trip():
    for kind in proto.KINDS:
        line = proto.encode(kind, 65535, ["D", "17", "x:1:-2"])
        assert proto.Decoder().feed(line) == [(kind, 65535, ["D", "17", "x:1:-2"])], line


def test_the_checksum_matches_the_documented_example():
    assert proto.encode("T", 42, ["D", "17"]) == b"T 42 D 17 *6F\n"


def test_random_bytes_never_raise():
    random.seed(7)
    decoder = proto.Decoder()
    for _ in range(300):
        data = bytes(random.getrandbits(8) for _ in range(random.getrandbits(7)))
        decoder.feed(data)
    assert sum(decoder.dropped.values()) > 0


def test_bad_lines_are_dropped_and_good_ones_survive():
    good = proto.encode("Q", 3)
    decoder = proto.Decoder("QYCKDX")
    data = b"\x00\xff garbage\n" + b"Q 1 *00\n" + b"A" * 300 + b"\n" + proto.encode("T", 2) + good
    assert decoder.feed(data) == [("Q", 3, [])]
    assert decoder.dropped["checksum"] == 1
    assert decoder.dropped["long"] == 1
    assert decoder.dropped["kind"] == 1


def test_bitmaps_have_no_size_limit():
    flags = bytearray(256)
    flags[0] = flags[255] = 1
    writer = proto.Writer()
    writer.begin("S", 0)
    writer.bits_hex(flags, list(range(256)), 256)
    ((_, _, (bitmap,)),) = proto.Decoder().feed(bytes(writer.buf[: writer.end()]))
    touched = proto.unbitmap(bitmap, 256)
    assert touched[0]
    assert touched[255]
    assert sum(touched) == 2


run(globals())
