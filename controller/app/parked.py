"""Unfinished games set aside while another is played: at most one per game, each in a file of
its own beside the game in play (``waiting-NAME.record``), so that starting a new game of
another kind never loses one, and its tile on the home menu continues it.

Setting a game aside is written on the writer's thread like every save; taking one back that
is still being written waits for that write first, so the file read is the one just written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from controller.app.autosave import Autosave, SavedGame
from controller.app.session import Session
from controller.app.writer import Writer

Notice = Callable[[str | None], None]
"""Where what a person should know goes (``None``: nothing to say)."""


class ParkedGames:
    """The games set aside, found in their files by ``waiting`` (a game's name to its file);
    ``known`` are the games whose files are looked for at the start."""

    def __init__(self, waiting: Callable[[str], Autosave], known: Iterable[str],
                 notice: Notice) -> None:
        self._waiting = waiting
        self._notice = notice
        self.names = {name for name in known if waiting(name).path.exists()}
        """The games with an unfinished game set aside."""
        self._writing: list[str] = []
        """Games whose game set aside is still being written (once per write)."""

    def park(self, session: Session[Any] | None, writer: Writer) -> None:
        """Set the unfinished game of ``session`` aside through ``writer`` (a finished game,
        or none, is left be); one of its kind set aside before is replaced. A failed write is
        said, and the game no longer counts as waiting."""
        if session is None or session.finished:
            return
        name, title = session.state.info.name, session.state.info.title
        waiting, text = self._waiting(name), session.record()

        def written(error: Exception | None) -> None:
            self._writing.remove(name)
            if error is not None:
                self.names.discard(name)
                self._notice(f"the unfinished {title} game could not be set aside and is "
                             f"replaced: {error}")

        self.names.add(name)
        self._writing.append(name)
        writer.submit(lambda: waiting.save(text), written)

    def take(self, name: str, writer: Writer) -> tuple[SavedGame, Callable[[], None]] | None:
        """The game of ``name`` set aside, no longer waiting, with what removes its file
        (once the game is safe elsewhere); ``None`` when there is none or its file cannot be
        read (a damaged file is set aside and said)."""
        waiting = self._waiting(name)
        if name in self._writing:  # set aside a moment ago: on the card before it is read
            writer.settle()
        saved = waiting.load()
        self._notice(waiting.problem)
        self.names.discard(name)
        return None if saved is None else (saved, waiting.clear)

    def forget(self, name: str) -> None:
        """No longer count the game of ``name`` set aside as waiting: a game of its kind
        brought in takes its place."""
        self.names.discard(name)
