"""Every file the app reads when it starts is used or set aside with a notice — the app always
starts (under systemd's ``Restart=on-failure`` a file that stops it would keep the board dark in
a crash loop). Each case is one the fault probe found."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from pathlib import Path

import pytest

from controller.app.history import History, Match
from controller.app.lock import StateInUseError
from controller.app.store import LOCK_FILE, Store
from controller.cli import main
from tests.support.board import BoardHarness

BOARD = "kaskade-8x8"
HEADER = '[Game "kaskade"]\n[Size "3x3"]\n[Id "abc"]\n[White "human"]\n'


def saved(tmp_path: Path, text: str | bytes, name: str = "current.record") -> Path:
    path = tmp_path / BOARD / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("text", "why"), [
    (HEADER + '[Black "human"]\n[Termination "White resigned"]\n\na1 b2\n',
     "[Termination] without a [Result] naming white or black"),
    (HEADER + '[Black "human"]\n[Result "*"]\n[Termination "White resigned"]\n\na1 b2\n',
     "[Termination] without a [Result] naming white or black"),
    (HEADER + '[Black "computer 9"]\n\na1\n',
     "[Black 'computer 9'] is neither 'human', 'computer N'"),
    (HEADER + '[Black "remote "]\n\na1\n', "[Black 'remote '] is neither"),
    (HEADER + '[Black "computer"]\n\na1\n', "[Black 'computer'] is neither"),
    (HEADER + '[Black "R2D2"]\n\na1\n',
     "[Black] is neither 'human', 'computer N', 'remote NAME' nor a person's name (1 to 16 "
     "letters"),
    (HEADER.replace("3x3", "2x2") + '[Black "human"]\n[Result "black"]\n\na1 b2 a2 b1 a1\n',
     "contradicts the moves"),
    (b"\xff\xfe[Game", "can't decode"),
    (HEADER + '[Black "human"]\n\n' + "{" * 100_000 + "\n", "never closed"),
])
def test_a_saved_game_the_app_cannot_resume_is_set_aside(tmp_path, text, why):
    path = saved(tmp_path, text)
    board = BoardHarness(tmp_path)
    assert board.screen == "NoticeScreen"
    board.tap("a1")
    assert board.screen == "HomeScreen"
    assert why in board.app.notices[0]
    assert "kept as current.record.damaged" in board.app.notices[0]
    assert (path.parent / "current.record.damaged").exists()
    board.start_game("2x2")  # and the board plays on
    board.play("a1 b2")


def test_a_damaged_waiting_game_is_set_aside_when_its_tile_is_touched(tmp_path):
    saved(tmp_path, HEADER + '[Black "computer 7"]\n\na1\n', "waiting-kaskade.record")
    board = BoardHarness(tmp_path)
    assert board.screen == "HomeScreen"
    board.app.games.take_up("kaskade")
    assert any("waiting-kaskade.record could not be read" in n for n in board.app.notices)
    assert board.app.session is None


@pytest.mark.parametrize(("content", "why"), [
    (b"\xff\xfe{}", "can't decode"),
    ("[" * 100_000 + "]" * 100_000, "nested too deep"),
    (json.dumps({"thresholds": [int("9" * 250), 1]}), "are not [touch, release]"),
    (json.dumps({"thresholds": [70000, 1]}), "<= 65535"),
    ("{}" * 3, "Extra data"),
])
def test_damaged_settings_are_set_aside_and_the_defaults_used(tmp_path, content, why):
    path = saved(tmp_path, content, "settings.json")
    board = BoardHarness(tmp_path)
    assert board.app.settings.brightness == 0.6
    assert why in board.app.notices[0]
    assert (path.parent / "settings.json.damaged").exists()


def test_on_a_read_only_card_damaged_files_stay_put_and_the_app_starts(tmp_path, monkeypatch):
    """An SD card remounted read-only: nothing can be renamed; the damaged files are ignored
    (and said to be), never a reason not to start."""
    saved(tmp_path, b"\xff", "settings.json")
    saved(tmp_path, HEADER + '[Black "computer 9"]\n\na1\n')

    def read_only(self, target):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(Path, "replace", read_only)
    board = BoardHarness(tmp_path)
    assert board.screen == "NoticeScreen"
    assert len(board.app.notices) == 2
    assert all("could not be set aside (Read-only file system) and is ignored" in notice
               for notice in board.app.notices)


def test_notices_reach_the_log(tmp_path, caplog):
    saved(tmp_path, b"\xff", "settings.json")
    with caplog.at_level(logging.WARNING, logger="controller.app.app"):
        BoardHarness(tmp_path)
    assert "settings.json was damaged" in caplog.text


def test_a_history_row_with_bad_json_does_not_hide_the_others(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    good = Match("good", "kaskade", {"size": "3x3"}, {"white": "human", "black": "human"},
                 "2026-11-22T10:00:00", "2026-11-22T10:05:00", "white", "won", 9, "record")
    history.add(good)
    history.add(Match("bad", "kaskade", {}, {}, "", "2026-11-22T11:00:00", "white", "", 1, ""))
    with sqlite3.connect(history.path) as connection:
        connection.execute("UPDATE matches SET players = '{not json' WHERE id = 'bad'")
    assert history.matches() == [good]
    assert history.problem is not None
    assert "1 damaged game(s) left out (bad)" in history.problem


def test_kaskade_history_lists_the_good_games_and_warns(tmp_path, capsys):
    history = History(tmp_path / "history.sqlite3")
    history.add(Match("good", "kaskade", {"size": "3x3"}, {"white": "human", "black": "human"},
                      "2026-11-22T10:00:00", "2026-11-22T10:05:00", "white", "won", 9, "r"))
    with sqlite3.connect(history.path) as connection:
        connection.execute("INSERT INTO matches VALUES ('bad', 'kaskade', '[', '{}', '', '', '', "
                           "'', 1, '')")
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "good"[:8] in out
    assert "1 damaged game(s) left out" in err


# -- one app per board's files ---------------------------------------------------------------

def test_a_second_app_on_the_same_files_is_refused_with_who_holds_them(tmp_path):
    first = Store.at(tmp_path, BOARD)
    first.claim()
    second = Store.at(tmp_path, BOARD)
    with pytest.raises(StateInUseError, match=rf"app \(process {os.getpid()}\) is using"):
        second.claim()
    assert isinstance(StateInUseError("x"), RuntimeError)


def test_the_command_line_refuses_a_second_app(tmp_path, capsys):
    running = Store.at(tmp_path, BOARD)
    running.claim()
    status = main(["sim", "--headless", "--state-dir", str(tmp_path), "--script", os.devnull])
    assert status == 2
    assert "another Kaskade Board app" in capsys.readouterr().err


def test_another_board_on_the_same_machine_has_its_own_lock(tmp_path):
    Store.at(tmp_path, BOARD).claim()
    Store.at(tmp_path, "kaskade-16x16").claim()


def test_a_read_only_state_directory_runs_without_a_lock(tmp_path, monkeypatch):
    store = Store.at(tmp_path, BOARD)
    real_open = os.open

    def no_writes(path, flags, *args):
        if str(path).endswith(LOCK_FILE) and flags & (os.O_RDWR | os.O_WRONLY):
            raise OSError(30, "Read-only file system")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", no_writes)
    notes = store.claim()
    assert notes == [f"{tmp_path / BOARD / LOCK_FILE}: Read-only file system; running without "
                     "a lock"]


def test_temporary_files_left_by_a_kill_are_removed_at_start(tmp_path):
    store = Store.at(tmp_path, BOARD)
    leftover = store.directory / ".current.record.k2j3h4.tmp"
    leftover.write_text("half a game")
    (store.directory / "current.record").write_text("kept")
    notes = store.claim()
    assert not leftover.exists()
    assert (store.directory / "current.record").read_text() == "kept"
    assert notes == [f"removed 1 unfinished temporary file(s) a crash left in {store.directory}"]


def test_the_notice_on_the_leds_is_an_amber_exclamation_mark(tmp_path):
    saved(tmp_path, b"\xff", "settings.json")
    board = BoardHarness(tmp_path)
    board.wait(0.1)
    lit = {name for name in (f"{c}{r}" for c in "abcdefgh" for r in range(1, 9))
           if any(sum(led) for led in board.pad_colours(name))}
    assert lit == {"d1", "e1", *(f"{c}{r}" for c in "de" for r in range(3, 8))}
    red, green, blue = board.pad_colours("d5")[0]
    assert red > green > blue == 0, "amber"


def test_the_lock_goes_with_the_app(tmp_path):
    """A command run in this process (tests, the simulator's runners) lets go when it ends."""
    first = Store.at(tmp_path, BOARD)
    first.claim()
    del first
    Store.at(tmp_path, BOARD).claim()


def test_a_saved_game_with_a_persons_name_in_a_seat_is_resumed(tmp_path):
    saved(tmp_path, HEADER.replace('"human"', '"Anna"') + '[Black "computer 2"]\n\na1\n')
    board = BoardHarness(tmp_path)
    assert board.app.notices == []
    assert board.app.session.person_name(0) == "Anna"
    assert "Anna (White) against level 2" in board.describe()
