"""Looking up an invite code on the board that typed it, at the broker: a connection of its own
that reads every offer (``kaskade/invite/+``) and the answers to this board
(``kaskade/invite/+/to/ME``), the :class:`~controller.remote.lookup.Lookup` that decides what
they say, and the keys each offer needs, derived off the loop's thread
(:class:`~controller.remote.keys.Keys`). The code itself is never sent
(``controller/remote/invite.py``).

Requests are not retained, so a host that was away when one went out would never see it: those
still unanswered go out again every :data:`ASK_AGAIN` seconds and after every reconnection.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from controller.app.app import App
from controller.remote.broker import GameConnection, Heard
from controller.remote.config import BrokerSettings
from controller.remote.invite import ROOT, ask_topic
from controller.remote.keys import Keys
from controller.remote.lookup import Found, Lookup

ASK_AGAIN = 3.0
"""Seconds between sending again the requests no host has answered."""


class Joining:
    """The lookup of ``code`` by the board ``settings`` name; what the broker says goes to
    ``heard`` (the link's inbox), which hands the invite's topics back to :meth:`message`."""

    def __init__(self, settings: BrokerSettings, code: str, keys: Keys,
                 heard: Callable[[Heard], None],
                 connection: type[GameConnection] = GameConnection) -> None:
        self.code = code
        self.keys = keys
        self.lookup = Lookup(code, settings.user, secrets.token_hex(16))
        self.connection = connection(settings, "", [f"{ROOT}/+", ask_topic("+", settings.user)],
                                     heard, presence=False)
        self.stopped = False
        self.asked_at = 0.0
        self.told = 0
        """The lookup's refusals already passed on (:meth:`news`)."""

    def start(self) -> None:
        self.connection.start()

    def stop(self) -> None:
        """Look up no more (a key on its way is dropped when it comes)."""
        self.stopped = True
        self.connection.stop()

    def message(self, parts: list[str], payload: bytes, now: float) -> None:
        """A message at ``kaskade/invite/…`` (``parts``: its topic split at ``/``)."""
        if len(parts) == 3:
            host = parts[2]
            salt = self.lookup.offered(host, payload)
            if salt is not None:
                self.keys.derive(self.code, host, salt, self._keyed(host, salt))
        elif len(parts) == 5 and parts[3] == "to" and parts[4] == self.lookup.me:
            self.lookup.answered(parts[2], payload, now)

    def _keyed(self, host: str, salt: str) -> Callable[[bytes, App, float], None]:
        def keyed(key: bytes, app: App, now: float) -> None:
            if self.stopped:
                return
            asking = self.lookup.keyed(host, salt, key)
            if asking is not None:
                self.connection.send(*asking, retain=False)
        return keyed

    def ask_again(self, now: float, at_once: bool = False) -> None:
        """Send again every request no host has answered (each :data:`ASK_AGAIN` seconds, or
        ``at_once``: after a reconnection)."""
        if self.stopped or (not at_once and now - self.asked_at < ASK_AGAIN):
            return
        self.asked_at = now
        for topic, payload in self.lookup.requests():
            self.connection.send(topic, payload, retain=False)

    def outcome(self, now: float) -> Found | None:
        """The game found, once decided (``Lookup.outcome``)."""
        return self.lookup.outcome(now)

    def news(self) -> list[str]:
        """The lookup's refusals since the last call (forged or replayed answers, bad offers,
        two hosts saying yes): said to the people at the board."""
        refusals = self.lookup.refusals[self.told:]
        self.told = len(self.lookup.refusals)
        return refusals
