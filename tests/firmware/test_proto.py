"""The wire codec: lines round-trip, and whatever arrives, decoding never raises."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware import proto
from firmware.proto import Decoder, Sequence, Writer, crc8, encode, unbitmap

DOCS = Path(__file__).parents[2] / "docs" / "protocol.md"

words = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E, blacklist_characters="*"),
                min_size=1, max_size=12)
messages = st.tuples(st.sampled_from(proto.KINDS), st.integers(0, 65535),
                     st.lists(words, max_size=8))


@given(messages)
def test_every_message_round_trips(message):
    kind, seq, fields = message
    line = encode(kind, seq, fields)
    assert Decoder().feed(line) == [(kind, seq, fields)]


@given(messages)
def test_lines_are_printable_ascii_and_never_hold_ctrl_c(message):
    line = encode(*message)
    assert line.endswith(b"\n")
    assert all(0x20 <= byte <= 0x7E for byte in line[:-1])
    assert 0x03 not in line
    assert len(line) <= proto.MAX_LINE


@given(st.binary(max_size=600))
def test_decoding_never_raises(data):
    decoder = Decoder()
    for message in decoder.feed(data):
        kind, seq, fields = message
        assert kind in proto.KINDS
        assert 0 <= seq < proto.SEQUENCES
        assert all(field and " " not in field for field in fields)


@given(st.lists(messages, min_size=1, max_size=10), st.binary(max_size=50),
       st.integers(1, 40))
def test_garbage_costs_at_most_the_line_it_lands_in(batch, garbage, chunk):
    """Garbage in front of a burst of good lines, delivered in arbitrary pieces: every line
    after the first newline that follows the garbage still arrives."""
    stream = garbage + b"\n" + b"".join(encode(*m) for m in batch)
    decoder = Decoder()
    got = []
    for start in range(0, len(stream), chunk):
        got += decoder.feed(stream[start:start + chunk])
    assert got[-len(batch):] == [(k, s, list(f)) for k, s, f in batch]


def test_each_kind_of_bad_line_is_dropped_and_counted():
    good = encode("T", 5, ["D", "3"])
    decoder = Decoder()
    stream = (
        b"T 5 D 3 *00\n"  # bad checksum
        + good[:-4] + b"\n"  # truncated: the checksum cut short
        + b"hello world\n"  # not a line of the protocol
        + encode("T", 6, ["D", "3"]).replace(b"T", b"Z", 1)[:-3]  # unknown kind, recomputed
    )
    body = b"Z 6 D 3"
    stream += b"%02X\n" % crc8(body)
    stream += b"T 1 \x03 *00\n"  # a control byte
    stream += b"T" * 500 + b"\n"  # over-long
    stream += good
    assert decoder.feed(stream) == [("T", 5, ["D", "3"])]
    assert decoder.dropped == {"garbage": 1, "long": 1, "checksum": 1, "format": 2, "kind": 1}


def test_a_carriage_return_before_the_newline_is_accepted():
    assert Decoder().feed(encode("B", 1, ["2", "100"])[:-1] + b"\r\n") == [("B", 1, ["2", "100"])]


def test_a_line_split_anywhere_arrives_whole():
    line = encode("S", 9, ["8000000000020001"])
    decoder = Decoder()
    assert [m for byte in line for m in decoder.feed(bytes([byte]))] == \
        [("S", 9, ["8000000000020001"])]


def test_a_decoder_for_commands_drops_the_boards_own_kinds():
    decoder = Decoder("QYCKDX")
    assert decoder.feed(encode("T", 1, ["D", "1"]) + encode("Q", 2)) == [("Q", 2, [])]
    assert decoder.dropped["kind"] == 1


@pytest.mark.parametrize(("args", "reason"), [
    (("Z", 1, []), "unknown kind"),
    (("T", 65536, []), "sequence"),
    (("T", 1, ["two words"]), "without spaces"),
    (("T", 1, ["a*b"]), "without spaces"),
    (("T", 1, [""]), "without spaces"),
    (("R", 1, ["x" * 100, "y" * 100]), "longer than a line"),
])
def test_encode_refuses_what_a_line_cannot_carry(args, reason):
    with pytest.raises(ValueError, match=reason):
        encode(*args)


def test_sequence_numbers_wrap_and_gaps_are_counted():
    sending, receiving = Sequence(), Sequence()
    sending.next = 65534
    assert [sending.take() for _ in range(3)] == [65534, 65535, 0]
    assert receiving.missed(65534) == 0
    assert receiving.missed(65535) == 0
    assert receiving.missed(2) == 2  # 0 and 1 were lost across the wrap
    receiving.restart()
    assert receiving.missed(0) == 0


@given(st.lists(st.booleans(), min_size=1, max_size=256), st.randoms())
def test_bitmaps_round_trip_through_any_channel_order(flags, random):
    order = list(range(len(flags)))
    random.shuffle(order)
    writer = Writer()
    writer.begin("S", 0)
    writer.bits_hex(flags, order, len(flags))
    (_kind, _seq, (bitmap,)), = Decoder().feed(bytes(writer.buf[: writer.end()]))
    touched = unbitmap(bitmap, len(flags))
    assert all(touched[order[i]] == flags[i] for i in range(len(flags)))


@pytest.mark.parametrize("text", ["xyz", "1FF", "-1", ""])
def test_a_bad_bitmap_is_refused(text):
    with pytest.raises(ValueError, match="bitmap"):
        unbitmap(text, 8)


def test_writer_numbers_and_readings():
    writer = Writer()
    writer.begin("R", 12)
    writer.space()
    writer.digits(3)
    writer.char(ord(":"))
    writer.digits(-45)
    line = bytes(writer.buf[: writer.end()])
    assert Decoder().feed(line) == [("R", 12, ["3:-45"])]


def test_the_examples_in_the_protocol_document_are_valid_lines():
    text = DOCS.read_text(encoding="utf-8")
    examples = re.findall(r"^(?:board|Pi)?\s*([A-Z] \d+(?: \S+)* \*[0-9A-F]{2})", text,
                          flags=re.MULTILINE)
    assert len(examples) >= 9
    decoder = Decoder()
    for example in examples:
        assert decoder.feed(example.encode() + b"\n"), f"{example!r} is not a valid line"


def test_a_word_beyond_printable_ascii_goes_out_as_question_marks():
    """A board named with a letter beyond ASCII once stopped the firmware at start."""
    writer = proto.Writer()
    writer.begin("H", 0)
    writer.word("plateau-𝔞 b*c")
    line = bytes(writer.buf[:writer.end()])
    assert line.startswith(b"H 0 plateau-??b?c ")
    assert proto.Decoder().feed(line) == [("H", 0, ["plateau-??b?c"])]
