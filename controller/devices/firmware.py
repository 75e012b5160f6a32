"""What the app and the backends know of the touch board's firmware: the firmware bundled with
this program, the largest threshold it takes, and how a board's firmware stands against the
bundled one.

A firmware is its version *and* its content hash (``firmware/identity.py``): two boards that
both say 0.3.0 may run different files. A board runs the bundled firmware only when its content
hash is the bundled one's — as ``.py`` files, or compiled to ``.mpy`` with the hash that
``firmware/releases.toml`` records for the bundled version. Any other content is offered the
update, and the words say which way it differs: older, newer, the same version with other
content, or not a version of this firmware at all."""

from __future__ import annotations

import functools
import logging
import tomllib
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import firmware.identity
from controller.errors import KaskadeError
from firmware.identity import VERSION as BUNDLED_VERSION
from firmware.identity import content_hash
from firmware.pads import MAX_THRESHOLD

__all__ = ["BUNDLED_VERSION", "MAX_THRESHOLD", "Bundled", "Comparison", "Standing", "bundled",
           "compare", "parse_version", "releases"]

SOURCE = Path(firmware.identity.__file__).resolve().parent
"""The firmware package this program bundles (and flashes)."""
RELEASES = SOURCE / "releases.toml"
"""Which content each firmware version has."""


class ReleasesError(KaskadeError, ValueError):
    """``firmware/releases.toml`` cannot be read."""


@dataclass(frozen=True)
class Bundled:
    """The firmware this program brings: its version, its content hash as ``.py`` files, and
    every content hash that is this firmware (``.py``, and compiled when it is recorded)."""

    version: str
    content_hash: str
    hashes: frozenset[str]


class Standing(Enum):
    """How a board's firmware stands against the bundled one."""

    CURRENT = "current"
    OLDER = "older"
    NEWER = "newer"
    MODIFIED = "modified"
    """The bundled version, other content (changed by hand, or another build's files)."""
    FOREIGN = "foreign"
    """A version that is not dotted numbers: home-made, or another program's firmware."""


@dataclass(frozen=True)
class Comparison:
    """A board's firmware (``version``, ``content_hash``) against the bundled one."""

    version: str
    content_hash: str
    bundled: Bundled
    standing: Standing

    @property
    def differs(self) -> bool:
        """Whether the board runs other content than the bundled firmware (and is offered
        the update)."""
        return self.standing is not Standing.CURRENT

    def words(self) -> str:
        """The standing in one sentence, with what to do about it."""
        board = f"the touch board has firmware {self.version} ({self.content_hash})"
        ours = f"{self.bundled.version} ({self.bundled.content_hash})"
        if self.standing is Standing.CURRENT:
            return f"{board}, the one this program brings"
        if self.standing is Standing.OLDER:
            return f"{board}, older than this program's {ours}: update it"
        if self.standing is Standing.NEWER:
            return (f"{board}, newer than this program's {ours}: update to the bundled one only "
                    "if the newer one misbehaves, or better update this program")
        if self.standing is Standing.MODIFIED:
            return (f"the touch board has firmware of the same version {self.version} but other "
                    f"content ({self.content_hash}, this program's is "
                    f"{self.bundled.content_hash}): changed by hand or from another build; "
                    "update it to run the bundled one")
        return (f"the touch board has firmware {self.version!r} ({self.content_hash}), not this "
                f"board's firmware: update it to run this program's {ours}")


def parse_version(text: str) -> tuple[int, ...] | None:
    """``"0.1.10"`` as ``(0, 1, 10)``; ``None`` for anything but dotted numbers."""
    parts = text.strip().split(".")
    if not all(part.isascii() and part.isdigit() for part in parts):  # not "²"
        return None
    return tuple(int(part) for part in parts)


def _padded(version: tuple[int, ...], width: int) -> tuple[int, ...]:
    """Missing places count as 0: 0.1 = 0.1.0."""
    return version + (0,) * (width - len(version))


def releases(path: Path = RELEASES) -> dict[str, dict[str, list[str]]]:
    """The record of firmware versions: version -> ``{"content": [hash, …], "compiled":
    [hash, …]}``."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        versions = data["versions"]
        return {str(version): {kind: [str(value) for value in entry.get(kind, [])]
                               for kind in ("content", "compiled")}
                for version, entry in versions.items()}
    except OSError as error:
        raise ReleasesError(f"{path}: {error.strerror or error}; the installation is "
                            "incomplete") from None
    except (tomllib.TOMLDecodeError, KeyError, AttributeError, TypeError) as error:
        raise ReleasesError(f"{path}: not a firmware record ({error})") from None


@functools.cache
def bundled() -> Bundled:
    """The firmware of this installation (its files hashed once)."""
    current = content_hash(str(SOURCE))
    try:
        entry = releases().get(BUNDLED_VERSION, {})
    except ReleasesError as error:  # the .py form is still known: a compiled board is offered
        logging.getLogger(__name__).warning("%s", error)  # an update it does not need
        entry = {}
    hashes = {current}
    if current in entry.get("content", []):
        hashes.update(entry.get("compiled", []))  # the recorded compiled form of these files
    return Bundled(BUNDLED_VERSION, current, frozenset(hashes))


def compare(version: str, content_hash: str, than: Bundled | None = None) -> Comparison:
    """How firmware ``version`` with ``content_hash`` stands against ``than`` (the bundled
    firmware by default)."""
    ours = than or bundled()
    mine, theirs = parse_version(version), parse_version(ours.version)
    if content_hash in ours.hashes:
        standing = Standing.CURRENT
    elif mine is None or theirs is None:
        standing = Standing.FOREIGN
    else:
        width = max(len(mine), len(theirs))
        if _padded(mine, width) < _padded(theirs, width):
            standing = Standing.OLDER
        elif _padded(mine, width) > _padded(theirs, width):
            standing = Standing.NEWER
        else:
            standing = Standing.MODIFIED
    return Comparison(version, content_hash, ours, standing)
