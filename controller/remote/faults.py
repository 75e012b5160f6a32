"""What can go wrong between a board and the broker, told apart so that a person knows what
to do: the broker out of reach (try again later, check the network), a refused user or
password (set up again), a TLS check that failed (the broker's certificate, or the CA given),
a connection that dropped (it comes back on its own). The same words go to the board's
description line, its LEDs (short), ``kaskade remote status`` and ``kaskade remote setup``.

The link keeps the newest in ``remote-link.json`` beside the board's settings, so that
``kaskade remote status`` — another process — can say how the running board's link stands.
"""

from __future__ import annotations

import json
import logging
import socket
import ssl
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from controller.app.storage import StorageError, read_text, write_atomically

UNREACHABLE, REFUSED, TLS, DROPPED = "unreachable", "refused", "tls", "dropped"
LINK_FILE = "remote-link.json"

log = logging.getLogger(__name__)

SHORT = {UNREACHABLE: "broker out of reach", REFUSED: "broker refused login",
         TLS: "broker certificate failed", DROPPED: "broker link dropped"}
"""What the LEDs scroll when a fault begins."""


@dataclass(frozen=True)
class Fault:
    """A fault of ``kind`` (one of the four above); ``detail`` is what the network or the
    broker said."""

    kind: str
    detail: str

    def words(self, address: str) -> str:
        """The fault for a person, with what to do."""
        if self.kind == REFUSED:
            return f"the broker at {address} refused this board ({self.detail}): check its " \
                "user and password with kaskade remote setup"
        if self.kind == TLS:
            return f"the TLS check of the broker at {address} failed ({self.detail}): check " \
                "its certificate, or give its CA with kaskade remote setup --ca"
        if self.kind == DROPPED:
            return f"the connection to the broker at {address} dropped ({self.detail})"
        return f"the broker at {address} cannot be reached ({self.detail})"

    @property
    def retried(self) -> bool:
        """Whether trying again can help (a refused password stays refused)."""
        return self.kind != REFUSED


def fault_of(error: OSError) -> Fault:
    """The fault a failed connection attempt raised."""
    if isinstance(error, ssl.SSLCertVerificationError):
        return Fault(TLS, f"certificate verify failed: {error.verify_message}")
    if isinstance(error, ssl.SSLError):
        return Fault(TLS, error.reason or str(error))
    if isinstance(error, socket.gaierror):
        return Fault(UNREACHABLE, f"no such host: {error.strerror}")
    if isinstance(error, ConnectionRefusedError):
        return Fault(UNREACHABLE, "nothing answers on its port")
    if isinstance(error, TimeoutError):
        return Fault(UNREACHABLE, "no answer")
    return Fault(UNREACHABLE, error.strerror or str(error) or type(error).__name__)


@dataclass(frozen=True)
class LinkState:
    """How the running board's link stands, as ``kaskade remote status`` shows it."""

    connected: bool
    words: str
    """The fault in words, ``""`` when connected."""
    kind: str = ""
    since: float = 0.0
    """Wall-clock time the state began."""
    game: str = ""

    def line(self) -> str:
        """One line for the terminal."""
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.since))
        if self.connected:
            return f"link: connected to the broker since {when} (game {self.game}), as the " \
                "board's app last said"
        return f"link: {self.words} (since {when}, as the board's app last said)"


def save_link(directory: Path, state: LinkState) -> None:
    """Keep ``state`` for ``kaskade remote status`` (a failure to write is logged, not the
    game's concern: the board plays on, and the status says nothing newer)."""
    try:
        write_atomically(directory / LINK_FILE, json.dumps(asdict(state)) + "\n")
    except StorageError as error:
        log.warning("the link's state was not kept: %s", error)


def load_link(directory: Path) -> LinkState | None:
    """The state the board's link kept, if any can be read."""
    path = directory / LINK_FILE
    if not path.exists():
        return None
    try:
        data: Any = json.loads(read_text(path))
        return LinkState(**data)
    except (StorageError, ValueError, TypeError):
        return None
