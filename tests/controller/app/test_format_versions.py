"""The saved game and the history carry the version of their format, so that after a rollback
an older release never misreads, nor destroys, what a newer one wrote: it sets the file aside
for that release, says so, and plays on; files from before the versions are read as they are."""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.app import autosave, history
from controller.app.autosave import FORMAT, Autosave
from controller.app.history import SCHEMA_VERSION, History, Match
from controller.app.storage import StorageError
from controller.games.record import parse_record
from tests.support.board import BoardHarness

BOARD = "kaskade-8x8"
GAME = '[Game "kaskade"]\n[Size "3x3"]\n[Id "abc"]\n[White "human"]\n[Black "human"]\n\n' \
    '1. a1 c3 2. b1\n'
FINISHED = Match("done1", "kaskade", {"size": "3x3"}, {"white": "human", "black": "human"},
                 "2026-11-21T12:00:00", "2026-11-21T12:05:00", "white", "Black has no cells left",
                 3, '[Game "kaskade"]\n[Size "3x3"]\n\n1. a1 c3 a1\n')


def saved(state: Path, text: str) -> Path:
    path = state / BOARD / "current.record"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_saved_game_says_its_format_and_reads_back_without_it(tmp_path):
    autosave = Autosave(tmp_path / "current.record")
    autosave.save(GAME)
    text = autosave.path.read_text(encoding="utf-8")
    assert text.startswith(f'[Format "{FORMAT}"]\n[Game "kaskade"]')
    loaded = autosave.load()
    assert loaded is not None
    assert loaded.moves == ["a1", "c3", "b1"]
    assert "Format" not in loaded.tags
    assert loaded.tags["Id"] == "abc"


def test_a_format_tag_a_record_brings_along_is_replaced_by_the_files_own(tmp_path):
    autosave = Autosave(tmp_path / "current.record")
    autosave.save('[format "7"]\n' + GAME)
    assert parse_record(autosave.path.read_text(encoding="utf-8")).tag("Format") == str(FORMAT)
    assert autosave.load() is not None


def test_a_game_saved_before_the_format_had_a_version_is_resumed(tmp_path):
    saved(tmp_path, GAME)
    board = BoardHarness(tmp_path)
    assert board.app.notices == []
    assert board.app.session is not None
    assert board.app.session.moves == ["a1", "c3", "b1"]


def test_a_game_of_a_newer_format_is_set_aside_untouched_with_a_notice(tmp_path):
    newer = f'[Format "{FORMAT + 1}"]\n' + GAME.replace("[Id", "[Clock \"5+3\"]\n[Id")
    path = saved(tmp_path, newer)
    board = BoardHarness(tmp_path)
    aside = path.with_name(f"current.record.format-{FORMAT + 1}")
    assert aside.read_text(encoding="utf-8") == newer
    assert not path.exists()
    assert board.screen == "NoticeScreen"
    assert board.app.notices == [
        f"the saved game current.record was written by a newer release of Kaskade Board "
        f"(format {FORMAT + 1}; this one reads {FORMAT}); kept as current.record.format-"
        f"{FORMAT + 1}, for that release to continue"]
    board.tap("a1")
    assert board.screen == "HomeScreen"
    board.start_game("2x2")  # and the board plays on
    board.play("a1 b2")
    assert aside.read_text(encoding="utf-8") == newer


@pytest.mark.parametrize("written", ["one", "²", "-1", ""])
def test_a_format_that_is_no_number_is_a_damaged_file(tmp_path, written):
    autosave = Autosave(saved(tmp_path, f'[Format "{written}"]\n' + GAME))
    if written == "":
        assert autosave.load() is not None, "an empty tag is no format: format 1"
        return
    assert autosave.load() is None
    assert autosave.problem is not None
    assert f"[Format {written!r}] is not a format number" in autosave.problem
    assert "kept as current.record.damaged" in autosave.problem


@given(st.text(max_size=8).filter(lambda t: '"' not in t and "\\" not in t and "\n" not in t
                                  and "]" not in t))
def test_any_format_tag_is_read_or_refused_never_crashes(tmp_path_factory, written):
    state = tmp_path_factory.mktemp("state")
    autosave = Autosave(saved(state, f'[Format "{written}"]\n' + GAME))
    loaded = autosave.load()
    assert (loaded is None) == (autosave.problem is not None)


