"""Finished games into the history: at once when a game ends (the web page lists it while its
result is still on the LEDs), and for good when the board leaves it (the saved game cleared),
on the writer's thread like every save. A game in the history is never replaced by another
with its id: a game brought in before ids were the app's own is added under a new one."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

from controller.app.history import DuplicateGameError
from controller.app.session import Session
from controller.app.storage import StorageError
from controller.app.store import Store
from controller.app.writer import Writer

Notice = Callable[[str | None], None]


class Filing:
    """Files the games of ``store``'s board, telling ``notice`` what went wrong; the date
    comes from ``wall_clock``."""

    def __init__(self, store: Store, notice: Notice, wall_clock: Callable[[], datetime]) -> None:
        self.store = store
        self.notice = notice
        self.wall_clock = wall_clock

    def ended(self, session: Session[Any]) -> None:
        """``session``'s game has just ended: into the history now. Its entry is replaced,
        not doubled, if it is taken back and ends again, or when the board leaves it."""
        try:
            self.store.history.add(session.match(self.wall_clock()))
        except StorageError as error:
            self.notice(f"the game was not added to the history: {error}")

    def leave(self, session: Session[Any], writer: Writer) -> None:
        """The board leaves ``session``'s finished game: into the history through ``writer``
        (under a new id when another game there has its id), and the saved game cleared."""
        history, autosave = self.store.history, self.store.autosave
        now = self.wall_clock()
        match = session.match(now)
        renamed = session.match(now, game_id=uuid.uuid4().hex)
        said: list[str] = []

        def store() -> None:
            try:
                history.add(match)
            except DuplicateGameError as error:
                history.add(renamed)
                said.append(f"{error}; the finished game was added as {renamed.id}")
            autosave.clear()

        def stored(error: Exception | None) -> None:
            for text in said:
                self.notice(text)
            if error is not None:
                self.notice(f"the game was not added to the history: {error}")

        writer.submit(store, stored)
