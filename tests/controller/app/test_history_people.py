"""The history's second schema: the people known by name. A history of the first schema is
brought up to date without losing a game, a copy of it as it was kept beside it; a damaged one
is left as it is, with a clear error."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.app.history import SCHEMA_VERSION, History
from controller.app.people import (
    MAX_NAME,
    BadNameError,
    KnownPersonError,
    UnknownPersonError,
    check_name,
)
from controller.app.storage import StorageError
from controller.render.font import LARGE
from tests.support.board import BoardHarness
from tests.support.history import add_games

FIRST_SCHEMA = """
CREATE TABLE matches (
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
CREATE INDEX matches_by_finish ON matches (finished);
PRAGMA user_version = 1;
"""
"""The first schema, as the release before people were named wrote it."""


def first_schema_history(path: Path, games: int = 30) -> list[str]:
    """A history as the first schema's release left it, ``games`` games in it (one of them
    damaged: its players are not JSON); their ids."""
    connection = sqlite3.connect(path)
    connection.executescript(FIRST_SCHEMA)
    ids = []
    with connection:
        for number in range(games):
            identifier = f"old{number:03}"
            players = {"white": "human", "black": f"computer {1 + number % 5}"}
            connection.execute(
                "INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (identifier, "kaskade", json.dumps({"size": "3x3"}),
                 "{not json" if number == 7 else json.dumps(players),
                 "2026-11-01T12:00:00", f"2026-11-{1 + number % 28:02}T13:{number % 60:02}:00",
                 "white", "Black has no cells left", 9,
                 f'[Game "kaskade"]\n[Id "{identifier}"]\n\n1. a1 c3\n'))
            ids.append(identifier)
    connection.close()
    return ids


def rows(path: Path) -> list[tuple]:
    with sqlite3.connect(path) as connection:
        return connection.execute("SELECT * FROM matches ORDER BY id").fetchall()


def version(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        return connection.execute("PRAGMA user_version").fetchone()[0]


def test_a_history_of_the_first_schema_keeps_every_game_and_a_copy_as_it_was(tmp_path):
    path = tmp_path / "history.sqlite3"
    ids = first_schema_history(path)
    before = rows(path)
    history = History(path)
    found = history.matches()
    assert sorted(m.id for m in found) == sorted(set(ids) - {"old007"})
    assert history.problem is not None, "the damaged game is left out of the list, said"
    assert "old007" in history.problem
    assert rows(path) == before, "every game, the damaged one too, is in the new history"
    assert version(path) == SCHEMA_VERSION == 3
    kept = tmp_path / "history.sqlite3.schema-1.kept"
    assert version(kept) == 1
    assert rows(kept) == before
    assert oct(kept.stat().st_mode & 0o777) == "0o600"
    assert history.people() == []
    history.add_person("Anna", "2026-11-21T12:00:00")
    assert history.people() == ["Anna"]
    assert rows(kept) == before, "the copy stays as the first schema's release left it"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3",
                                                          "history.sqlite3.schema-1.kept"]


def test_the_board_starts_on_a_history_of_the_first_schema_with_its_games(tmp_path):
    ids = first_schema_history(tmp_path / "history.sqlite3", games=3)
    board = BoardHarness(tmp_path)
    assert board.screen == "HomeScreen"
    assert board.app.notices == []
    assert sorted(m.id for m in board.store.history.matches()) == ids


def test_a_damaged_history_is_left_as_it_is_with_a_clear_error(tmp_path):
    path = tmp_path / "history.sqlite3"
    damaged = b"SQLite format 3\x00" + bytes(range(256)) * 20
    path.write_bytes(damaged)
    for reading in (History(path).matches, History(path).people,
                    lambda: History(path).add_person("Anna", "now")):
        with pytest.raises(StorageError, match="the match history cannot be read"):
            reading()
    assert path.read_bytes() == damaged
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]


def test_a_history_that_cannot_be_copied_is_not_changed(tmp_path):
    path = tmp_path / "history.sqlite3"
    first_schema_history(path, games=2)
    before = path.read_bytes()
    (tmp_path / "history.sqlite3.schema-1.kept.partial").mkdir()  # in the way of the copy
    with pytest.raises(StorageError, match="a copy of the history cannot be kept before it is "
                                           "brought up to date, so it is left as it is"):
        History(path).matches()
    assert path.read_bytes() == before
    assert version(path) == 1


def test_people_are_added_found_in_any_case_and_removed_their_games_kept(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    assert history.add_person("  anna   lena ", "2026-11-21") == "anna lena"
    history.add_person("Ben", "2026-11-21")
    assert history.people() == ["anna lena", "Ben"]
    assert history.person("ANNA LENA") == "anna lena"
    with pytest.raises(KnownPersonError, match="'Ben' is known already"):
        history.add_person("BEN", "2026-11-21")
    history.add_person("Änne", "2026-11-21")
    with pytest.raises(KnownPersonError, match="'Änne' is known already"):
        history.add_person("äNNE", "2026-11-21")
    assert history.remove_person("ÄNNE") == "Änne"
    with pytest.raises(UnknownPersonError, match="nobody called 'Bob' is known to this board; "
                                                 "add them first \\(kaskade players add NAME"):
        history.person("Bob")
    assert history.remove_person("ben") == "Ben"
    assert history.people() == ["anna lena"]
    with pytest.raises(UnknownPersonError):
        history.remove_person("Ben")


@pytest.mark.parametrize(("name", "why"), [
    ("", "cannot be empty"), ("A" * (MAX_NAME + 1), "longer than 16"),
    ("Anna2", "not a name the board can write"), ("-Anna", "not a name the board can write"),
    ("Ωmega", "not a name the board can write"), ("Zoë€", "not a name the board can write"),
    ("Computer", "already means something"),
    ("human", "already means something"), ("Remote Anna", "nor one beginning computer or "
                                                          "remote")])
def test_a_name_the_board_cannot_take_is_refused_saying_what_a_name_may_be(name, why):
    with pytest.raises(BadNameError, match=why):
        check_name(name)


@pytest.mark.parametrize("name", ["Émile", "Zoë", "Çelik", "Łucja", "Øystein", "Đorđe",
                                  "Åsa", "Čapek", "Őrs", "İpek", "Şahin", "Ąžuolas", "Æsa",
                                  "Þór", "Núñez", "Ștefan", "Gökçe", "Mañé-O'Neill"])
def test_names_in_the_latin_letters_of_europes_languages_are_taken_as_written(tmp_path, name):
    history = History(tmp_path / "history.sqlite3")
    assert history.add_person(name, "2026-11-29") == name
    assert history.person(name.upper()) == name, "the same person in capitals"
    decomposed = unicodedata.normalize("NFD", name)
    with pytest.raises(KnownPersonError):
        history.add_person(decomposed, "2026-11-29")  # an accent typed as a mark of its own


def test_people_are_listed_in_alphabetical_order_accents_and_case_aside(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    for name in ("Zoë", "çelik", "Émile", "Emma", "Anna"):
        history.add_person(name, "2026-11-29")
    assert history.people() == ["Anna", "çelik", "Émile", "Emma", "Zoë"]


def test_removing_somebody_unknown_says_who_is_known_not_how_to_add_them(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    with pytest.raises(UnknownPersonError, match="nobody to remove; it knows nobody by name "
                                                 "yet") as refused:
        history.remove_person("Zed")
    assert "add them" not in str(refused.value)
    history.add_person("Anna", "2026-11-29")
    with pytest.raises(UnknownPersonError, match=r"it knows Anna$"):
        history.remove_person("Zed")


@given(st.text(max_size=24))
def test_every_name_taken_can_be_written_on_the_leds(text):
    try:
        name = check_name(text)
    except BadNameError:
        return
    assert 1 <= len(name) <= MAX_NAME
    assert check_name(name) == name
    assert all(LARGE.covers(char) for char in name.upper() if char != "ß")


def test_the_games_are_read_without_their_records_for_the_scores(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    add_games(history, [("Anna", "computer 1", "white"), ("computer 1", "Anna", "black")])
    full, light = history.matches(), history.matches(records=False)
    assert [m.record for m in full] == ["record 1", "record 0"]
    assert [dataclasses.replace(m, record="") for m in full] == light
