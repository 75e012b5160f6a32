"""Releases uploaded from the web page, waiting for the board's upgrade service.

The board app runs sandboxed as its own user: it can neither write the releases under /opt
nor restart itself. So an uploaded wheel only waits in the ``upgrade`` folder of the state
directory; a systemd path unit that ``kaskade install`` sets up sees it and starts, as root,
``kaskade upgrade --uploaded``, which takes the wheel out of the folder (out of the app's
reach), upgrades as ``kaskade upgrade WHEEL`` does, and writes how it went beside the folder
(``upgrade.json``) for the page. The folder exists only where that service does, so its
absence says that this board takes no uploads.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from controller.app.storage import StorageError, read_text, write_atomically
from controller.errors import KaskadeError

SPOOL = "upgrade"
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


@dataclass(frozen=True)
class Spool:
    """The upload folder of the state directory ``root``."""

    root: Path

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

    def accept(self, part: Path, name: str) -> str:
        """The complete upload in ``part`` as the waiting wheel ``name``; its version. It is
        renamed into place only when it is whole, so the service never sees half a wheel."""
        try:
            version = wheel_version(part, name)
            part.replace(self.directory / name)
        except BaseException:
            part.unlink(missing_ok=True)
            raise
        self.report("waiting", f"{name} waits for the upgrade service", name)
        return version

    def take(self, into: Path) -> Path | None:
        """Move the oldest waiting wheel into ``into`` (a folder of the upgrader's own, out of
        the app's reach); ``None`` when none waits."""
        for wheel in self.waiting():
            target = into / wheel.name
            try:
                if wheel.is_symlink() or not wheel.is_file():
                    wheel.unlink()  # only a file uploaded is taken, never what a link names
                    continue
                shutil.move(wheel, target)
            except OSError:
                continue
            return target
        return None

    def report(self, state: str, message: str, wheel: str | None = None) -> None:
        """Keep how the upload's upgrade goes (``waiting``, ``installing``, ``done``,
        ``failed``) for the page, readable by the app whoever writes it."""
        path = self.root / OUTCOME
        write_atomically(path, json.dumps({
            "state": state, "message": message, "wheel": wheel,
            "time": datetime.now(UTC).isoformat(timespec="seconds")}) + "\n")
        owner = self.root.stat()
        try:
            os.chown(path, owner.st_uid, owner.st_gid)
            path.chmod(0o600)
        except OSError:
            pass  # not root: the file is this user's already

    def outcome(self) -> dict[str, Any] | None:
        """How the last upload went, if one was made."""
        try:
            found = json.loads(read_text(self.root / OUTCOME))
        except (StorageError, ValueError):
            return None
        return found if isinstance(found, dict) else None
