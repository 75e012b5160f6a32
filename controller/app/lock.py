"""One app per board's files: an exclusive lock on a file in its state directory, held for as
long as the app runs (the kernel lets go of it when the process ends, however it ends)."""

from __future__ import annotations

import fcntl
import os
import weakref
from pathlib import Path

from controller.errors import KaskadeError


class StateInUseError(KaskadeError, RuntimeError):
    """Another app is using the same state directory."""


class Lock:
    """A held lock (``descriptor`` is ``None`` when the directory could not hold one). It is
    let go by ``release``, when the object is dropped, or when the process ends."""

    def __init__(self, path: Path, descriptor: int | None,
                 problem: str | None = None) -> None:
        self.path = path
        self.descriptor = descriptor
        self.problem = problem
        """Why no lock could be taken (a read-only card): the app runs without one."""
        self._closer = weakref.finalize(self, _close, descriptor)

    def release(self) -> None:
        self._closer()
        self.descriptor = None


def _close(descriptor: int | None) -> None:
    if descriptor is not None:
        os.close(descriptor)


def hold_lock(path: Path) -> Lock:
    """Take the lock at ``path`` (writing this process's id into it) or raise
    :class:`StateInUseError` naming the process that holds it. Where no lock file can be made
    or opened (a state directory on a card remounted read-only), the app runs unlocked."""
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError as error:
        try:
            descriptor = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return Lock(path, None, f"{path}: {error.strerror or error}; running without a lock")
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _holder(descriptor)
        os.close(descriptor)
        raise StateInUseError(
            f"another Kaskade Board app{holder} is using {path.parent}; stop it first (on the "
            "board: sudo systemctl stop kaskade-board), or give this one its own --state-dir"
        ) from None
    try:
        os.ftruncate(descriptor, 0)
        os.write(descriptor, f"{os.getpid()}\n".encode())
    except OSError:
        pass  # read-only: the lock holds all the same
    return Lock(path, descriptor)


def _holder(descriptor: int) -> str:
    try:
        text = os.pread(descriptor, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return f" (process {text})" if text.isdigit() else ""
