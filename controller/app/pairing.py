"""Who may use the web companion. Changing anything (and, unless reading is open, seeing
anything) needs a token, which a device gets by typing the short code the board writes on its
LEDs. Tokens are kept as hashes in ``paired.json`` in the board's state directory; a device can
forget itself, and the board's home menu forgets every one (hold the sound pad). The web server
and the app each keep a ``Pairing`` of the same file: each reads it again when the other has
changed it.

Pairing proves that someone stands at the board: a code is shown only when the board's pairing
pad is touched (or a device already paired asks), only on the LEDs (never to an unpaired web
client), and it is checked on the app's side, where it was made. A code lasts two minutes.
Guesses are counted and spaced out per source (a device's address; an IPv6 device by its /64,
since one device may take any address of it): each source may guess wrong :data:`GUESSES`
times per code, waiting longer after each wrong guess (:class:`AttemptLimit`), so that a
neighbour's wrong codes use up the neighbour's guesses, not the family's; and all sources
together may guess wrong :data:`MAX_WRONG` times before the code stops counting, so that the
10,000 codes cannot be tried out from many addresses either.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from controller.app.storage import set_aside, write_atomically
from controller.errors import KaskadeError

CODE_SECONDS = 120.0
GUESSES = 3
"""Wrong guesses a code allows from one source."""
MAX_WRONG = 20
"""Wrong guesses a code allows from all sources together (one in 500 of the codes), before
it stops counting."""
FIRST_DELAY = 1.0
MAX_DELAY = 30.0
"""After a wrong guess the next one from the same source waits ``FIRST_DELAY`` seconds,
doubling with every wrong guess in a row up to ``MAX_DELAY``."""
MAX_SOURCES = 256
"""Sources whose delays are remembered (the longest quiet are forgotten first)."""
PAIRED_FILE = "paired.json"


class PairingError(KaskadeError, PermissionError):
    """A wrong, stale or missing pairing code or token."""


@dataclass
class Code:
    """The code on show, until when it counts, and the wrong guesses made at it."""

    digits: str
    until: float
    wrong: dict[str, int] = field(default_factory=dict)
    """Wrong guesses per source."""

    @property
    def total_wrong(self) -> int:
        return sum(self.wrong.values())


class TooSoonError(PairingError):
    """A guess came before the delay after the last wrong one was over."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"too many wrong codes: try again in {math.ceil(wait)} s")
        self.wait = wait


def source_of(address: str | None) -> str:
    """The source a guess is counted for: the address of a device on IPv4, its /64 on IPv6
    (a device may take any address of its /64); ``""`` when unknown."""
    try:
        found = ipaddress.ip_address((address or "").partition("%")[0])
    except ValueError:
        return ""
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.IPv6Network((found, 64), strict=False))
    return str(found)


@dataclass
class _Source:
    wrong: int = 0
    """Wrong guesses in a row."""
    next: float = 0.0
    busy: bool = False


class AttemptLimit:
    """Spaces out pairing guesses per source: one at a time, and after ``n`` wrong guesses
    in a row from a source its next waits ``FIRST_DELAY * 2**(n-1)`` seconds (at most
    ``MAX_DELAY``); a right guess starts it again from no delay. A neighbour's wrong guesses
    never delay the family's. At the longest delay that is two guesses a minute per source,
    against the 1,400 a second an open API allowed."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._sources: OrderedDict[str, _Source] = OrderedDict()

    def _source(self, source: str) -> _Source:
        found = self._sources.pop(source, None) or _Source()
        self._sources[source] = found  # the latest used last
        while len(self._sources) > MAX_SOURCES:
            oldest = next(iter(self._sources))
            if self._sources[oldest].busy:
                break
            del self._sources[oldest]
        return found

    def delay(self, source: str = "") -> float:
        """The wait after the wrong guesses from ``source`` so far."""
        wrong = self._sources[source].wrong if source in self._sources else 0
        return 0.0 if wrong == 0 else min(MAX_DELAY, FIRST_DELAY * 2 ** (wrong - 1))

    def begin(self, source: str = "") -> None:
        """Start a guess from ``source``, or raise ``TooSoonError`` (another of its guesses is
        being checked, or the delay after its last wrong one is not over)."""
        state = self._source(source)
        now = self.clock()
        if state.busy:
            raise TooSoonError(1.0)
        if now < state.next:
            raise TooSoonError(state.next - now)
        state.busy = True

    def end(self, right: bool, source: str = "") -> None:
        """The guess ``source`` began last was ``right`` or not."""
        state = self._source(source)
        state.busy = False
        state.wrong = 0 if right else state.wrong + 1
        state.next = self.clock() + self.delay(source)


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

    def pair(self, digits: str, name: str, date: str, source: str = "") -> str:
        """A new token for the device called ``name`` that typed ``digits`` from ``source``
        (see :func:`source_of`)."""
        code = self.code
        if code is None or self.clock() > code.until:
            self.code = None
            raise PairingError("no pairing code is on show: ask for one, then type the code "
                               "the board writes")
        if code.wrong.get(source, 0) >= GUESSES:
            raise PairingError("no guesses left for this device: touch the board's pairing "
                               "pad again for a new code")
        if not secrets.compare_digest(digits.strip(), code.digits):
            code.wrong[source] = code.wrong.get(source, 0) + 1
            if code.total_wrong >= MAX_WRONG:
                self.code = None
                raise PairingError("wrong code, and too many wrong codes were typed at this "
                                   "one: touch the board's pairing pad again for a new code")
            left = GUESSES - code.wrong[source]
            if left <= 0:
                raise PairingError("wrong code, and no guesses left for this device: touch "
                                   "the board's pairing pad again for a new code")
            raise PairingError(f"wrong code ({left} guess{'es' * (left > 1)} left)")
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
