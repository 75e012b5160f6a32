"""Who may change things through the web companion. Reading the board is open to the home
network; changing anything needs a token, which a device gets by typing the short code the
board writes on its LEDs. Tokens are kept as hashes in ``paired.json`` in the board's state
directory; a device can forget itself, and the board's home menu forgets every one (hold the
sound pad). The web server and the app each keep a ``Pairing`` of the same file: each reads it
again when the other has changed it.

A code lasts two minutes and allows five guesses; then a new one must be asked for, so the
10,000 codes cannot be tried out.
"""

from __future__ import annotations

import hashlib
import json
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
PAIRED_FILE = "paired.json"


class PairingError(KaskadeError, PermissionError):
    """A wrong, stale or missing pairing code or token."""


@dataclass
class Code:
    """The code on show and until when it counts."""

    digits: str
    until: float
    guesses: int = GUESSES


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
