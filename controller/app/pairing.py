"""Who may use the web companion. Changing anything (and, unless reading is open, seeing
anything) needs a token, which a device gets by typing the short code the board writes on its
LEDs. Tokens are kept as hashes in ``paired.json`` in the board's state directory; a device can
forget itself, and the board's home menu forgets every one (hold the sound pad). The web server
and the app each keep a ``Pairing`` of the same file: each reads it again when the other has
changed it.

Pairing proves that someone stands at the board: a code is shown only when the board's pairing
pad is touched (or a device already paired asks), only on the LEDs (never to an unpaired web
client), and it is checked on the app's side, where it was made. A code lasts two minutes and
allows five guesses; guesses are also spaced out for everyone together
(:class:`AttemptLimit`), so the 10,000 codes cannot be tried out.
"""

from __future__ import annotations

import hashlib
import json
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.app.storage import set_aside, write_atomically
from controller.errors import KaskadeError

CODE_SECONDS = 120.0
GUESSES = 5
FIRST_DELAY = 1.0
MAX_DELAY = 30.0
"""After a wrong guess the next one waits ``FIRST_DELAY`` seconds, doubling with every wrong
guess in a row up to ``MAX_DELAY`` (the delays are shared by every device)."""
PAIRED_FILE = "paired.json"


class PairingError(KaskadeError, PermissionError):
    """A wrong, stale or missing pairing code or token."""


@dataclass
class Code:
    """The code on show and until when it counts."""

    digits: str
    until: float
    guesses: int = GUESSES


class TooSoonError(PairingError):
    """A guess came before the delay after the last wrong one was over."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"too many wrong codes: try again in {math.ceil(wait)} s")
        self.wait = wait


class AttemptLimit:
    """Spaces out pairing guesses for every device together: one at a time, and after ``n``
    wrong guesses in a row the next waits ``FIRST_DELAY * 2**(n-1)`` seconds (at most
    ``MAX_DELAY``); a right guess starts again from no delay. At the longest delay that is
    two guesses a minute, against the 1,400 a second an open API allowed."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.wrong = 0
        """Wrong guesses in a row."""
        self._next = 0.0
        self._busy = False

    def delay(self) -> float:
        """The wait after the wrong guesses so far."""
        return 0.0 if self.wrong == 0 else min(MAX_DELAY, FIRST_DELAY * 2 ** (self.wrong - 1))

    def begin(self) -> None:
        """Start a guess, or raise ``TooSoonError`` (another is being checked, or the delay
        after the last wrong one is not over)."""
        now = self.clock()
        if self._busy:
            raise TooSoonError(1.0)
        if now < self._next:
            raise TooSoonError(self._next - now)
        self._busy = True

    def end(self, right: bool) -> None:
        """The guess begun last was ``right`` or not."""
        self._busy = False
        self.wrong = 0 if right else self.wrong + 1
        self._next = self.clock() + self.delay()


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Pairing:
    """The paired devices of one board, kept in ``directory``."""

    def __init__(self, directory: Path, clock: Callable[[], float] = time.monotonic) -> None:
        self.path = directory / PAIRED_FILE
        self.clock = clock
        self.code: Code | None = None
        self.problem: str | None = None
        self._read_at: float | None = None
        self.devices: dict[str, dict[str, Any]] = self._load()
        """Token hash -> ``{"name": …, "paired": date}``."""

    def _stamp(self) -> float | None:
        try:
            return self.path.stat().st_mtime
        except OSError:
            return None

    def _fresh(self) -> None:
        """Read the file again if it changed since it was read (the other side forgot)."""
        if self._stamp() != self._read_at:
            self.devices = self._load()

    def _load(self) -> dict[str, dict[str, Any]]:
        self._read_at = self._stamp()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            self.problem = f"{self.path.name} could not be read ({error}); " \
                f"{set_aside(self.path)}; every device must pair again"
            return {}
        if not isinstance(data, dict) or not all(
                isinstance(k, str) and isinstance(v, dict) for k, v in data.items()):
            self.problem = f"{self.path.name} is not a map of devices; {set_aside(self.path)}"
            return {}
        return data

    def _save(self) -> None:
        write_atomically(self.path, json.dumps(self.devices, indent=2) + "\n")
        self.path.chmod(0o600)
        self._read_at = self._stamp()

    def new_code(self) -> str:
        """A fresh code to show on the LEDs (any earlier one stops counting)."""
        self.code = Code(f"{secrets.randbelow(10_000):04d}", self.clock() + CODE_SECONDS)
        return self.code.digits

    def pair(self, digits: str, name: str, date: str) -> str:
        """A new token for the device called ``name`` that typed ``digits``."""
        code = self.code
        if code is None or self.clock() > code.until:
            self.code = None
            raise PairingError("no pairing code is on show: ask for one, then type the code "
                               "the board writes")
        if not secrets.compare_digest(digits.strip(), code.digits):
            code.guesses -= 1
            if code.guesses <= 0:
                self.code = None
                raise PairingError("wrong code, and no guesses left: ask for a new code")
            raise PairingError(f"wrong code ({code.guesses} guesses left)")
        self.code = None
        self._fresh()
        token = secrets.token_urlsafe(24)
        self.devices[_hash(token)] = {"name": name[:60] or "a device", "paired": date}
        self._save()
        return token

    def check(self, token: str | None) -> None:
        """Raise ``PairingError`` unless ``token`` belongs to a paired device."""
        self._fresh()
        if not token or _hash(token) not in self.devices:
            raise PairingError("this device is not paired: pair it with the code the board "
                               "writes on its LEDs")

    def forget(self, token: str) -> None:
        """Forget the device holding ``token``."""
        self.check(token)
        del self.devices[_hash(token)]
        self._save()

    def forget_all(self) -> int:
        """Forget every paired device; how many there were."""
        self._fresh()
        count = len(self.devices)
        self.devices = {}
        self._save()
        return count