def newer_history(path: Path) -> bytes:
    History(path).add(FINISHED)
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    return path.read_bytes()


def test_a_history_of_a_newer_schema_is_set_aside_as_the_app_starts(tmp_path):
    path = tmp_path / "history.sqlite3"
    before = newer_history(path)
    board = BoardHarness(tmp_path)
    aside = tmp_path / f"history.sqlite3.schema-{SCHEMA_VERSION + 1}"
    assert aside.read_bytes() == before
    assert board.app.notices == [
        f"the match history was written by a newer release of Kaskade Board (schema "
        f"{SCHEMA_VERSION + 1}; this one reads {SCHEMA_VERSION}): kept as {aside.name} for "
        "that release, and a new history begun"]
    assert board.store.history.matches() == []
    board.store.history.add(FINISHED)
    assert [m.id for m in board.store.history.matches()] == ["done1"]
    assert aside.read_bytes() == before


def test_only_the_app_sets_a_newer_history_aside_a_reader_is_told(tmp_path):
    path = tmp_path / "history.sqlite3"
    newer_history(path)
    with pytest.raises(StorageError, match="written by a newer version of Kaskade Board"):
        History(path).matches()
    assert path.exists()


def test_a_history_of_this_schema_is_left_as_it_is(tmp_path):
    History(tmp_path / "history.sqlite3").add(FINISHED)
    board = BoardHarness(tmp_path)
    assert board.app.notices == []
    assert [m.id for m in board.store.history.matches()] == ["done1"]
    assert not list(tmp_path.glob("history.sqlite3.*"))


def test_a_game_set_aside_by_an_older_release_comes_back_when_the_newer_runs(tmp_path,
                                                                            monkeypatch):
    path = tmp_path / "current.record"
    Autosave(path).save(GAME)
    monkeypatch.setattr(autosave, "FORMAT", FORMAT - 1)  # a rollback to an older release
    older = Autosave(path)
    assert older.load() is None
    assert older.problem is not None
    assert f"kept as current.record.format-{FORMAT}" in older.problem
    monkeypatch.setattr(autosave, "FORMAT", FORMAT)  # forward again
    newer = Autosave(path)
    loaded = newer.load()
    assert loaded is not None
    assert loaded.moves == ["a1", "c3", "b1"]
    assert newer.problem is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.record"]


def test_a_game_saved_meanwhile_is_not_replaced_by_one_set_aside(tmp_path):
    path = tmp_path / "current.record"
    aside = tmp_path / f"current.record.format-{FORMAT}"
    Autosave(aside).save(GAME)
    Autosave(path).save(GAME.replace("2. b1", "2. b2"))
    loaded = Autosave(path).load()
    assert loaded is not None
    assert loaded.moves == ["a1", "c3", "b2"]
    assert aside.exists()


def test_the_games_of_a_history_set_aside_by_an_older_release_come_back(tmp_path,
                                                                        monkeypatch):
    path = tmp_path / "history.sqlite3"
    History(path).add(FINISHED)
    monkeypatch.setattr(history, "SCHEMA_VERSION", SCHEMA_VERSION - 1)  # a rollback
    older = History(path)
    assert older.check() is not None
    older.add(dataclasses.replace(FINISHED, id="played-meanwhile"))
    assert [m.id for m in older.matches()] == ["played-meanwhile"]
    monkeypatch.setattr(history, "SCHEMA_VERSION", SCHEMA_VERSION)  # forward again
    newer = History(path)
    assert newer.check() == "the games of the match history a newer release wrote " \
        f"(history.sqlite3.schema-{SCHEMA_VERSION}) are back in the history"
    assert sorted(m.id for m in newer.matches()) == ["done1", "played-meanwhile"]
    assert (tmp_path / f"history.sqlite3.schema-{SCHEMA_VERSION}.merged").exists()
    assert History(path).check() is None, "once"


def test_a_history_set_aside_with_none_beside_it_is_put_back(tmp_path):
    aside = tmp_path / f"history.sqlite3.schema-{SCHEMA_VERSION}"
    History(aside).add(FINISHED)
    history_ = History(tmp_path / "history.sqlite3")
    assert history_.check() is not None
    assert [m.id for m in history_.matches()] == ["done1"]
    assert not aside.exists()
