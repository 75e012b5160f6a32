"""Looking up the game an invite code stands for, on the board that typed it (the *guest*):
every offer at the broker is asked whether the code is its, and only an answer that shows the
code is believed (``controller/remote/invite.py`` says how).

Pure: the link feeds it what the broker says and the keys its worker derived, sends the
requests it makes, and asks it, at each step of the loop, whether the game is found. The
answer is decided once one host said yes and every other host asked has answered — or
:data:`GRACE` seconds have passed: a host that stays silent cannot hold the join up, and two
hosts that both say yes (someone else has the code too) are both refused, with the reason.
An answer that does not show the code, or answers another request, is refused with the
reason, which the link shows on the LEDs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from controller.remote.invite import (
    Answer,
    InviteError,
    ask_topic,
    proves_answer,
    read_answer,
    read_offer,
    request,
)

GRACE = 2.0
"""Seconds a yes waits for the other hosts asked to answer."""
MAX_OFFERS = 16
"""Offers asked at most: each costs the board a key (a fraction of a second on a Pi)."""


@dataclass(frozen=True)
class Found:
    """The code stands for ``game``, offered by ``host``."""

    host: str
    game: str


@dataclass
class _Offer:
    salt: str
    key: bytes | None = None
    answer: Answer | None = None


@dataclass
class Lookup:
    """The lookup of ``code`` by the user ``me``, its requests carrying ``nonce``."""

    code: str
    me: str
    nonce: str
    offers: dict[str, _Offer] = field(default_factory=dict)
    refusals: list[str] = field(default_factory=list)
    """Answers refused, and why (the newest last)."""
    yes_since: float | None = None
    skipped: int = 0
    """Offers beyond :data:`MAX_OFFERS`, not asked."""

    def offered(self, host: str, payload: bytes) -> str | None:
        """An offer of ``host``'s (retained at ``kaskade/invite/HOST``): the salt whose key is
        needed now, or ``None`` (nothing to ask: this board's own offer, one taken back, one
        asked already, or one too many)."""
        if host == self.me or not payload:
            return None
        try:
            salt = read_offer(payload)
        except InviteError as error:
            self.refusals.append(f"{host}'s offer: {error}")
            return None
        known = self.offers.get(host)
        if known is not None and known.salt == salt:
            return None
        if known is None and len(self.offers) >= MAX_OFFERS:
            self.skipped += 1
            return None
        self.offers[host] = _Offer(salt)  # a new offer of the same host: asked afresh
        return salt

    def keyed(self, host: str, salt: str, key: bytes) -> tuple[str, bytes] | None:
        """The key for ``host``'s offer with ``salt`` is derived: the request to send (topic,
        payload), or ``None`` when that offer has been replaced meanwhile."""
        known = self.offers.get(host)
        if known is None or known.salt != salt:
            return None
        known.key = key
        return ask_topic(self.me, host), request(key, host, self.me, salt, self.nonce)

    def requests(self) -> list[tuple[str, bytes]]:
        """Every request made, to send again (a host may have missed it)."""
        return [(ask_topic(self.me, host), request(known.key, host, self.me, known.salt,
                                                   self.nonce))
                for host, known in self.offers.items()
                if known.key is not None and known.answer is None]

    def answered(self, host: str, payload: bytes, now: float) -> None:
        """``host``'s answer (at ``kaskade/invite/HOST/to/ME``): kept when it answers this
        board's request, refused with the reason otherwise."""
        if not payload:
            return
        try:
            told = read_answer(payload)
        except InviteError as error:
            self.refusals.append(f"an invite answer from {host}: {error}")
            return
        known = self.offers.get(host)
        if known is None or known.key is None:
            self.refusals.append(f"an invite answer from {host}, which this board did not "
                                 "ask (forged or replayed)")
        elif told.nonce != self.nonce:
            self.refusals.append(f"an invite answer from {host} to another request "
                                 "(replayed)")
        elif told.yes and not proves_answer(known.key, host, self.me, known.salt,
                                            self.nonce, told):
            self.refusals.append(f"an invite answer from {host} that does not show the "
                                 "invite code (forged)")
        elif known.answer is None or (told.yes and not known.answer.yes):
            known.answer = told
            if told.yes and self.yes_since is None:
                self.yes_since = now

    def outcome(self, now: float) -> Found | None:
        """The game found, once decided (see the module's text); ``None`` while undecided,
        or when two hosts said yes (refused: see :attr:`refusals`)."""
        yes = [host for host, known in self.offers.items()
               if known.answer is not None and known.answer.yes]
        if len(yes) > 1:
            if not any("both say yes" in refusal for refusal in self.refusals):
                self.refusals.append(f"{' and '.join(sorted(yes))} both say yes to this "
                                     "invite code: someone else has it too; ask for a new "
                                     "one")
            return None
        if not yes or self.yes_since is None:
            return None
        waiting = [host for host, known in self.offers.items() if known.answer is None]
        if waiting and now - self.yes_since < GRACE:
            return None
        told = self.offers[yes[0]].answer
        assert told is not None
        return Found(yes[0], told.game)

    @property
    def ambiguous(self) -> bool:
        """Two hosts said yes: the lookup is over, refused."""
        return sum(1 for known in self.offers.values()
                   if known.answer is not None and known.answer.yes) > 1
