"""The match history: every finished game, kept in SQLite (``history.sqlite3``).

A game is stored under its ``Id`` tag, so storing the same game twice (after a power cut between
storing it and clearing the autosave) keeps one row. A stored game is never replaced: another
game under the same id is refused (:class:`DuplicateGameError`).

The history also keeps the people the board knows by name (``kaskade players``, the web page):
a seat that names one of them (``[Black "Anna"]``) is scored as that person.

The database's schema has a version (``PRAGMA user_version``). A history of an older schema is
brought up to date in one transaction, after a copy of it as it was is kept beside it
(``history.sqlite3.schema-1.kept``) for the release that wrote it. One of a newer schema (a
newer release wrote it, before a rollback) is set aside for that release with a notice, and a
new history begun: never read wrongly nor lost. When that release runs again, it takes the
games set aside back into its history.
"""

from __future__ import annotations

import json
import os
import sqlite3
import unicodedata
from collections.abc import Mapping
from contextlib import closing, suppress
from dataclasses import dataclass
from pathlib import Path

from controller.app.people import (
    KnownPersonError,
    UnknownPersonError,
    check_name,
    same_name,
)
from controller.app.storage import StorageError
from controller.errors import KaskadeError
from controller.games import game_names, get_game
from controller.games.record import parse_record
from controller.games.replay import replay, starting_state

SCHEMA_VERSION = 3
"""1: the games; 2: the people known by name, and the games found by game; 3: what a game
alone at the board left (the solitaire's cards), and the puzzles of the day solved."""
SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    options     TEXT NOT NULL,
    players     TEXT NOT NULL,
    started     TEXT NOT NULL,
    finished    TEXT NOT NULL,
    result      TEXT NOT NULL,
    termination TEXT NOT NULL,
    plies       INTEGER NOT NULL,
    record      TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS matches_by_finish ON matches (finished);
