"""The game in progress, saved after every move so that a power cut loses nothing.

The game is kept as a game record (``current.record`` in the state directory) with the app's
tags: ``Id`` (unique per game), the seats, and when it started. Writing is atomic (temporary
file, fsync, rename), so after a cut the file holds the game before or after the last move,
never half of one. A file that cannot be read is set aside, not deleted.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from controller.app.storage import write_atomically
from controller.errors import KaskadeError
from controller.games import GameState
from controller.games.record import parse_record
from controller.games.replay import replay, starting_state


@dataclass
class SavedGame:
    """A game as saved: where it started, the moves, and the app's tags."""

    start: GameState[Any]
    moves: list[str]
    tags: dict[str, str]


class Autosave:
    """The saved game at ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: Optional[str] = None
        """Why the saved game could not be read, when it could not."""

    def save(self, record: str) -> None:
        """Replace the saved game with ``record`` (the text of a game record)."""
        write_atomically(self.path, record)

    def load(self) -> Optional[SavedGame]:
        """The saved game, or ``None`` if there is none or it is damaged (then set aside)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as error:
            return self._set_aside(str(error))
        try:
            record = parse_record(text)
            start = starting_state(record)
            replay(start.copy(), record.moves)
        except KaskadeError as error:
            return self._set_aside(str(error))
        tags = {k: v for k, v in record.tags.items()
                if k.lower() not in {"game", "position", "result", *start.info.options}}
        if record.tag("Result") not in (None, "*"):
            tags["Result"] = record.tags["Result"]
        return SavedGame(start, list(record.moves), tags)

    def clear(self) -> None:
        """Forget the saved game (it is finished and in the history)."""
        self.path.unlink(missing_ok=True)

    def _set_aside(self, reason: str) -> None:
        aside = self.path.with_name(self.path.name + ".damaged")
        self.path.replace(aside)
        self.problem = f"the saved game could not be read ({reason}); kept as {aside}"
