"""Chance that neither board can bend: dice, throws and shuffles drawn from both boards'
halves, each half fixed before the game starts.

Each board draws a secret and hashes it :data:`CHAIN` times; the last hash, the *anchor*, goes
in its hello before any chance is due. The half of the chance step at ply *p* is the secret
hashed ``CHAIN - p`` times: hashing it ``p + 1`` times gives the anchor, so the other board
checks it at once, and since SHA-256 cannot be run backwards nobody — the board itself included
— can find another value that passes, nor learn a later half from an earlier one. When a
chance step is due both boards reveal their half for that ply; the outcome is drawn from both
halves, so it was fixed when the anchors were exchanged and neither side knew it before the
other's half came. A board that will not reveal can only stall, which the other side sees as
a board gone quiet (it may claim the game). Taking moves back and reaching the same ply again
draws from the same halves: a die is never thrown anew by an undo.
"""

from __future__ import annotations

import hashlib
import random

from controller.errors import KaskadeError
from controller.remote.messages import MAX_PLY

CHAIN = MAX_PLY + 1
"""Hashes from a secret to its anchor: one half for every ply a game may reach."""


class ChanceError(KaskadeError, ValueError):
    """A half that the sender's anchor does not vouch for."""


def _hash(value: bytes, times: int) -> bytes:
    for _ in range(times):
        value = hashlib.sha256(value).digest()
    return value


def anchor(secret: bytes) -> str:
    """What a board commits to before the game: its secret hashed :data:`CHAIN` times."""
    return _hash(secret, CHAIN).hex()


def half(secret: bytes, ply: int) -> str:
    """This board's half of the chance step at ``ply``."""
    if not 0 <= ply < CHAIN:
        raise ChanceError(f"no half for ply {ply}: a game may have {CHAIN - 1} plies")
    return _hash(secret, CHAIN - 1 - ply).hex()


class Chain:
    """The other board's chain as far as it has shown it: checks each half it reveals."""

    def __init__(self, anchor_hex: str) -> None:
        self.anchor = anchor_hex
        self.known: dict[int, str] = {}
        """Halves checked so far, by ply."""

    def check(self, ply: int, value: str) -> None:
        """Accept ``value`` as the half for ``ply``, or raise ``ChanceError``."""
        if not 0 <= ply < CHAIN:
            raise ChanceError(f"a half for ply {ply}, beyond the chain")
        if self.known.get(ply) == value:
            return
        # the nearest half shown before this ply vouches for it in fewer steps than the anchor
        below = [p for p in self.known if p < ply]
        start = max(below) if below else -1
        target = self.known[start] if below else self.anchor
        try:
            hashed = _hash(bytes.fromhex(value), ply - start)
        except ValueError:
            raise ChanceError("a half that is not hexadecimal") from None
        if hashed.hex() != target:
            raise ChanceError(f"the half for ply {ply} is not on the chain its board "
                              "committed to")
        self.known[ply] = value


def seed(game_id: str, ply: int, host_half: str, guest_half: str) -> str:
    """The seed of the chance step at ``ply`` from both halves (host's first)."""
    text = f"kaskade-chance:{game_id}:{ply}:{host_half}:{guest_half}"
    return hashlib.sha256(text.encode()).hexdigest()


def generator(seed_hex: str) -> random.Random:
    """The generator a game draws the step's outcome with (``state.sample_chance``)."""
    return random.Random(seed_hex)