CREATE TABLE IF NOT EXISTS people (
    name        TEXT PRIMARY KEY COLLATE NOCASE,
    added       TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS matches_by_game ON matches (game, finished);
CREATE TABLE IF NOT EXISTS left_over (
    id          TEXT PRIMARY KEY,
    cards       INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS puzzles (
    day         TEXT PRIMARY KEY,
    puzzle      TEXT NOT NULL,
    solved      TEXT NOT NULL,
    tries       INTEGER NOT NULL,
    who         TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class Match:
    """One finished game."""

    id: str
    game: str
    options: Mapping[str, str]
    players: Mapping[str, str]
    """Who sat where: player name -> ``human`` (or a computer level)."""
    started: str
    finished: str
    result: str
    """The winner's name, ``draw``, or ``lost`` for a lost solitaire."""
    termination: str
    """Why it ended, in words."""
    plies: int
    record: str
    """The game record, to replay or share."""
    left_over: int | None = None
    """What a game for one left at its end — the solitaire's cards not laid, fewer is better
    — or ``None`` (a game of two, or one whose record could not say)."""


@dataclass(frozen=True)
class SolvedPuzzle:
    """The puzzle of a day, solved on that day."""

    day: str
    """The day, ``2026-11-29``."""
    puzzle: str
    """The puzzle's id in the book (``kaskade-007``)."""
    solved: str
    """When, to the second."""
    tries: int
    """Wrong moves before the solve."""
    who: str
    """Who solved it: a person's name, or ``""``."""


class DuplicateGameError(KaskadeError, ValueError):
    """Another game is already in the history under the id of the one being stored."""


class UnknownMatchError(KaskadeError, LookupError):
    """No game, or more than one, matches the id asked for."""


def _by_letters(name: str) -> tuple[str, str]:
    """A name's place in alphabetical order: its letters without their accents, in any case
    (then as written, so the order is always the same)."""
    plain = "".join(char for char in unicodedata.normalize("NFD", name.casefold())
                    if not unicodedata.combining(char))
    return plain, name


class History:
    """The history database at ``path`` (created on first use)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None
        """What the last reading had to leave out (damaged rows), if anything."""
        self.set_aside: str | None = None
        """Where a history of a newer release went, when one was set aside."""

    def _connect(self, set_aside_newer: bool = False) -> sqlite3.Connection:
        """The database, brought up to this release's schema; one of a newer schema is an
        error when only read, and is set aside (``set_aside_newer``) by the app."""
        _private(self.path)
        try:
            connection = sqlite3.connect(self.path)
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                connection.close()
                if not set_aside_newer:
                    raise StorageError(f"{self.path} was written by a newer version of Kaskade "
                                       f"Board (schema {version}); update to read it")
                self._set_aside_newer(version)
                connection = sqlite3.connect(self.path)
            elif version < SCHEMA_VERSION and _has_games(connection):
                self._keep_copy(connection, version)
            _bring_up_to_date(connection)
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: the match history cannot be read ({error})") \
                from None
        return connection

    def _keep_copy(self, connection: sqlite3.Connection, version: int) -> None:
        """Before a history of schema ``version`` is brought up to date, keep a copy of it as
        it is (``….schema-N.kept``; the first copy stays if there is one): the release that
        wrote it can still read it, and a game lost by the change could be found in it."""
        kept = self.path.with_name(f"{self.path.name}.schema-{max(version, 1)}.kept")
        if kept.exists():
            return
        partial = kept.with_name(kept.name + ".partial")
        try:
            with closing(sqlite3.connect(partial)) as copy:
                connection.backup(copy)
            partial.chmod(0o600)
            partial.replace(kept)
        except (sqlite3.DatabaseError, OSError) as error:
            with suppress(OSError):
                partial.unlink(missing_ok=True)
            raise StorageError(f"{self.path}: a copy of the history cannot be kept before it "
                               f"is brought up to date, so it is left as it is "
                               f"({getattr(error, 'strerror', None) or error})") from None

    def check(self) -> str | None:
        """Look at the history's schema as the app starts: a history of a newer release is
        set aside at once, and one that an older release set aside and this one reads is taken
        back; what a person should know about it, if anything."""
        if self.path.exists():
            try:
                with closing(sqlite3.connect(f"{self.path.absolute().as_uri()}?mode=ro",
                                             uri=True)) as connection:
                    version = connection.execute("PRAGMA user_version").fetchone()[0]
            except sqlite3.DatabaseError:
                return None  # damaged: said when it is read
            if version > SCHEMA_VERSION:
                try:
                    self._connect(set_aside_newer=True).close()
                except StorageError as error:
                    return str(error)
                return self.set_aside
        try:
            return self._take_back()
        except (StorageError, sqlite3.DatabaseError, OSError) as error:
            return f"a match history set aside before could not be taken back: {error}"

    def _take_back(self) -> str | None:
        """Bring back the games of histories set aside by an older release (``.schema-N``)
        that this release reads: the file itself when there is no history, else its games
        added to it (kept as ``.merged`` after)."""
        back = []
        for aside in sorted(self.path.parent.glob(f"{self.path.name}.schema-*")):
            written = aside.name.rpartition("-")[2]
            if not (written.isascii() and written.isdigit()) or int(written) > SCHEMA_VERSION:
                continue
            journal = aside.with_name(aside.name + "-journal")
            if not self.path.exists():
                if journal.exists():
                    journal.replace(self.path.with_name(self.path.name + "-journal"))
                aside.replace(self.path)
            else:
                History(aside)._connect().close()  # brought up to this schema
                with closing(self._connect()) as connection:
                    connection.execute("ATTACH DATABASE ? AS aside", (str(aside),))
                    with connection:
                        connection.execute("INSERT OR IGNORE INTO matches "
                                           "SELECT * FROM aside.matches")
                        connection.execute("INSERT OR IGNORE INTO people "
                                           "SELECT * FROM aside.people")
                        for table in ("left_over", "puzzles"):
                            connection.execute(f"INSERT OR IGNORE INTO {table} "
                                               f"SELECT * FROM aside.{table}")
                    connection.execute("DETACH DATABASE aside")
                aside.replace(aside.with_name(aside.name + ".merged"))
            back.append(aside.name)
        if not back:
            return None
        return f"the games of the match history a newer release wrote ({', '.join(back)}) " \
            "are back in the history"

    def _set_aside_newer(self, version: int) -> None:
        """Move a history of a newer schema (a newer release wrote it, before a rollback)
        aside for that release, journal and all, so this one starts a new history and the
        games in it are not lost."""
        aside = self.path.with_name(f"{self.path.name}.schema-{version}")
        try:
            journal = self.path.with_name(self.path.name + "-journal")
            if journal.exists():
                journal.replace(aside.with_name(aside.name + "-journal"))
            self.path.replace(aside)
        except OSError as error:
            raise StorageError(f"{self.path} was written by a newer release of Kaskade Board "
                               f"(schema {version}) and cannot be set aside: "
                               f"{error.strerror or error}") from None
        self.set_aside = f"the match history was written by a newer release of Kaskade " \
            f"Board (schema {version}; this one reads {SCHEMA_VERSION}): kept as " \
            f"{aside.name} for that release, and a new history begun"
        _private(self.path)

    def add(self, match: Match) -> None:
        """Store ``match``. The same game stored again (the same record) keeps its one row;
        another game under the id of a stored one raises :class:`DuplicateGameError` and
        changes nothing."""
        connection = self._connect()
        try:
            with connection:
                stored = connection.execute("SELECT record FROM matches WHERE id = ?",
                                            (match.id,)).fetchone()
                if stored is None:
                    connection.execute(
                        "INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (match.id, match.game, json.dumps(dict(match.options)),
                         json.dumps(dict(match.players)), match.started, match.finished,
                         match.result, match.termination, match.plies, match.record),
                    )
                    if match.left_over is not None:
                        connection.execute("INSERT OR REPLACE INTO left_over VALUES (?, ?)",
                                           (match.id, match.left_over))
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: cannot store the game ({error})") from None
        finally:
            connection.close()
        if stored is not None and stored[0] != match.record:
            raise DuplicateGameError(f"the history already holds another game with the id "
                                     f"{match.id[:64]!r}; it is kept as it was")

    def contains(self, identifier: str) -> bool:
        """Whether a game with exactly this id is in the history."""
        if not self.path.exists():
            return False
        connection = self._connect()
        try:
            return connection.execute("SELECT 1 FROM matches WHERE id = ?",
                                      (identifier,)).fetchone() is not None
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: the match history cannot be read ({error})") \
                from None
        finally:
            connection.close()

    def matches(self, limit: int | None = None, records: bool = True) -> list[Match]:
        """The finished games, newest first; without their ``records`` (each one's record
        left empty: the scores need who played and who won, not every move) when not
        asked for."""
        if not self.path.exists():
            return []
        record = "record" if records else "''"
        columns = "m.id, game, options, players, started, finished, result, termination, " \
            f"plies, {record}, cards"
        connection = self._connect()
        try:
            rows = connection.execute(
                f"SELECT {columns} FROM matches AS m LEFT JOIN left_over AS l ON l.id = m.id "
                "ORDER BY finished DESC, m.id LIMIT ?",
                (-1 if limit is None else limit,),
            ).fetchall()
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: the match history cannot be read ({error})") \
                from None
        finally:
            connection.close()
        found, damaged, why = [], [], ""
        for row in rows:
            try:
                found.append(_match(row))
            except (ValueError, TypeError, AttributeError) as error:
                damaged.append(str(row[0])[:64])
                why = why or str(error)[:100]
            except RecursionError:  # JSON nested deeper than Python recurses
                damaged.append(str(row[0])[:64])
                why = why or "nested too deep"
        self.problem = None if not damaged else \
            f"{self.path}: {len(damaged)} damaged game(s) left out ({', '.join(damaged[:3])}): " \
            f"{why}"
        return found

    # -- puzzles ----------------------------------------------------------------------------------

    def solve_puzzle(self, solved: SolvedPuzzle) -> bool:
        """Keep ``solved`` — the first solve of a day counts, a later one is not kept; whether
        this one was."""
        connection = self._connect()
        try:
            with connection:
                cursor = connection.execute(
                    "INSERT OR IGNORE INTO puzzles VALUES (?, ?, ?, ?, ?)",
                    (solved.day, solved.puzzle, solved.solved, solved.tries, solved.who))
                return cursor.rowcount == 1
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: cannot keep the puzzle ({error})") from None
        finally:
            connection.close()

    def puzzles(self) -> list[SolvedPuzzle]:
        """The puzzles of the day solved, newest day first."""
        if not self.path.exists():
            return []
        found = []
        for row in self._read("SELECT day, puzzle, solved, tries, who FROM puzzles "
                              "ORDER BY day DESC"):
            if all(isinstance(value, str) for value in (row[0], row[1], row[2], row[4])) and \
                    isinstance(row[3], int):
                found.append(SolvedPuzzle(*row))
        return found

    # -- people -----------------------------------------------------------------------------------

    def people(self) -> list[str]:
        """The names of the people the board knows, in alphabetical order (Émile beside
        Emma, not after Zoë)."""
        if not self.path.exists():
            return []
        return sorted((row[0] for row in self._read("SELECT name FROM people")), key=_by_letters)

    def person(self, name: str) -> str:
        """The known person ``name`` means (in any case), spelt as they were added; else
        :class:`UnknownPersonError` saying how to add them."""
        known = self._known(name)
        if known is None:
            raise UnknownPersonError(f"nobody called {name[:20]!r} is known to this board; add "
                                     f"them first (kaskade players add NAME, or Players on the "
                                     f"web page), or leave the name out to play unnamed")
        return known

    def _known(self, name: str) -> str | None:
        """The known person ``name`` means (in any case), or ``None``."""
        typed = unicodedata.normalize("NFC", " ".join(name.split()))
        return next((known for known in self.people() if same_name(known, typed)), None)

    def add_person(self, name: str, added: str) -> str:
        """Know ``name`` from now on (checked: ``people.check_name``); the name as kept.
        :class:`KnownPersonError` if it is known already (in any case)."""
        name = check_name(name)
        connection = self._connect()
        try:
            with connection:  # compared as Python folds case: SQLite's NOCASE is ASCII's
                known = next((row for row in connection.execute("SELECT name FROM people")
                              if same_name(row[0], name)), None)
                if known is None:
                    connection.execute("INSERT INTO people VALUES (?, ?)", (name, added))
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: cannot add the person ({error})") from None
        finally:
            connection.close()
        if known is not None:
            raise KnownPersonError(f"{known[0]!r} is known already")
        return name

    def remove_person(self, name: str) -> str:
        """Forget the person ``name`` (the games they played stay in the history, under
        their name); the name as it was kept. :class:`UnknownPersonError` for a name the board
        does not know, naming those it does."""
        known = self._known(name)
        if known is None:
            people = self.people()
            raise UnknownPersonError(
                f"nobody called {name[:20]!r} is known to this board, so there is nobody to "
                "remove; " + (f"it knows {', '.join(people)}" if people else
                              "it knows nobody by name yet"))
        connection = self._connect()
        try:
            with connection:
                connection.execute("DELETE FROM people WHERE name = ?", (known,))
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: cannot remove the person ({error})") from None
        finally:
            connection.close()
        return known

    def _read(self, query: str) -> list[tuple]:
        connection = self._connect()
        try:
            return connection.execute(query).fetchall()
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: the match history cannot be read ({error})") \
                from None
        finally:
            connection.close()

    def find(self, prefix: str) -> Match:
        """The one game whose id starts with ``prefix``."""
        found = [m for m in self.matches() if m.id.startswith(prefix)]
        if len(found) != 1:
            how = "no game" if not found else f"{len(found)} games"
            raise UnknownMatchError(f"{how} in the history with an id starting {prefix!r}")
        return found[0]


def _match(row: tuple) -> Match:
    """A row as a match; ValueError (or TypeError) for a row that is not one."""
    (identifier, game, options, players, started, finished, result, termination, plies,
     record, left) = row
    options, players = json.loads(options), json.loads(players)
    if not all(isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str)
                                                for k, v in value.items())
               for value in (options, players)):
        raise ValueError("options and players are {name: text}")
    texts = (identifier, game, started, finished, result, termination, record)
    if not all(isinstance(text, str) for text in texts) or not isinstance(plies, int) or \
            not isinstance(left, int | None):
        raise TypeError("a column of the wrong type")
    return Match(identifier, game, options, players, started, finished, result, termination,
                 plies, record, left)


def _bring_up_to_date(connection: sqlite3.Connection) -> None:
    """This release's tables and its schema's number, in one transaction: both or neither
    (a power cut half way leaves the history as it was)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        older = connection.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION
        for statement in SCHEMA.split(";"):
            if statement.strip():
                connection.execute(statement)
        if older:
            _count_left_over(connection)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        connection.rollback()
        raise
    connection.commit()


def _count_left_over(connection: sqlite3.Connection) -> None:
    """What each game for one stored before schema 3 left at its end, read from its record
    (a record that does not replay is left without a count)."""
    alone = [name for name in game_names() if len(get_game(name).info.players) == 1]
    rows = connection.execute(
        f"SELECT id, record FROM matches WHERE game IN ({', '.join('?' * len(alone))}) AND "
        "id NOT IN (SELECT id FROM left_over)", alone).fetchall()
    for identifier, text in rows:
        try:
            record = parse_record(text)
            final = starting_state(record)
            replay(final, record.moves)
        except (KaskadeError, ValueError):
            continue
        left = final.left_over()
        if left is not None:
            connection.execute("INSERT INTO left_over VALUES (?, ?)", (identifier, left))


def _has_games(connection: sqlite3.Connection) -> bool:
    """Whether the database holds a table of games (it is not a new, empty file)."""
    return connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND "
                              "name = 'matches'").fetchone() is not None


def _private(path: Path) -> None:
    """Keep the history for its owner alone (who played whom, and when, is nobody else's
    business on a shared Pi): made with mode 0600, and an older one made so too."""
    try:
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)
    except OSError:
        pass  # a read-only card: sqlite says what it can do

