"""Fetching the libraries of an uploaded release without root touching the network.

The upgrade service runs as root, so it gets no network at all (``PrivateNetwork``). What a
new release needs from the package index is fetched by a service of its own that runs as a
user made for the occasion (``DynamicUser``), without any privilege, and may write only its
cache: ``pip download`` of the release's requirement into :data:`WHEELHOUSE`. Root asks for
it by writing the request — the signed wheel, its requirement pinned by its hash, and the
constraints the wheel carries, every dependency pinned with its hashes — into
:data:`REQUEST` (root's, readable by all), starts that service and waits for it, then
installs from the wheelhouse alone, pip checking every wheel against those hashes. Whatever
the fetching service or the network does, root installs nothing that was not signed for.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from controller.errors import KaskadeError
from hw.pi.constraints import NAME as CONSTRAINTS
from hw.pi.installer import PINNED, pin

FETCH_UNIT = "kaskade-board-fetch"
REQUEST = Path("/run/kaskade-board-upgrade")
"""The upgrade service's runtime folder: the request for the fetching service."""
CACHE = Path("/var/cache/kaskade-board-fetch")
WHEELHOUSE = CACHE / "wheels"
"""Where the fetching service puts the wheels (emptied before each fetch)."""


class FetchError(KaskadeError, RuntimeError):
    """The libraries of a release could not be fetched; the message says where to look."""


def write_request(wheel: Path, constraints: Path | None, extras: str,
                  into: Path = REQUEST) -> None:
    """Ask for the libraries of ``wheel`` (with ``extras``) pinned by ``constraints``: the
    files the fetching service reads, written into ``into``, readable by all."""
    into.mkdir(parents=True, exist_ok=True)
    for old in into.iterdir():
        old.unlink()
    kept = into / wheel.name
    shutil.copyfile(wheel, kept)
    pin(kept, extras, into / PINNED)
    if constraints is not None:
        shutil.copyfile(constraints, into / CONSTRAINTS)
    else:  # no pins: an empty file, so that the service's command stays the same
        (into / CONSTRAINTS).write_text("", encoding="utf-8")
    for path in into.iterdir():
        path.chmod(0o644)


def fetch_command(python: Path, request: Path = REQUEST,
                  wheelhouse: Path = WHEELHOUSE) -> tuple[str, ...]:
    """What the fetching service runs: the current release's pip downloading the requested
    release's libraries, wheels only (no build code runs)."""
    return (str(python), "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
            "--no-cache-dir", "--only-binary", ":all:", "--dest", str(wheelhouse),
            "--constraint", str(request / CONSTRAINTS), "--requirement",
            str(request / PINNED))


@dataclass(frozen=True)
class SystemdFetch:
    """Starts the fetching service and waits for it (``systemctl start`` of a oneshot service
    returns when it has finished); ``request``, where it reads what to fetch."""

    unit: str = FETCH_UNIT
    request: Path = REQUEST

    def fetch(self) -> Path:
        """Fetch what :data:`REQUEST` asks for; the wheelhouse."""
        try:
            result = subprocess.run(("systemctl", "start", f"{self.unit}.service"),
                                    capture_output=True, text=True, check=False, timeout=3600)
        except FileNotFoundError:
            raise FetchError("systemctl is not on this system: uploaded releases are "
                             "installed by the board's services (kaskade install "
                             "--web-upgrades)") from None
        except subprocess.TimeoutExpired:
            raise FetchError(f"{self.unit} did not finish within an hour") from None
        if result.returncode != 0:
            raise FetchError(f"the release's libraries could not be fetched "
                             f"({result.stderr.strip()[-300:]}); see journalctl -u "
                             f"{self.unit}")
        return WHEELHOUSE
