"""The board's games: the one in play (saved after every change), the unfinished ones set aside
while another is played (``parked.py``), and the finished ones, into the history
(``filing.py``). What a game is — its sessions, records and files — lives here; which screen
shows it is the app's.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

from controller.app.filing import Filing
from controller.app.parked import ParkedGames
from controller.app.session import Session
from controller.app.store import Store
from controller.app.writer import Writer
from controller.games import GameState, game_names

Notice = Callable[[str | None], None]


class Games:
    """The games of the board whose files are in ``store``; ``notice`` is told what a person
    should know, ``wall_clock`` dates them, ``new_id`` names new ones (``None``: at random,
    which seeds their chance)."""

    def __init__(self, store: Store, notice: Notice, wall_clock: Callable[[], datetime],
                 new_id: Callable[[], str] | None = None) -> None:
        self.store = store
        self.notice = notice
        self.wall_clock = wall_clock
        self.new_id = new_id
        self.writer = Writer()
        """Where saves run: at once, until the loop hands over its writer thread."""
        self.session: Session[Any] | None = None
        """The unfinished game, playing or waiting on the home screen."""
        self.parked = ParkedGames(store.waiting, game_names(), notice)
        """Unfinished games waiting beside the one in ``session``."""
        self.filing = Filing(store, notice, wall_clock)

    def use_writer(self, writer: Writer) -> None:
        """Save through ``writer`` from now on."""
        self.writer = writer
        if self.session is not None:
            self.session.writer = writer

    def resume(self) -> Session[Any] | None:
        """The game saved when the board stopped, in play again (``None``: none was)."""
        saved = self.store.autosave.load()
        self.notice(self.store.autosave.problem)
        if saved is None:
            return None
        self.session = self._session(saved.start, saved.moves, saved.tags)
        return self.session

    @property
    def waiting(self) -> set[str]:
        """The games with an unfinished game to continue."""
        current = {self.session.state.info.name} if self.session is not None else set()
        return current | self.parked.names

    def game(self, game_id: str) -> Session[Any] | None:
        """The game in play if its id is ``game_id``, else ``None``."""
        session = self.session
        return session if session is not None and session.tags.get("Id") == game_id else None

    def new(self, start: GameState[Any], levels: dict[int, int],
            names: dict[int, str]) -> Session[Any]:
        """A new game from ``start`` in play (the computer in the seats ``levels`` names, the
        people ``names`` names in theirs); one in play is set aside."""
        self.parked.park(self.session, self.writer)
        self.session = Session.new(start, self.wall_clock(), self.store.autosave, self.notice,
                                   levels, self.new_id() if self.new_id else None, self.writer,
                                   names)
        return self.session

    def brought_in(self, start: GameState[Any], moves: list[str],
                   tags: dict[str, str]) -> Session[Any]:
        """A game brought in, as a session under an id of the board's own (its seats, result
        and termination kept), not yet in play (see :meth:`play_on`)."""
        now = self.wall_clock()
        own = {"Id": self.new_id() if self.new_id else uuid.uuid4().hex,
               "Date": now.date().isoformat(), "Started": now.isoformat(timespec="seconds")}
        players = {player.capitalize() for player in start.info.players}
        kept = {k: v for k, v in tags.items() if k in players | {"Result", "Termination"}}
        return self._session(start, moves, {**own, **kept})

    def play_on(self, session: Session[Any]) -> None:
        """``session`` (brought in) in play, saved at once; the game in play waits on its
        tile whatever its kind, and a game of its kind set aside is replaced by it."""
        self.parked.forget(session.state.info.name)
        self.parked.park(self.session, self.writer)
        self.session = session
        session.save()

    def take_up(self, name: str) -> None:
        """The game of ``name`` set aside in play again (the one in play set aside), if one
        waits and can be read."""
        taken = self.parked.take(name, self.writer)
        if taken is None:
            return
        saved, clear = taken
        self.parked.park(self.session, self.writer)
        self.session = self._session(saved.start, saved.moves, saved.tags)
        self.session.unsaved = True
        self.session.save(then=clear)

    def ended(self, session: Session[Any]) -> None:
        """``session``'s game has just ended: into the history, if it is the game in play (a
        replay's is not)."""
        if session is self.session:
            self.filing.ended(session)

    def leave(self) -> None:
        """The finished game in play into the history for good, and no game in play."""
        assert self.session is not None
        self.filing.leave(self.session, self.writer)
        self.session = None

    def _session(self, start: GameState[Any], moves: list[str],
                 tags: dict[str, str]) -> Session[Any]:
        return Session(start, moves, tags, self.store.autosave, self.notice, self.writer)
