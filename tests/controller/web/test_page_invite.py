"""The page's invite keys and proofs (``controller/web/page/invite.js``, run under node): the
same scrypt key and the same HMAC proofs as the boards' ``controller/remote/invite.py``, so a
page proves a code to a board and checks a board's answer as another board would."""

from __future__ import annotations

from controller.remote.invite import answer, derive_key, new_salt, request
from tests.support.page_js import run_page_js

KEYS = """
OUTPUT = INPUT.map(([code, host, salt, guest, nonce, game]) => {
  const key = inviteKey(code, host, salt);
  return [bytesHex(key),
    inviteJson({ v: 1, kind: "request", salt, nonce,
      proof: inviteProof(key, "request", host, guest, salt, nonce) }),
    inviteProof(key, "answer", host, guest, salt, nonce, game)];
});
"""


def test_the_page_derives_and_proves_as_the_boards_do() -> None:
    cases = [("123456", "anna", new_salt(), "ben", "ab" * 16, "0123456789abcdef"),
             ("000000", "a-b_9", new_salt(), "bens-phone", "cd" * 16, "fedcba9876543210")]
    for (code, host, salt, guest, nonce, game), (key, asked, proof) in zip(
            cases, run_page_js(["sha2.js", "invite.js"], KEYS, [list(c) for c in cases]),
            strict=True):
        expected = derive_key(code, host, salt)
        assert key == expected.hex()
        assert asked.encode() == request(expected, host, guest, salt, nonce)
        assert f'"proof":"{proof}"' in answer(expected, host, guest, salt, nonce, game).decode()
