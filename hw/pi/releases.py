"""Releases side by side under the install prefix, the running one named by a symlink:

    /opt/kaskade-board/releases/0.2.0-1a2b3c4d/   a virtual environment per release
    /opt/kaskade-board/current  -> releases/0.2.0-1a2b3c4d
    /opt/kaskade-board/previous -> releases/0.1.0-9f8e7d6c

The service runs ``current/bin/kaskade``. A new release is installed beside the running one
and ``current`` is switched by renaming a new symlink over it, so at every instant it names a
complete release: the old one or the new one. ``previous`` names the release to go back to.
A release is named after its version and the first digits of its wheel's SHA-256, so the same
version built twice from different sources never overwrites the other.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from controller.errors import KaskadeError

RELEASES = "releases"
CURRENT = "current"
PREVIOUS = "previous"
INFO = "release.json"
"""What a release says of itself: version, wheel, when it was installed."""
FAILED = "failed"
"""In a release that did not come up: why (it is pruned first, never switched back to)."""
INSTALLING = ".installing"
"""In a release being installed: until it is gone, the release is not complete."""
KEEP = 3
"""How many releases are kept: the running one, the one before it, and one more."""
WHEEL_NAME = re.compile(r"kaskade_board-(?P<version>[0-9][0-9A-Za-z.+!]*)-[^/]+\.whl")
LEGACY = ("bin", "include", "lib", "lib64", "share", "pyvenv.cfg")
"""What an install before the releases left in the prefix: one virtual environment."""


class ReleaseError(KaskadeError, OSError):
    """A release that cannot be installed or switched to; the message says why."""


@dataclass(frozen=True)
class Release:
    """One installed release: a virtual environment in ``path``."""

    path: Path

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def kaskade(self) -> Path:
        """Its ``kaskade`` command."""
        return self.path / "bin" / "kaskade"

    @property
    def info(self) -> dict[str, str]:
        """What it says of itself (empty when its ``release.json`` cannot be read)."""
        try:
            info = json.loads((self.path / INFO).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in info.items()} if isinstance(info, dict) else {}

    @property
    def version(self) -> str:
        return self.info.get("version") or self.name.rsplit("-", 1)[0]

    @property
    def complete(self) -> bool:
        """Whether its installation finished."""
        return self.kaskade.is_file() and not (self.path / INSTALLING).exists()

    @property
    def failed(self) -> str | None:
        """Why it did not come up when it was switched to, if it did not."""
        try:
            return (self.path / FAILED).read_text(encoding="utf-8").strip() or "failed"
        except OSError:
            return None

    def mark_failed(self, reason: str) -> None:
        """Remember that it did not come up, and why."""
        (self.path / FAILED).write_text(reason + "\n", encoding="utf-8")

    def mark_good(self) -> None:
        """Forget an earlier failure: it came up this time."""
        (self.path / FAILED).unlink(missing_ok=True)


@dataclass(frozen=True)
class Layout:
    """The releases under ``prefix``."""

    prefix: Path

    @property
    def releases(self) -> Path:
        return self.prefix / RELEASES

    @property
    def kaskade(self) -> Path:
        """The command the service runs: the current release's, through the symlink."""
        return self.prefix / CURRENT / "bin" / "kaskade"

    def release(self, name: str) -> Release:
        return Release(self.releases / name)

    def current(self) -> Release | None:
        """The release ``current`` names, if any."""
        return self._linked(CURRENT)

    def previous(self) -> Release | None:
        """The release to go back to, if any."""
        return self._linked(PREVIOUS)

    def _linked(self, link: str) -> Release | None:
        try:
            target = os.readlink(self.prefix / link)
        except OSError:
            return None
        release = Release((self.prefix / target).resolve())
        return release if release.path.parent == self.releases.resolve() else None

    def installed(self) -> list[Release]:
        """Every complete release, oldest first."""
        try:
            paths = [path for path in self.releases.iterdir() if path.is_dir()]
        except FileNotFoundError:
            return []
        releases = [Release(path.resolve()) for path in paths]
        return sorted((r for r in releases if r.complete),
                      key=lambda r: (r.info.get("installed", ""), r.name))

    def switch(self, current: Release, previous: Release | None) -> None:
        """Make ``current`` the release that runs and ``previous`` the one to go back to:
        each symlink replaced by a rename, so it always names a complete release."""
        if not current.complete:
            raise ReleaseError(f"{current.path} is not a complete release")
        if previous is not None:
            _link(self.prefix / PREVIOUS, previous.path.relative_to(self.prefix.resolve()))
        else:
            (self.prefix / PREVIOUS).unlink(missing_ok=True)
        _link(self.prefix / CURRENT, current.path.relative_to(self.prefix.resolve()))
        _sync(self.prefix)

    def prune(self, keep: int = KEEP) -> list[str]:
        """Remove the oldest releases beyond ``keep``, failed and unfinished ones first,
        never ``current`` nor ``previous``; their names."""
        linked = {r.path for r in (self.current(), self.previous()) if r is not None}
        try:
            everything = [Release(p.resolve()) for p in self.releases.iterdir() if p.is_dir()]
        except FileNotFoundError:
            return []
        unfinished = [r for r in everything if not r.complete and r.path not in linked]
        complete = self.installed()
        failed = [r for r in complete if r.failed is not None and r.path not in linked]
        good = [r for r in complete if r.failed is None and r.path not in linked]
        spare = max(0, keep - len(linked))
        doomed = unfinished + failed + (good[:len(good) - spare] if len(good) > spare else [])
        for release in doomed:
            shutil.rmtree(release.path, ignore_errors=True)
        return [release.name for release in doomed]

    def legacy(self) -> list[Path]:
        """What an install from before the releases left in the prefix (its one virtual
        environment), to be removed once a release runs."""
        if not (self.prefix / "pyvenv.cfg").is_file():
            return []
        return [self.prefix / name for name in LEGACY if (self.prefix / name).exists()]


