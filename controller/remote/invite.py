"""Invites that only whoever holds the code can take (docs/remote.md, "Invite" and "Security").

An invite code is six digits, shown on the offering board's LEDs and typed on the other board
(or on a phone's page). The code itself never goes over the wire, and neither does anything
from which a guess at it could be checked, until a board that holds it asks:

1. The offering board (the *host*) publishes an **offer** under its own name,
   ``kaskade/invite/HOST``: a random salt, retained while the invite lives
   (:data:`INVITE_LIFE`). Only the host may write there (the ACL's ``%u``), and the offer says
   nothing about the code.
2. A board that types a code reads every offer and, for each, derives the key the code gives
   with that offer's host and salt — scrypt, slow on purpose (:func:`derive_key`) — and sends a
   **request** to the host, ``kaskade/invite/GUEST/to/HOST``: a fresh nonce and an HMAC under
   that key, which proves it holds the code without showing it.
3. The host, which derived its key once when it offered, checks each request: the right code
   is answered **yes** with the game's id, proven with the same key over the request's nonce
   (so an answer cannot be replayed to another request, nor made by anyone without the code);
   a wrong one is answered **no**, counted, and a user that keeps guessing is ignored
   (:class:`Invitation`). The board that asked then says hello in the game, and the host takes
   a hello only from a board that showed the code.

Requests and answers are not retained: the broker keeps nothing of them. Everything here is
pure (no I/O, no clock): the link (``controller/remote/link.py``) and the lookup
(``controller/remote/lookup.py``) carry it to the broker, and the web page's
``controller/web/page/invite.js`` speaks the same payloads.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass, field

from controller.errors import KaskadeError

VERSION = 1
ROOT = "kaskade/invite"
CODE = re.compile(r"\d{6}")
"""An invite code: six digits, entered by touch or on the web page."""
USER = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""A user at the broker (a board's, a phone's): as in ``controller/remote/config.py``."""
HEX16 = re.compile(r"[0-9a-f]{32}")
HEX32 = re.compile(r"[0-9a-f]{64}")
GAME_ID = re.compile(r"[0-9a-f]{16}")
INVITE_LIFE = 600.0
"""Seconds an invite code stands for its game; then the offering board makes a new one (and
the broker forgets the offer by itself, should the board be gone: the offer's expiry)."""
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
"""scrypt's cost (16 MiB, 0.11 s on a core of a shared machine; the Pi and a phone's page
take a few times longer, once per invite): every guess at a code costs as much."""
KEY_LABEL = b"kaskade invite 1\n"
WRONG_PER_USER = 3
"""Wrong codes a user may show an invite before the host ignores its requests."""
WRONG_PER_CODE = 10
"""Wrong codes in all before the host makes a new code (the guesses start again from none)."""
MAX_PAYLOAD = 512


class InviteError(KaskadeError, ValueError):
    """A payload that is not an offer, a request or an answer of this protocol (the reason
    says why)."""


def new_code() -> str:
    """A fresh invite code."""
    return f"{secrets.randbelow(10 ** 6):06d}"


def new_salt() -> str:
    """A fresh salt for an offer (16 random bytes, hexadecimal)."""
    return secrets.token_hex(16)


def derive_key(code: str, host: str, salt: str) -> bytes:
    """The key ``code`` gives for ``host``'s offer with ``salt`` (32 bytes): scrypt over the
    code, salted with the host's name and the offer's salt, so that no guess can be computed
    ahead of an offer, nor serve for another host's."""
    if not CODE.fullmatch(code) or not USER.fullmatch(host) or not HEX16.fullmatch(salt):
        raise InviteError(f"no key for code {code!r}, host {host!r} and salt {salt!r}")
    return hashlib.scrypt(code.encode(), salt=KEY_LABEL + host.encode() + b"\n" +
                          bytes.fromhex(salt), n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P,
                          maxmem=64 * 2**20, dklen=32)


def offer_topic(host: str) -> str:
    """Where ``host`` keeps its offer."""
    return f"{ROOT}/{host}"


def ask_topic(sender: str, receiver: str) -> str:
    """Where ``sender`` asks ``receiver`` (a request) or answers it (an answer)."""
    return f"{ROOT}/{sender}/to/{receiver}"


def _proof(key: bytes, *fields: str) -> str:
    """The HMAC-SHA-256 of ``fields`` (none contains a line break: each is checked)."""
    return hmac.new(key, "\n".join(fields).encode(), hashlib.sha256).hexdigest()


