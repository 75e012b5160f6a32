"""The match history in SQLite, and ``kaskade history``."""

import dataclasses
import json
import sqlite3

import pytest

from controller.app.history import DuplicateGameError, History, Match, UnknownMatchError
from controller.app.storage import StorageError
from controller.cli import main


def match(identifier: str, finished: str, result: str = "white") -> Match:
    return Match(identifier, "kaskade", {"size": "3x3"}, {"white": "human", "black": "human"},
                 "2026-11-21T12:00:00", finished, result, "Black has no cells left", 7,
                 '[Game "kaskade"]\n[Size "3x3"]\n\n1. a1 c3\n')


def test_games_are_listed_newest_first_and_found_by_id(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    assert history.matches() == []
    history.add(match("aaaa1111", "2026-11-21T12:05:00"))
    history.add(match("bbbb2222", "2026-11-21T13:05:00", "black"))
    assert [m.id for m in history.matches()] == ["bbbb2222", "aaaa1111"]
    assert [m.id for m in history.matches(limit=1)] == ["bbbb2222"]
    assert history.find("aaaa").result == "white"
    with pytest.raises(UnknownMatchError, match="no game in the history with an id starting"):
        history.find("cccc")
    with pytest.raises(UnknownMatchError, match="2 games"):
        history.find("")


def test_storing_a_game_again_keeps_one_row(tmp_path):
    """After a power cut between storing the game and forgetting its autosave, the app
    stores it again at its next start: the same record, stored a little later."""
    history = History(tmp_path / "history.sqlite3")
    history.add(match("aaaa1111", "2026-11-21T12:05:00"))
    history.add(match("aaaa1111", "2026-11-21T12:06:00"))
    assert [(m.id, m.finished) for m in history.matches()] == [
        ("aaaa1111", "2026-11-21T12:05:00")]


def test_another_game_under_a_stored_id_never_replaces_it(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    first = match("aaaa1111", "2026-11-21T12:05:00")
    history.add(first)
    other = dataclasses.replace(match("aaaa1111", "2026-11-21T12:06:00", "black"),
                                record='[Game "kaskade"]\n[Size "3x3"]\n\n1. c3 a1\n')
    with pytest.raises(DuplicateGameError, match="already holds another game with the id "
                                                 "'aaaa1111'; it is kept as it was"):
        history.add(other)
    assert history.matches() == [first]
    assert history.contains("aaaa1111")
    assert not history.contains("aaaa")
    assert isinstance(DuplicateGameError("x"), ValueError)


def test_a_damaged_or_newer_database_is_a_clear_error(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StorageError, match="the match history cannot be read"):
        History(path).matches()
    newer = tmp_path / "newer.sqlite3"
    connection = sqlite3.connect(newer)
    connection.execute("PRAGMA user_version = 99")
    connection.close()
    with pytest.raises(StorageError, match="written by a newer version"):
        History(newer).matches()


def test_the_history_command_lists_shows_and_exports(tmp_path, capsys):
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "No finished games yet.\n"
    history = History(tmp_path / "history.sqlite3")
    history.add(match("aaaa1111", "2026-11-21T12:05:00"))
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["finished", "game", "options", "players", "result", "plies", "id"]
    assert lines[1].split() == ["2026-11-21", "12:05", "Kaskade", "size", "3x3", "White", "(a",
                                "person)", "v", "Black", "(a", "person)", "White", "won", "7",
                                "aaaa1111"]
    long = match("bbbb2222", "2026-11-21T13:00:00")
    long = dataclasses.replace(long, game="cascades-decktet",
                               options={"version": "standard", "passes": "unlimited"},
                               players={"player": "computer 5"})
    history.add(long)
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    starts = [lines[0].index(name) for name in ("game", "options", "players", "result")]
    assert "Alone at the board" in lines, "the solitaire is scored"
    for line in lines[1:3]:
        for start in starts:
            assert line[start - 2 : start] == "  ", f"columns run together: {line!r}"
    assert main(["history", "--state-dir", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[-1]["id"] == "aaaa1111"
    assert main(["history", "--state-dir", str(tmp_path), "--show", "aaaa"]) == 0
    assert capsys.readouterr().out.startswith('[Game "kaskade"]')
    assert main(["history", "--state-dir", str(tmp_path), "--show", "zzz"]) == 2
    assert "no game in the history" in capsys.readouterr().err


def test_the_history_is_for_its_owner_alone(tmp_path):
    import os
    import stat

    from controller.app.history import History

    old = os.umask(0o022)
    try:
        history = History(tmp_path / "history.sqlite3")
        assert history.matches() == []
        history.add(_any_match())
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "history.sqlite3").stat().st_mode) == 0o600
    (tmp_path / "history.sqlite3").chmod(0o644)
    History(tmp_path / "history.sqlite3").matches()
    assert stat.S_IMODE((tmp_path / "history.sqlite3").stat().st_mode) == 0o600


def _any_match():
    from controller.app.history import Match

    return Match("x", "kaskade", {"size": "2x2"}, {"white": "human", "black": "human"},
                 "2026-11-22T10:00:00", "2026-11-22T10:01:00", "white", "won", 5, "record")


def test_saved_games_and_settings_are_for_their_owner_alone(tmp_path):
    import os
    import stat

    from controller.app.storage import write_atomically

    old = os.umask(0o022)
    try:
        write_atomically(tmp_path / "current.record", "game")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "current.record").stat().st_mode) == 0o600


@pytest.mark.parametrize("column", ["options", "players"])
def test_kaskade_history_says_which_row_is_nested_too_deep_and_goes_on(tmp_path, capsys,
                                                                        column):
    history = History(tmp_path / "history.sqlite3")
    history.add(match("aaaa1111", "2026-11-21T12:05:00"))
    history.add(match("deep0000", "2026-11-21T13:05:00"))
    with sqlite3.connect(history.path) as connection:
        connection.execute(f"UPDATE matches SET {column} = ? WHERE id = 'deep0000'",
                           ("[" * 100_000 + "]" * 100_000,))
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "aaaa1111" in out
    assert "1 damaged game(s) left out (deep0000): nested too deep" in err
    assert "Traceback" not in err
    assert main(["history", "--state-dir", str(tmp_path), "--json"]) == 0
    assert [game["id"] for game in json.loads(capsys.readouterr().out)] == ["aaaa1111"]
