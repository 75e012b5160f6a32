"""Reading and writing the app's files: clear errors, and never half a file after a crash."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from controller.errors import KaskadeError


class StorageError(KaskadeError, OSError):
    """A file could not be read or written; the message names the file and the reason."""


def read_text(path: Path) -> str:
    """The UTF-8 text of ``path``; raises :class:`StorageError` naming the file."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise StorageError(f"{path}: not a text file ({error.reason})") from None
    except OSError as error:
        raise StorageError(f"{path}: {error.strerror or error}") from None


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8): write a temporary file beside it, flush it to
    the disk, then rename it over ``path``. Readers see the old file or the new one, never a
    mix; after a power cut the old one is still there if the rename had not happened."""
    path = Path(path)
    try:
        _replace(path, text)
    except OSError as error:
        raise StorageError(f"{path}: cannot save: {error.strerror or error}") from None


def _replace(path: Path, text: str) -> None:
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                             dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def set_aside(path: Path, why: str = "damaged") -> str:
    """Move a damaged ``path`` out of the way as ``path.damaged`` (``why`` names another
    reason; an older file of that name is replaced), so the app starts afresh and the file is
    still there to look at; the words that say where it went. On a read-only card the file
    stays where it is — and is ignored."""
    aside = path.with_name(f"{path.name}.{why}")
    try:
        path.replace(aside)
    except OSError as error:
        return f"it could not be set aside ({error.strerror or error}) and is ignored"
    return f"kept as {aside.name}"


def clean_temporaries(directory: Path) -> list[str]:
    """Remove the temporary files that a crash or a power cut in the middle of
    :func:`write_atomically` left in ``directory`` (``.NAME.*.tmp``); their names. The real
    files are untouched: the rename that would have replaced them never happened."""
    removed: list[str] = []
    try:
        candidates = list(directory.glob(".*.tmp"))
    except OSError:
        return removed
    for leftover in candidates:
        try:
            leftover.unlink()
        except OSError:
            continue
        removed.append(leftover.name)
    return removed

