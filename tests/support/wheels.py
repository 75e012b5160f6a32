"""Wheels of Kaskade Board for the tests of installing and upgrading: one built from this
checkout once per test session, and variants of it made in a moment — another version, or a
release whose app cannot start — by rewriting the archive (its RECORD kept true)."""

from __future__ import annotations

import base64
import hashlib
import re
import zipfile
from pathlib import Path


def repack(wheel: Path, into: Path, version: str,
           patches: dict[str, bytes] | None = None) -> Path:
    """A copy of ``wheel`` as ``version`` (its metadata and ``controller.__version__``), with
    ``patches`` (archive name -> new content) applied, in ``into``."""
    old = re.fullmatch(r"kaskade_board-([^-]+)-(.+)\.whl", wheel.name)
    assert old is not None, wheel.name
    old_info, new_info = f"kaskade_board-{old[1]}.dist-info", f"kaskade_board-{version}.dist-info"
    target = into / f"kaskade_board-{version}-{old[2]}.whl"
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            files[name.replace(old_info, new_info, 1)] = archive.read(name)
    metadata = f"{new_info}/METADATA"
    files[metadata] = re.sub(rb"(?m)^Version: .*$", f"Version: {version}".encode(),
                             files[metadata], count=1)
    files["controller/__init__.py"] = re.sub(
        rb'(?m)^__version__ = ".*"$', f'__version__ = "{version}"'.encode(),
        files["controller/__init__.py"], count=1)
    files.update(patches or {})
    record = f"{new_info}/RECORD"
    lines = [f"{name},sha256={_digest(data)},{len(data)}" for name, data in files.items()
             if name != record]
    files[record] = ("\n".join([*lines, f"{record},,"]) + "\n").encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return target


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