def _link(path: Path, target: Path) -> None:
    """Point the symlink ``path`` at ``target`` in one step: a new link renamed over it."""
    fresh = path.with_name(f".{path.name}.new")
    fresh.unlink(missing_ok=True)
    fresh.symlink_to(target)
    try:
        os.replace(fresh, path)
    except OSError as error:
        fresh.unlink(missing_ok=True)
        raise ReleaseError(f"{path}: cannot switch ({error.strerror or error}); a directory "
                           "in its place must be moved away first") from None


def _sync(directory: Path) -> None:
    """Make a rename in ``directory`` survive a power cut."""
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


@dataclass(frozen=True)
class Wheel:
    """A Kaskade Board wheel: its file and version."""

    path: Path
    version: str

    @property
    def digest(self) -> str:
        """The SHA-256 of the file."""
        sha = hashlib.sha256()
        with self.path.open("rb") as file:
            for block in iter(lambda: file.read(1 << 20), b""):
                sha.update(block)
        return sha.hexdigest()

    def release_name(self) -> str:
        """The directory a release of this wheel is installed in."""
        return f"{self.version}-{self.digest[:8]}"


def read_wheel(path: Path) -> Wheel:
    """``path`` as a Kaskade Board wheel; ``ReleaseError`` says why it is not one."""
    match = WHEEL_NAME.fullmatch(path.name)
    if match is None:
        raise ReleaseError(f"{path.name}: not a Kaskade Board wheel (kaskade_board-VERSION-"
                           "...whl); build one with: python -m pip wheel --no-deps CHECKOUT")
    version = match["version"]
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
    except FileNotFoundError:
        raise ReleaseError(f"{path}: no such file") from None
    except (OSError, zipfile.BadZipFile) as error:
        raise ReleaseError(f"{path}: not a wheel ({error})") from None
    if f"kaskade_board-{version}.dist-info/METADATA" not in names or \
            "controller/__init__.py" not in names:
        raise ReleaseError(f"{path.name}: not a Kaskade Board {version} wheel (its metadata "
                           "or the program is missing)")
    return Wheel(path, version)


def describe(wheel: Wheel, source: str) -> str:
    """The ``release.json`` of a release of ``wheel`` built from ``source``."""
    return json.dumps({"version": wheel.version, "wheel": wheel.path.name,
                       "sha256": wheel.digest, "source": source,
                       "installed": datetime.now(UTC).isoformat(timespec="seconds")},
                      indent=1) + "\n"
