"""The invite of a game this board offers, until a board that showed its code says hello
(``controller/remote/invite.py`` says how an invite works):

* the offer at ``kaskade/invite/USER`` — published once the code's key is derived (off the
  loop's thread), again after every reconnection, with the broker's expiry set to the time the
  code has left, so the broker forgets it by itself should this board be gone;
* every request checked with the key: a board that shows the code is answered yes with the
  game's id and noted (its hello will be taken), a wrong code is answered no and counted, and
  a user that keeps guessing is ignored;
* a new code once the old has stood for ``INVITE_LIFE``, or after ``WRONG_PER_CODE`` wrong
  ones — the people at the board see the new one scroll.

The code, salt, key, when it was made and who showed it live in the game's file, so a board
that restarts takes up the same invite.
"""

from __future__ import annotations

from collections.abc import Callable

from controller.app.app import App
from controller.remote.game_file import GameFile
from controller.remote.invite import (
    INVITE_LIFE,
    Invitation,
    answer,
    ask_topic,
    new_code,
    new_salt,
    offer,
)
from controller.remote.keys import Keys

Send = Callable[[str, bytes], None]
"""Publishes a payload, not retained (an answer)."""


def fresh(record: GameFile, wall: float) -> None:
    """A new code for ``record``'s invite, made at ``wall`` (seconds since the epoch); its key
    is still to be derived. Who showed an earlier code stays noted."""
    record.code, record.salt, record.key, record.made = new_code(), new_salt(), "", wall


class Offering:
    """The invite of the game in ``record``, offered by ``user``; ``save`` keeps the record,
    ``ready`` is called (on the loop's thread) once the key is there and the offer can go
    out."""

    def __init__(self, user: str, record: GameFile, keys: Keys, save: Callable[[], None],
                 ready: Callable[[App, float], None]) -> None:
        self.user = user
        self.record = record
        self.keys = keys
        self.save = save
        self.ready = ready
        self.invitation: Invitation | None = None
        if record.key:
            self.invitation = Invitation(user, record.salt, bytes.fromhex(record.key))
        elif record.code:
            self._derive()

    def _derive(self) -> None:
        record, salt = self.record, self.record.salt

        def keyed(key: bytes, app: App, now: float) -> None:
            if record.salt != salt:
                return  # a newer code meanwhile
            record.key = key.hex()
            self.invitation = Invitation(self.user, salt, key)
            self.save()
            self.ready(app, now)

        self.keys.derive(record.code, self.user, salt, keyed)

    @property
    def open(self) -> bool:
        """Whether the seat waits for a board (nobody has said hello yet)."""
        return not self.record.peer

    def offer(self, wall: float) -> tuple[bytes, float | None]:
        """What the offer's topic is to hold at ``wall``: the offer and the seconds the
        broker keeps it, or nothing (``b""``: the seat is taken, or the key not derived)."""
        if not self.open or self.invitation is None:
            return b"", None
        return offer(self.record.salt), max(1.0, INVITE_LIFE - (wall - self.record.made))

    def asked(self, guest: str, payload: bytes, send: Send) -> tuple[bool | None, str]:
        """``guest``'s request (``payload``), checked and answered through ``send``: whether
        it showed the code (``None``: not answered), and why not, for a person."""
        invitation = self.invitation
        if invitation is None:
            return None, ""  # the key is on its way: the board asks again
        shown, reason, nonce = invitation.asked(guest, payload)
        if shown is None:
            return None, reason
        record = self.record
        if shown and record.peer and guest != record.peer:
            shown, reason = False, f"{guest}'s board showed the invite code after " \
                f"{record.peer}'s took the seat"
        send(ask_topic(self.user, guest), answer(invitation.key, self.user, guest,
                                                 record.salt, nonce,
                                                 record.game_id if shown else ""))
        if shown and guest not in record.showed:
            record.showed.append(guest)
            self.save()
        return shown, reason

    def due(self, wall: float) -> str:
        """Why a new code is due at ``wall`` (``""``: none is)."""
        if not self.open:
            return ""
        if self.invitation is not None and self.invitation.spent:
            return "too many wrong invite codes"
        if wall - self.record.made >= INVITE_LIFE:
            return "the invite code expired"
        return ""

    def renew(self, wall: float) -> None:
        """A new code, its key derived in the background (``ready`` follows)."""
        fresh(self.record, wall)
        self.invitation = None
        self.save()
        self._derive()
