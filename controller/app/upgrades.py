"""Releases uploaded from the web page, waiting for the board's upgrade service.

The board app runs sandboxed as its own user: it can neither write the releases under /opt
nor restart itself. So an uploaded wheel, with its signature, only waits in the ``upgrade``
folder of the state directory; a systemd path unit that ``kaskade install`` sets up sees it
and starts, as root, ``kaskade upgrade --uploaded``, which copies the wheel and its signature
out of the folder (out of the app's reach: never following a link the app could have put
there), checks the signature against the keys root trusts (:mod:`controller.app.signatures`)
and that the release is newer than the running one, upgrades as ``kaskade upgrade WHEEL``
does, and writes how it went into a folder of its own (:data:`OUTCOMES`), which the app reads
for the page. The app checks the same when the upload arrives, to tell the phone at once; but
only root's check decides. The folder exists only where that service does, so its absence
says that this board takes no uploads.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from controller import __version__
from controller.app.signatures import (
    MAX_SIGNATURE_FILE,
    SUFFIX,
    SignatureError,
    digest_of,
    trusted_keys,
    unsigned,
    verify,
)
from controller.app.storage import StorageError, read_text, write_atomically
from controller.errors import KaskadeError

SPOOL = "upgrade"
OUTCOMES = Path("/var/lib/kaskade-board-upgrade")
"""The upgrade service's own folder (root's, readable by all): how the last upload went."""
OUTCOME = "upgrade.json"
LIMIT = 64 * 1024 * 1024
"""The largest wheel taken (the board's own is a few megabytes)."""
WHEEL_NAME = re.compile(r"kaskade_board-(?P<version>[0-9][0-9A-Za-z.+!]*)"
                        r"-[A-Za-z0-9_.]+-[A-Za-z0-9_.]+-[A-Za-z0-9_.]+\.whl")
PART = ".part"


class UploadError(KaskadeError, ValueError):
    """An upload that is not a Kaskade Board wheel, or that cannot be taken now."""


def wheel_version(path: Path, name: str) -> str:
    """The version of the wheel in ``path`` uploaded as ``name``; ``UploadError`` when it
    is not a Kaskade Board wheel."""
    match = WHEEL_NAME.fullmatch(name)
    if match is None:
        raise UploadError(f"{name!r} is not the name of a Kaskade Board wheel "
                          "(kaskade_board-VERSION-...-...-....whl)")
    version = match["version"]
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
    except (OSError, zipfile.BadZipFile) as error:
        raise UploadError(f"{name} is not a wheel ({error})") from None
    if f"kaskade_board-{version}.dist-info/METADATA" not in names:
        raise UploadError(f"{name} is not a Kaskade Board {version} wheel (no metadata)")
    return version


def version_key(version: str) -> tuple[tuple[int, ...], int, str]:
    """``version`` in an order where a later release sorts after an earlier one: its numbers,
    then a final release after its own pre-releases (``1.0rc1`` < ``1.0``)."""
    found = re.match(r"(\d+(?:\.\d+)*)(.*)", version)
    if found is None:
        return (), 0, version
    numbers = tuple(int(part) for part in found[1].split("."))
    while numbers and numbers[-1] == 0:
        numbers = numbers[:-1]
    rest = found[2]
    return numbers, 2 if not rest else 3 if rest.startswith((".post", "post")) else 1, rest


def check_newer(version: str, running: str) -> None:
    """Refuse an upload of ``version`` unless it is newer than the ``running`` one: the web
    page never takes the board back to an older release (one signed long ago may have had
    a flaw since mended); going back is ``kaskade upgrade --rollback`` on the board."""
    if version_key(version) <= version_key(running):
        raise UploadError(f"the board runs {running}; an upload installs only a newer "
                          f"release, not {version} (to go back: sudo kaskade upgrade "
                          "--rollback on the board)")


@dataclass(frozen=True)
class Waiting:
    """An uploaded release, copied out of the upload folder by root: the wheel and its
    signature (``None`` when none was uploaded)."""

    wheel: Path
    signature: Path | None


@dataclass(frozen=True)
class Spool:
    """The upload folder of the state directory ``root``; ``outcomes``, the upgrade
    service's folder; ``keys``, the folder of trusted keys (``None``: the board's)."""

    root: Path
    outcomes: Path = OUTCOMES
    keys: Path | None = None

    @property
    def directory(self) -> Path:
        return self.root / SPOOL

    @property
    def enabled(self) -> bool:
        """Whether this board's upgrade service takes uploads."""
        return self.directory.is_dir()

    def waiting(self) -> list[Path]:
        """The wheels waiting to be installed, oldest first."""
        try:
            return sorted(self.directory.glob("*.whl"), key=lambda p: p.lstat().st_mtime)
        except OSError:
            return []

    def part(self, name: str) -> Path:
        """Where an upload of ``name`` is written until it is complete."""
        return self.directory / f".{name}{PART}"

    def accept(self, part: Path, name: str, signature: Path | None) -> str:
        """The complete upload in ``part`` as the waiting wheel ``name``, with its signature
        (the part ``signature``); its version. Refused (``UploadError``, ``SignatureError``)
        unless it is a newer Kaskade Board wheel signed by a key this board trusts. The
        signature is put in place first and the wheel renamed into place only when it is
        whole, so the service never sees half an upload."""
        try:
            version = wheel_version(part, name)
            check_newer(version, __version__)
            if signature is None:
                raise SignatureError(unsigned(name))
            text = signature.read_bytes()[:MAX_SIGNATURE_FILE + 1].decode("utf-8", "replace")
            verify(name, digest_of(part), text, trusted_keys(self.keys), f"{name}{SUFFIX}")
            signature.replace(self.directory / f"{name}{SUFFIX}")
            part.replace(self.directory / name)
        except BaseException:
            part.unlink(missing_ok=True)
            if signature is not None:
                signature.unlink(missing_ok=True)
            raise
        return version

    def take(self, into: Path) -> Waiting | None:
        """Copy the oldest waiting wheel and its signature into ``into`` (a folder of the
        upgrader's own, out of the app's reach) and remove them from the upload folder;
        ``None`` when none waits. Only regular files are copied, opened without following
        a link, so nothing the app put there makes root read or remove anything else."""
        try:
            folder = os.open(self.directory, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        except OSError:
            return None
        try:
            for name in _oldest_first(folder, ".whl"):
                wheel = _copy_out(folder, name, into, LIMIT)
                signature = _copy_out(folder, name + SUFFIX, into, MAX_SIGNATURE_FILE)
                for gone in (name, name + SUFFIX):
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(gone, dir_fd=folder)
                if wheel is not None:
                    return Waiting(wheel, signature)
            return None
        finally:
            os.close(folder)

    def report(self, state: str, message: str, wheel: str | None = None) -> None:
        """Keep how the upload's upgrade goes (``installing``, ``done``, ``failed``) in the
        upgrade service's folder, readable by the app for the page."""
        path = self.outcomes / OUTCOME
        self.outcomes.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps({
            "state": state, "message": message, "wheel": wheel,
            "time": datetime.now(UTC).isoformat(timespec="seconds")}) + "\n")
        path.chmod(0o644)

    def outcome(self) -> dict[str, Any] | None:
        """How the last upload went, if one was made."""
        try:
            found = json.loads(read_text(self.outcomes / OUTCOME))
        except (StorageError, ValueError):
            return None
        return found if isinstance(found, dict) else None


def _oldest_first(folder: int, suffix: str) -> list[str]:
    """The names in the open folder ``folder`` ending in ``suffix``, oldest first."""
    found = []
    for name in os.listdir(folder):
        if name.endswith(suffix) and not name.startswith("."):
            try:
                found.append((os.stat(name, dir_fd=folder, follow_symlinks=False).st_mtime,
                              name))
            except OSError:
                continue
    return [name for _, name in sorted(found)]


def _copy_out(folder: int, name: str, into: Path, limit: int) -> Path | None:
    """A copy in ``into`` of the regular file ``name`` of the open folder ``folder``, of at
    most ``limit`` bytes; ``None`` when it is missing, not a regular file, or larger."""
    try:
        source = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
    except OSError:
        return None
    try:
        found = os.fstat(source)
        if not stat.S_ISREG(found.st_mode) or found.st_size > limit:
            return None
        target = into / name
        with os.fdopen(os.dup(source), "rb") as reading, target.open("xb") as writing:
            left = limit + 1
            while left > 0 and (block := reading.read(min(1 << 20, left))):
                writing.write(block)
                left -= len(block)
        if left <= 0:
            target.unlink()
            return None
        return target
    finally:
        os.close(source)

