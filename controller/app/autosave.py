"""The game in progress, saved after every move so that a power cut loses nothing.

The game is kept as a game record (``current.record`` in the state directory) with the app's
tags: ``Id`` (unique per game), the seats, and when it started. Writing is atomic (temporary
file, fsync, rename), so after a cut the file holds the game before or after the last move,
never half of one. A file that cannot be read is set aside, not deleted.

The file's format has a version, the ``Format`` tag: a file without one is from before it and
reads as format 1; a file of a newer format (written by a newer release, before a rollback)
is set aside for that release with a notice, never read wrongly nor destroyed, and that
release takes it back when it runs again and no other game was saved meanwhile.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.ai.levels import LEVELS
from controller.app.people import RULE, BadNameError, check_name
from controller.app.seats import COMPUTER, HUMAN, REMOTE, REMOTE_NAME, remote_name
from controller.app.storage import set_aside, write_atomically
from controller.errors import KaskadeError
from controller.games import GameState
from controller.games.record import Record, parse_record
from controller.games.replay import check_result, replay, starting_state

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""A game's id as the app makes them (32 hex digits); it names the game in the history and in
file names of its record (``kaskade history``, the page's downloads)."""

log = logging.getLogger(__name__)

FORMAT = 1
"""The version of the saved game's format this release writes and reads."""
FORMAT_TAG = "Format"
_FORMAT_LINE = re.compile(rf'^\[\s*{FORMAT_TAG}\s+"[^"\n]*"\s*\]\n', re.MULTILINE | re.IGNORECASE)
"""A format tag the record brought along (one uploaded, say): the file says its own."""


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
        self.problem: str | None = None
        """Why the saved game could not be read, when it could not."""

    def save(self, record: str) -> None:
        """Replace the saved game with ``record`` (the text of a game record)."""
        write_atomically(self.path, f'[{FORMAT_TAG} "{FORMAT}"]\n' + _FORMAT_LINE.sub("", record))

    def load(self) -> SavedGame | None:
        """The saved game, or ``None`` if there is none or it is damaged (then set aside):
        a game the app can resume from start to finish, seats and result included, or none."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return self._take_back()
        except (OSError, UnicodeDecodeError) as error:
            self._set_aside(str(error))
            return None
        try:
            if self._newer(parse_record(text)):
                return None
            return read_saved(text)
        except KaskadeError as error:
            self._set_aside(str(error))
            return None
        except RecursionError:
            self._set_aside("nested too deep")
            return None

    def clear(self) -> None:
        """Forget the saved game (it is finished and in the history)."""
        self.path.unlink(missing_ok=True)

    def _take_back(self) -> SavedGame | None:
        """With no game saved, the game an older release set aside for this one
        (``.format-N``, a format this release reads), back in its place; ``None`` when there
        is none."""
        for aside in sorted(self.path.parent.glob(f"{self.path.name}.format-*")):
            written = aside.name.rpartition("-")[2]
            if written.isascii() and written.isdigit() and int(written) <= FORMAT:
                try:
                    aside.replace(self.path)
                except OSError:
                    continue
                log.info("the saved game %s set aside by an older release is back", aside.name)
                return self.load()
        return None

    def _newer(self, record: Record) -> bool:
        """Whether ``record`` is of a newer format than this release's (then it is set aside
        for the release that wrote it); ``SavedGameError`` for a format that is no number."""
        written = record.tag(FORMAT_TAG) or "1"
        if not (written.isascii() and written.isdigit()):
            raise SavedGameError(f"[{FORMAT_TAG} {written!r}] is not a format number")
        if int(written) <= FORMAT:
            return False
        self.problem = f"the saved game {self.path.name} was written by a newer release of " \
            f"Kaskade Board (format {written}; this one reads {FORMAT}); " \
            f"{set_aside(self.path, f'format-{written}')}, for that release to continue"
        return True

    def _set_aside(self, reason: str) -> None:
        self.problem = f"the saved game {self.path.name} could not be read ({reason[:200]}); " \
            f"{set_aside(self.path)}"


def read_saved(text: str) -> SavedGame:
    """The game in ``text`` if the app can resume it from start to finish — its moves legal,
    its result true, its own tags as it writes them — or :class:`SavedGameError` saying why.
    The one check for the app's own saved games and for records brought in from outside."""
    try:
        record = parse_record(text)
        start = starting_state(record)
        final = start.copy()
        replay(final, record.moves)
        check_result(record, final)
        _check_app_tags(record, final)
    except SavedGameError:
        raise
    except KaskadeError as error:
        raise SavedGameError(str(error)) from None
    except RecursionError:
        raise SavedGameError("nested too deep") from None
    tags = {k: v for k, v in record.tags.items()
            if k.lower() not in {"game", "position", "result", FORMAT_TAG.lower(),
                                 *start.info.options}}
    if record.tag("Result") not in (None, "*"):
        tags["Result"] = record.tags["Result"]
    return SavedGame(start, list(record.moves), tags)


def _check_app_tags(record: Record, state: GameState[Any]) -> None:
    """The tags the app reads back: an ``Id`` naming the game (the history keeps it under
    that name), each seat is ``human``, a person's name or ``computer N`` with a level that
    exists, and a ``Termination`` (a resignation) comes with the winner as ``Result``."""
    identifier = record.tag("Id")
    if identifier is None or not _ID.fullmatch(identifier):
        raise SavedGameError("no [Id] naming the game (1 to 64 letters, digits, '-' or '_')"
                             if identifier is None else
                             f"[Id {identifier[:70]!r}] is not 1 to 64 letters, digits, '-' "
                             "or '_'")
    players = state.info.players
    for player in players:
        seat = record.tag(player.capitalize())
        if seat is None or seat == HUMAN or (remote_name(seat) is not None and
                                             REMOTE_NAME.fullmatch(seat)):
            continue
        words = seat.split()
        if words[:1] not in ([COMPUTER], [REMOTE]):
            try:
                check_name(seat)
            except BadNameError:  # the text itself stays out of the log: it may be a name
                raise SavedGameError(f"[{player.capitalize()}] is neither {HUMAN!r}, "
                                     f"'{COMPUTER} N', '{REMOTE} NAME' nor a person's name "
                                     f"({RULE})") from None
        elif len(words) != 2 or words[0] != COMPUTER or not words[1].isdigit() or \
                int(words[1]) not in LEVELS:
            raise SavedGameError(f"[{player.capitalize()} {seat!r}] is neither {HUMAN!r}, "
                                 f"'{COMPUTER} N' with a level from {LEVELS[0]} to {LEVELS[-1]} "
                                 f"nor '{REMOTE} NAME'")
    if record.tag("Termination") is not None and not state.is_over():
        result = record.tag("Result")
        winners = players if len(players) == 2 else ("lost",)
        if result not in winners:
            raise SavedGameError(f"[Termination] without a [Result] naming "
                                 f"{' or '.join(winners)}")


class SavedGameError(KaskadeError, ValueError):
    """A saved game that the app could not resume as it is."""