def _read(payload: bytes, kind: str, keys: set[str]) -> dict[str, object]:
    """The JSON object of an ``kind`` with exactly ``keys`` (beside ``v`` and ``kind``)."""
    if len(payload) > MAX_PAYLOAD:
        raise InviteError(f"{len(payload)} bytes (at most {MAX_PAYLOAD})")
    try:
        data = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise InviteError(f"not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("v") != VERSION or data.get("kind") != kind \
            or set(data) != keys | {"v", "kind"}:
        raise InviteError(f"not an {kind} of this protocol: {str(data)[:80]}"
                          if kind[0] in "aeiou" else
                          f"not a {kind} of this protocol: {str(data)[:80]}")
    return data


def _text(data: dict[str, object], key: str, pattern: re.Pattern[str]) -> str:
    value = data[key]
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise InviteError(f"{key} {str(value)[:40]!r} is not one")
    return value


def _encode(data: dict[str, object]) -> bytes:
    return json.dumps({"v": VERSION, **data}, separators=(",", ":"), sort_keys=True).encode()


# -- the three payloads ----------------------------------------------------------------------

def offer(salt: str) -> bytes:
    """An offer's payload."""
    return _encode({"kind": "offer", "salt": salt})


def read_offer(payload: bytes) -> str:
    """The salt of an offer (``InviteError`` when it is none)."""
    return _text(_read(payload, "offer", {"salt"}), "salt", HEX16)


@dataclass(frozen=True)
class Request:
    """A board's request to a host: the salt of the offer it answers, its nonce, its proof."""

    salt: str
    nonce: str
    proof: str


def request(key: bytes, host: str, guest: str, salt: str, nonce: str) -> bytes:
    """``guest``'s request to ``host``'s offer with ``salt``, under the key its code gave."""
    return _encode({"kind": "request", "salt": salt, "nonce": nonce,
                    "proof": _proof(key, "request", host, guest, salt, nonce)})


def read_request(payload: bytes) -> Request:
    data = _read(payload, "request", {"salt", "nonce", "proof"})
    return Request(_text(data, "salt", HEX16), _text(data, "nonce", HEX16),
                   _text(data, "proof", HEX32))


@dataclass(frozen=True)
class Answer:
    """A host's answer to a request with ``nonce``: ``game`` (the id; ``""``: no, a wrong
    code) and, for a yes, its proof."""

    nonce: str
    game: str
    proof: str

    @property
    def yes(self) -> bool:
        return bool(self.game)


def answer(key: bytes | None, host: str, guest: str, salt: str, nonce: str,
           game: str) -> bytes:
    """``host``'s answer to ``guest``'s request with ``nonce``: yes with ``game`` (proven with
    ``key``), or no (``game`` empty, ``key`` unused)."""
    proof = "" if not game or key is None else \
        _proof(key, "answer", host, guest, salt, nonce, game)
    return _encode({"kind": "answer", "nonce": nonce, "game": game, "proof": proof})


def read_answer(payload: bytes) -> Answer:
    data = _read(payload, "answer", {"nonce", "game", "proof"})
    nonce = _text(data, "nonce", HEX16)
    if data["game"] == "" and data["proof"] == "":
        return Answer(nonce, "", "")
    return Answer(nonce, _text(data, "game", GAME_ID), _text(data, "proof", HEX32))


def proves_request(key: bytes, host: str, guest: str, salt: str, asked: Request) -> bool:
    """Whether ``guest``'s request shows the code ``key`` came from."""
    return asked.salt == salt and hmac.compare_digest(
        asked.proof, _proof(key, "request", host, guest, salt, asked.nonce))


def proves_answer(key: bytes, host: str, guest: str, salt: str, nonce: str,
                  told: Answer) -> bool:
    """Whether ``host``'s yes to the request with ``nonce`` shows the code ``key`` came
    from."""
    return told.yes and told.nonce == nonce and hmac.compare_digest(
        told.proof, _proof(key, "answer", host, guest, salt, nonce, told.game))


# -- the offering board's side ---------------------------------------------------------------

@dataclass
class Invitation:
    """The requests an offer with ``salt`` has had (the host's key for it is ``key``): who
    showed the code, who guessed wrong and how often."""

    host: str
    salt: str
    key: bytes
    wrong: dict[str, int] = field(default_factory=dict)

    @property
    def wrong_in_all(self) -> int:
        return sum(self.wrong.values())

    def asked(self, guest: str, payload: bytes) -> tuple[bool | None, str, str]:
        """What ``guest``'s request says: ``True`` (it showed the code), ``False`` (a wrong
        one, counted), ``None`` (nothing to answer: not a request for this offer, or from a
        user that guessed wrong too often); the reason, for a person, when it is not
        ``True``; and the request's nonce (what an answer answers)."""
        if guest == self.host:
            return None, "", ""
        if self.wrong.get(guest, 0) >= WRONG_PER_USER:
            return None, f"{guest}'s request ignored: it showed wrong invite codes " \
                f"{WRONG_PER_USER} times", ""
        try:
            asked = read_request(payload)
        except InviteError as error:
            return None, f"{guest}'s request: {error}", ""
        if asked.salt != self.salt:
            return None, f"{guest}'s request for an invite code no longer in use", ""
        if proves_request(self.key, self.host, guest, self.salt, asked):
            return True, "", asked.nonce
        self.wrong[guest] = self.wrong.get(guest, 0) + 1
        return False, f"{guest}'s board showed a wrong invite code " \
            f"({self.wrong[guest]} of {WRONG_PER_USER})", asked.nonce

    @property
    def spent(self) -> bool:
        """Too many wrong codes: a new code is due."""
        return self.wrong_in_all >= WRONG_PER_CODE
