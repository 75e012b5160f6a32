"""What two boards say to each other through the broker: small JSON objects, one per step of
the game, each in its sender's log under a sequence number.

Every message carries the protocol's version (``v``), the sender's sequence number (``seq``,
1, 2, 3 … without gaps) and how many of the other side's messages the sender had taken in when
it wrote this one (``ack``): the two logs together then fix one order for the whole game, the
same on both boards and after any restart. A payload is at most :data:`MAX_PAYLOAD` bytes of
UTF-8 JSON with exactly the keys its kind has; anything else is refused with the reason, never
half read. The parsers are strict because the other side is not trusted: a board checks every
message as it would check a stranger's.

Kinds:

* ``hello`` — the first message of each log: the game, its options, the sender's seats and
  name, and the anchor of its chance chain (``controller/remote/chance.py``).
* ``move`` — a move of the sender's seat at ply ``ply`` (the number of moves before it), in the
  game's own notation.
* ``reveal`` — the sender's half of the chance step at ply ``ply``.
* ``resign`` — the sender gives up.
* ``claim`` — the sender claims the game: the other board has been away longer than the
  sender's players chose to wait.
* ``undo`` / ``undo-yes`` / ``undo-no`` — ask to take the game back to ``to`` plies; the other
  side agrees or declines.
* ``end`` — the sender has the game's end (the last message of its log): once a board has the
  other's, neither needs the broker's copy of its log any more, and it clears its part.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from controller.errors import KaskadeError

VERSION = 1
"""The protocol's version; a message of another is refused (and said so)."""
MAX_PAYLOAD = 1024
"""Bytes a message may have: a move is about 60, a hello about 250."""
MAX_SEQ = 100_000
MAX_PLY = 4096
"""No game on the board comes near: a move past it is refused, as is a chain that long."""
NAME = re.compile(r"[^\x00-\x1f\x7f]{1,24}")
"""A board's name as its players gave it (``Anna``): 1-24 printable characters."""
MOVE = re.compile(r"[!-~]{1,32}")
"""A move in a game's notation: printable ASCII, no spaces."""
HEX32 = re.compile(r"[0-9a-f]{64}")
"""32 bytes as lower-case hexadecimal (a chance half, an anchor)."""
GAME = re.compile(r"[a-z][a-z0-9-]{0,31}")
OPTION = re.compile(r"[a-z][a-z0-9-]{0,15}")
OPTION_VALUE = re.compile(r"[!-~]{1,16}")

KINDS: dict[str, frozenset[str]] = {
    "hello": frozenset({"game", "options", "players", "name", "anchor"}),
    "move": frozenset({"ply", "move"}),
    "reveal": frozenset({"ply", "value"}),
    "resign": frozenset(),
    "claim": frozenset(),
    "undo": frozenset({"to"}),
    "undo-yes": frozenset({"to"}),
    "undo-no": frozenset({"to"}),
    "end": frozenset(),
}
"""Each kind's own keys (beside ``v``, ``kind``, ``seq`` and ``ack``)."""
COMMON = frozenset({"v", "kind", "seq", "ack"})


class MessageError(KaskadeError, ValueError):
    """A payload that is not a message of this protocol (the reason says why)."""


@dataclass(frozen=True)
class Message:
    """One message: ``kind``, the sender's ``seq``, the other side's messages taken in
    (``ack``) and the kind's own ``body``."""

    kind: str
    seq: int
    ack: int
    body: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.body[key]

    def encode(self) -> bytes:
        """The payload (checked: what this side sends obeys the rules it holds others to)."""
        payload = json.dumps({"v": VERSION, "kind": self.kind, "seq": self.seq,
                              "ack": self.ack, **self.body},
                             separators=(",", ":"), sort_keys=True).encode()
        decode(payload)
        return payload


def decode(payload: bytes) -> Message:
    """The message in ``payload``; ``MessageError`` saying why when it is none."""
    if len(payload) > MAX_PAYLOAD:
        raise MessageError(f"a message of {len(payload)} bytes (at most {MAX_PAYLOAD})")
    try:
        data = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise MessageError(f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise MessageError("not a JSON object")
    if data.get("v") != VERSION or type(data.get("v")) is not int:
        raise MessageError(f"protocol version {data.get('v')!r}; this board speaks {VERSION}")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise MessageError(f"unknown kind {kind!r}")
    keys = set(data)
    if keys != COMMON | KINDS[kind]:
        extra, missing = keys - COMMON - KINDS[kind], (COMMON | KINDS[kind]) - keys
        raise MessageError(f"a {kind} message with " + "; ".join(
            part for part in (f"unknown keys {sorted(extra)}" if extra else "",
                              f"no {sorted(missing)}" if missing else "") if part))
    seq = _integer(data, "seq", 1, MAX_SEQ)
    ack = _integer(data, "ack", 0, MAX_SEQ)
    body = {key: data[key] for key in KINDS[kind]}
    _check_body(kind, body)
    return Message(kind, seq, ack, body)


def _integer(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if type(value) is not int or not low <= value <= high:
        raise MessageError(f"{key} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _text(data: dict[str, Any], key: str, pattern: re.Pattern[str], what: str) -> str:
    value = data[key]
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise MessageError(f"{key} must be {what}, not {value!r}")
    return value


def _check_body(kind: str, body: dict[str, Any]) -> None:
    """Each kind's own keys, typed and bounded."""
    if "ply" in body:
        _integer(body, "ply", 0, MAX_PLY)
    if "to" in body:
        _integer(body, "to", 0, MAX_PLY)
    if kind == "move":
        _text(body, "move", MOVE, "a move in the game's notation")
    elif kind == "reveal":
        _text(body, "value", HEX32, "64 hexadecimal digits")
    elif kind == "hello":
        _text(body, "game", GAME, "a game's short name")
        _text(body, "name", NAME, "a name of 1-24 printable characters")
        _text(body, "anchor", HEX32, "64 hexadecimal digits")
        options = body["options"]
        if not isinstance(options, dict) or len(options) > 8 or not all(
                isinstance(k, str) and OPTION.fullmatch(k) and isinstance(v, str)
                and OPTION_VALUE.fullmatch(v) for k, v in options.items()):
            raise MessageError(f"options must be up to 8 short names and values, not "
                               f"{options!r}")
        players = body["players"]
        if not isinstance(players, list) or not 1 <= len(players) <= 4 or \
                any(type(p) is not int or not 0 <= p < 4 for p in players) or \
                len(set(players)) != len(players):
            raise MessageError(f"players must list the sender's seats (0-3), not {players!r}")


def presence(online: bool) -> bytes:
    """A board's presence (retained; its last will says ``false``)."""
    return json.dumps({"v": VERSION, "online": online}, separators=(",", ":")).encode()


@dataclass(frozen=True)
class Presence:
    """Whether a board or page is there, and whether it is a page (a page shows the view the
    offering board publishes, so that board publishes it while a page is there)."""

    online: bool
    page: bool = False


def read_presence(payload: bytes) -> Presence:
    """What a presence payload says (``MessageError`` if it is none); an empty one (cleared
    when its game ended) says nobody is there."""
    if not payload:
        return Presence(False)
    if len(payload) > 64:
        raise MessageError(f"a presence of {len(payload)} bytes")
    try:
        data = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise MessageError(f"not JSON: {error}") from None
    if not isinstance(data, dict) or not {"v", "online"} <= set(data) <= {"v", "online", "page"} \
            or data["v"] != VERSION or not isinstance(data["online"], bool) or \
            not isinstance(data.get("page", False), bool):
        raise MessageError(f"not a presence: {data!r}")
    return Presence(data["online"], data.get("page", False))
