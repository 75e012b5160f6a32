"""A game record in ``current.record`` that the app could not resume — as an upload could
leave one before uploads were checked — never stops the app from starting (under systemd that
would be a crash loop with a dark board): through a real start of the app, each is set aside
with a notice or stored without harm, and the board starts."""

from __future__ import annotations

import gc
import json
import os
from pathlib import Path

import pytest

from controller.app.history import History, Match
from controller.cli import main

BOARD = "kaskade-8x8"
HEADER = '[Game "kaskade"]\n[Size "3x3"]\n'
RESIGNED = '[White "human"]\n[Black "human"]\n[Result "white"]\n[Termination "Black resigned"]\n'


def start(tmp_path: Path, record: str, capsys) -> dict:
    path = tmp_path / BOARD / "current.record"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(record, encoding="utf-8")
    for _ in range(2):  # and again: no start after the first fails either
        assert main(["sim", "--headless", "--state-dir", str(tmp_path), "--script",
                     os.devnull]) == 0
        out = capsys.readouterr().out
        gc.collect()  # the app ended: its lock goes with it (a new process's start)
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.parametrize(("record", "why"), [
    (HEADER + RESIGNED + "\n1. a1 c3\n", "no [Id] naming the game"),
    (HEADER + '[Id "a"]\n[White "human"]\n[Black "computer 9"]\n\na1\n',
     "[Black 'computer 9'] is neither"),
    (HEADER + '[Id "b"]\n[White "human"]\n[Black "human"]\n[Termination "Black resigned"]\n'
     "\na1 c3\n", "[Termination] without a [Result]"),
])
def test_a_record_the_app_cannot_resume_is_set_aside_at_start(tmp_path, capsys, record, why):
    first = start(tmp_path, record, capsys)
    assert first["screen"] == "HomeScreen"  # the second start: the notice was the first's
    damaged = tmp_path / BOARD / "current.record.damaged"
    assert damaged.read_text(encoding="utf-8") == record
    assert not (tmp_path / BOARD / "current.record").exists()


def test_the_notice_says_why(tmp_path, capsys):
    path = tmp_path / BOARD / "current.record"
    path.parent.mkdir(parents=True)
    path.write_text(HEADER + RESIGNED + "\n1. a1 c3\n", encoding="utf-8")
    assert main(["sim", "--headless", "--state-dir", str(tmp_path), "--script",
                 os.devnull]) == 0
    shown = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert shown["screen"] == "NoticeScreen"
    assert "no [Id] naming the game" in shown["notices"][0]
    assert "kept as current.record.damaged" in shown["notices"][0]


def test_a_finished_game_under_a_history_games_id_is_added_beside_it(tmp_path, capsys):
    history = History(tmp_path / "history.sqlite3")
    kept = Match("feedc0de", "kaskade", {"size": "3x3"}, {"white": "human", "black": "human"},
                 "2026-11-21T12:00:00", "2026-11-21T12:05:00", "black", "won", 2,
                 HEADER + '[Id "feedc0de"]\n\n1. b2 a1\n')
    history.add(kept)
    shown = start(tmp_path, HEADER + '[Id "feedc0de"]\n' + RESIGNED + "\n1. a1 c3\n", capsys)
    assert shown["screen"] == "HomeScreen"
    matches = history.matches()
    assert kept in matches, "the game in the history is never replaced"
    assert len(matches) == 2
    added = next(m for m in matches if m != kept)
    assert added.termination == "Black resigned"
    assert f'[Id "{added.id}"]' in added.record
    assert not (tmp_path / BOARD / "current.record").exists()
