"""The page's SHA-256 and SHA-512 (``controller/web/page/sha2.js``, run under node): the
examples of FIPS 180-4 and the same digests as Python's hashlib on random messages of every
length around the padding's edges."""

from __future__ import annotations

import hashlib

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.page_js import run_page_js

DIGESTS = """
OUTPUT = INPUT.map((hex) => {
  const bytes = hexBytes(hex);
  return [bytesHex(sha256(bytes)), bytesHex(sha512(bytes))];
});
"""
TWO_BLOCKS = b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
"""FIPS 180-4's 448-bit message (SHA-256's example of two blocks)."""
TWO_BLOCKS_512 = (b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                  b"ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
"""FIPS 180-4's 896-bit message (SHA-512's example of two blocks)."""


def digests(messages: list[bytes]) -> list[tuple[str, str]]:
    return [tuple(pair) for pair in run_page_js(["sha2.js"], DIGESTS,
                                                [m.hex() for m in messages])]


def test_the_examples_of_fips_180_4() -> None:
    abc, empty, two, two_512, million = digests(
        [b"abc", b"", TWO_BLOCKS, TWO_BLOCKS_512, b"a" * 1_000_000])
    assert abc == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
    assert empty == (
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
        "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e")
    assert two[0] == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    assert two_512[1] == (
        "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
        "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909")
    assert million == (
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
        "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
        "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b")


@settings(max_examples=10)
@given(st.lists(st.binary(max_size=300), min_size=1, max_size=40))
def test_the_same_digests_as_hashlib(messages: list[bytes]) -> None:
    # every length where the padding spills into another block, and random messages
    edges = [bytes(range(n)) for n in (55, 56, 63, 64, 111, 112, 119, 120, 127, 128, 129)]
    messages = edges + messages
    assert digests(messages) == [(hashlib.sha256(m).hexdigest(), hashlib.sha512(m).hexdigest())
                                 for m in messages]
