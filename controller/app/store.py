"""The app's files: the history, shared by every board on this machine; the game in progress,
the games set aside, the settings and the last self-test's report, each board's own (under its
profile's name). Claimed by one app at a time."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.app.autosave import Autosave
from controller.app.history import History
from controller.app.lock import Lock, hold_lock
from controller.app.settings import SettingsFile
from controller.app.storage import StorageError, clean_temporaries, read_text, write_atomically

HISTORY_FILE = "history.sqlite3"
LOCK_FILE = "app.lock"
SELFTEST_FILE = "selftest.json"


@dataclass
class Store:
    """The app's files: the history is shared by every board on this machine; the game in
    progress and the settings belong to one board (profile)."""

    autosave: Autosave
    history: History
    settings: SettingsFile
    directory: Path
    _lock: Lock | None = None

    @classmethod
    def at(cls, root: Path, board: str) -> Store:
        """The files under the state directory ``root`` for the board called ``board``."""
        directory = root / board
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError(f"{directory}: {error.strerror or error}") from None
        return cls(Autosave(directory / "current.record"), History(root / HISTORY_FILE),
                   SettingsFile(directory / "settings.json"), directory)

    @property
    def selftest(self) -> Path:
        """Where the last self-test's findings are kept."""
        return self.directory / SELFTEST_FILE

    def waiting(self, game: str) -> Autosave:
        """Where an unfinished game of ``game`` waits while another game is played."""
        return Autosave(self.directory / f"waiting-{game}.record")

    def keep_selftest(self, findings: dict[str, Any]) -> None:
        """Keep a finished self-test's ``findings`` for the web page (``StorageError`` when
        they cannot be written)."""
        write_atomically(self.selftest, json.dumps(findings, indent=1) + "\n")

    def last_selftest(self) -> dict[str, Any] | None:
        """The last self-test's findings; ``None`` before the first (or when its file cannot
        be read: it is only a report, the next self-test writes it anew)."""
        try:
            findings = json.loads(read_text(self.selftest))
        except (StorageError, ValueError):
            return None
        return findings if isinstance(findings, dict) else None

    def claim(self) -> list[str]:
        """Make this app the only one using these files (two apps on one game would each
        overwrite the other's moves), then remove what a crash left behind; what a person
        should know about it. Raises ``StateInUseError`` when another app holds them."""
        self._lock = hold_lock(self.directory / LOCK_FILE)
        notes = [self._lock.problem] if self._lock.problem else []
        removed = clean_temporaries(self.directory)
        if removed:
            notes.append(f"removed {len(removed)} unfinished temporary file(s) a crash left in "
                         f"{self.directory}")
        return notes
