"""The messages two boards exchange: every valid one reads back as written, and anything else
(garbage, wrong types, extra keys, oversize) is refused with a reason, never half read."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.errors import KaskadeError
from controller.remote.messages import (
    KINDS,
    MAX_PAYLOAD,
    Message,
    MessageError,
    Presence,
    decode,
    presence,
    read_presence,
)

HEX = st.text("0123456789abcdef", min_size=64, max_size=64)
BODIES = {
    "hello": st.fixed_dictionaries({
        "game": st.sampled_from(["kaskade", "big-balls", "colliding-circles"]),
        "options": st.dictionaries(st.from_regex(r"[a-z][a-z0-9-]{0,15}", fullmatch=True),
                                   st.from_regex(r"[!-~]{1,16}", fullmatch=True), max_size=8),
        "players": st.sampled_from([[0], [1]]),
        "name": st.from_regex(r"[A-Za-zÄÖÜäöüß ]{1,24}", fullmatch=True),
        "anchor": HEX}),
    "move": st.fixed_dictionaries({"ply": st.integers(0, 4096),
                                   "move": st.from_regex(r"[!-~]{1,32}", fullmatch=True)}),
    "reveal": st.fixed_dictionaries({"ply": st.integers(0, 4096), "value": HEX}),
    "resign": st.just({}),
    "claim": st.just({}),
    "end": st.just({}),
    "undo": st.fixed_dictionaries({"to": st.integers(0, 4096)}),
    "undo-yes": st.fixed_dictionaries({"to": st.integers(0, 4096)}),
    "undo-no": st.fixed_dictionaries({"to": st.integers(0, 4096)}),
}
MESSAGES = st.sampled_from(sorted(KINDS)).flatmap(lambda kind: st.builds(
    Message, st.just(kind), st.integers(1, 100_000), st.integers(0, 100_000), BODIES[kind]))


@given(MESSAGES)
def test_every_message_reads_back_as_written(message: Message) -> None:
    payload = message.encode()
    assert len(payload) <= MAX_PAYLOAD
    assert decode(payload) == message


@given(st.binary(max_size=2 * MAX_PAYLOAD))
def test_any_bytes_are_a_message_or_refused_with_a_reason(payload: bytes) -> None:
    try:
        decode(payload)
    except MessageError as error:
        refusal: Exception = error
    else:
        return
    assert str(refusal)
    assert isinstance(refusal, KaskadeError)
    assert isinstance(refusal, ValueError)


@given(MESSAGES, st.sampled_from(["v", "kind", "seq", "ack", "extra"]),
       st.one_of(st.none(), st.booleans(), st.floats(), st.text(max_size=5),
                 st.integers(-5, 2), st.lists(st.integers(), max_size=2)))
def test_a_message_with_one_key_spoiled_is_refused(message: Message, key: str,
                                                   value: object) -> None:
    data = json.loads(message.encode())
    if key == "extra" or data.get(key) != value or type(data.get(key)) is not type(value):
        data[key] = value
        if (key, value) in (("seq", 1), ("seq", 2), ("ack", 0), ("ack", 1), ("ack", 2)):
            return  # still a valid number
        with pytest.raises(MessageError):
            decode(json.dumps(data).encode())


@given(MESSAGES, st.data())
def test_a_body_value_of_the_wrong_kind_is_refused(message: Message, data: st.DataObject
                                                   ) -> None:
    if not message.body:
        return
    raw = json.loads(message.encode())
    key = data.draw(st.sampled_from(sorted(message.body)))
    raw[key] = data.draw(st.one_of(st.none(), st.floats(), st.integers(-9, -1),
                                   st.integers(10**7, 10**8), st.just("\x00"),
                                   st.just("x" * 70), st.just([9, 9])))
    with pytest.raises(MessageError):
        decode(json.dumps(raw).encode())


def test_an_oversize_payload_is_refused_before_it_is_read() -> None:
    with pytest.raises(MessageError, match="1048576 bytes"):
        decode(b"{" + b" " * (1024 * 1024 - 2) + b"}")


def test_each_refusal_says_what_is_wrong() -> None:
    def reason(data: object) -> str:
        with pytest.raises(MessageError) as caught:
            decode(json.dumps(data).encode())
        return str(caught.value)

    move = {"v": 1, "kind": "move", "seq": 3, "ack": 2, "ply": 4, "move": "c4"}
    assert "version 2" in reason({**move, "v": 2})
    assert "unknown kind 'teleport'" in reason({**move, "kind": "teleport"})
    assert "unknown keys ['colour']" in reason({**move, "colour": "white"})
    assert "no ['ply']" in reason({k: v for k, v in move.items() if k != "ply"})
    assert "seq must be a whole number" in reason({**move, "seq": True})
    assert "a move in the game's notation" in reason({**move, "move": "c 4"})
    assert "not a JSON object" in reason([move])
    with pytest.raises(MessageError, match="not JSON"):
        decode(b"\xff\xfe")


def test_presence_reads_back_and_refuses_anything_else() -> None:
    assert read_presence(presence(True)) == Presence(True, page=False)
    assert read_presence(presence(False)) == Presence(False)
    assert read_presence(b'{"v":1,"online":true,"page":true}') == Presence(True, page=True)
    assert read_presence(b"") == Presence(False)  # cleared when its game ended
    for payload in (b"[]", b'{"v":1}', b'{"v":1,"online":"yes"}', b'{"v":2,"online":true}',
                    b'{"v":1,"online":true,"page":1}', b'{"v":1,"online":true,"x":1}',
                    b" " * 65):
        with pytest.raises(MessageError):
            read_presence(payload)
