"""Invites without the broker: a request proves the code without showing it, an answer proves
it back, and a wrong, forged or replayed one is refused with the reason; a user that keeps
guessing is ignored, and too many wrong codes in all call for a new code."""

from __future__ import annotations

import json
import secrets

import pytest

from controller.remote.invite import (
    WRONG_PER_CODE,
    WRONG_PER_USER,
    Invitation,
    InviteError,
    answer,
    derive_key,
    new_salt,
    offer,
    read_offer,
    request,
)
from controller.remote.lookup import GRACE, Found, Lookup

CODE = "123456"


@pytest.fixture(scope="module")
def salt() -> str:
    return new_salt()


@pytest.fixture(scope="module")
def key(salt: str) -> bytes:
    return derive_key(CODE, "anna", salt)


def test_the_offer_says_nothing_of_the_code(salt: str) -> None:
    payload = offer(salt)
    assert CODE.encode() not in payload
    assert set(json.loads(payload)) == {"v", "kind", "salt"}
    assert read_offer(payload) == salt
    with pytest.raises(InviteError):
        read_offer(json.dumps({"v": 1, "game": "0" * 16, "host": "eve"}).encode())


def test_a_key_is_for_one_code_host_and_salt(salt: str, key: bytes) -> None:
    assert derive_key(CODE, "anna", salt) == key
    assert derive_key("123457", "anna", salt) != key
    assert derive_key(CODE, "eve", salt) != key
    assert derive_key(CODE, "anna", new_salt()) != key


def test_the_host_answers_only_the_code(salt: str, key: bytes) -> None:
    invitation = Invitation("anna", salt, key)
    nonce = secrets.token_hex(16)
    assert invitation.asked("ben", request(key, "anna", "ben", salt, nonce)) == (True, "", nonce)
    # eve replays ben's request as hers: the proof names ben
    shown, reason, _ = invitation.asked("eve", request(key, "anna", "ben", salt, nonce))
    assert shown is False
    assert "wrong invite code" in reason
    wrong = derive_key("654321", "anna", salt)
    for _ in range(WRONG_PER_USER - 1):
        assert invitation.asked("eve", request(wrong, "anna", "eve", salt, nonce))[0] is False
    shown, reason, _ = invitation.asked("eve", request(key, "anna", "eve", salt, nonce))
    assert shown is None
    assert "ignored" in reason, "a user that kept guessing is not answered, not even right"
    for user in range(WRONG_PER_CODE):
        invitation.asked(f"u{user}", request(wrong, "anna", f"u{user}", salt, nonce))
    assert invitation.spent


def test_the_board_that_typed_the_code_believes_only_a_proven_answer(
        salt: str, key: bytes) -> None:
    lookup = Lookup(CODE, "ben", secrets.token_hex(16))
    eve_salt = new_salt()
    assert lookup.offered("anna", offer(salt)) == salt
    assert lookup.offered("eve", offer(eve_salt)) == eve_salt
    assert lookup.offered("anna", offer(salt)) is None, "asked once"
    assert lookup.keyed("anna", salt, key) is not None
    eve_key = derive_key(CODE, "eve", eve_salt)  # what ben derives for eve's offer
    assert lookup.keyed("eve", eve_salt, eve_key) is not None
    game, evil = secrets.token_hex(8), secrets.token_hex(8)
    lookup.answered("eve", json.dumps({"v": 1, "kind": "answer", "nonce": lookup.nonce,
                                       "game": evil, "proof": "0" * 64}).encode(), 0.0)
    lookup.answered("eve", answer(eve_key, "eve", "ben", eve_salt, secrets.token_hex(16),
                                  evil), 0.0)
    assert "forged" in lookup.refusals[0]
    assert "replayed" in lookup.refusals[1]
    lookup.answered("anna", answer(key, "anna", "ben", salt, lookup.nonce, game), 1.0)
    assert lookup.outcome(1.0) is None, "eve has not answered: a moment for her"
    assert lookup.outcome(1.0 + GRACE) == Found("anna", game)


def test_two_hosts_that_both_prove_the_code_are_both_refused(salt: str, key: bytes) -> None:
    """Someone else has the code too (it was overheard): joining neither is safer."""
    lookup = Lookup(CODE, "ben", secrets.token_hex(16))
    other_salt = new_salt()
    other = derive_key(CODE, "eve", other_salt)
    lookup.offered("anna", offer(salt))
    lookup.offered("eve", offer(other_salt))
    lookup.keyed("anna", salt, key)
    lookup.keyed("eve", other_salt, other)
    lookup.answered("anna", answer(key, "anna", "ben", salt, lookup.nonce, "a" * 16), 0.0)
    lookup.answered("eve", answer(other, "eve", "ben", other_salt, lookup.nonce, "b" * 16), 0.0)
    assert lookup.outcome(10.0) is None
    assert lookup.ambiguous
    assert "both say yes" in lookup.refusals[-1]
