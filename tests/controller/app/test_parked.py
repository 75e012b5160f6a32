"""Unfinished games set aside while another is played (controller/app/parked.py): each in its
own file, found again after a restart, taken back once, and a file that cannot be written or
read said and never taken for a game."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from controller.app.autosave import Autosave
from controller.app.parked import ParkedGames
from controller.app.session import Session
from controller.app.writer import Writer
from controller.games import get_game

NOW = datetime(2026, 1, 2, 3, 4, 5)


def kaskade(tmp_path: Path) -> Session:
    """A Kaskade game of one move, saved in ``current.record``."""
    session = Session.new(get_game("kaskade").new({"size": "3x3"}), NOW,
                          Autosave(tmp_path / "current.record"), game_id="a1b2")
    session.play(session.state.parse_move("b2"))
    return session


def parked_in(tmp_path: Path, notices: list[str | None]) -> ParkedGames:
    return ParkedGames(lambda name: Autosave(tmp_path / f"waiting-{name}.record"),
                       ("kaskade", "cascades"), notices.append)


def test_a_game_set_aside_waits_in_its_file_and_is_taken_back_once(tmp_path):
    notices: list[str | None] = []
    parked = parked_in(tmp_path, notices)
    assert parked.names == set()
    parked.park(kaskade(tmp_path), Writer())
    assert parked.names == {"kaskade"}
    assert (tmp_path / "waiting-kaskade.record").exists()
    assert parked_in(tmp_path, notices).names == {"kaskade"}, "found again after a restart"
    taken = parked.take("kaskade", Writer())
    assert taken is not None
    saved, clear = taken
    assert saved.moves == ["b2"]
    assert saved.tags["Id"] == "a1b2"
    assert parked.names == set()
    clear()
    assert not (tmp_path / "waiting-kaskade.record").exists()
    assert [n for n in notices if n] == []


def test_no_game_and_a_finished_game_are_not_set_aside(tmp_path):
    parked = parked_in(tmp_path, [])
    parked.park(None, Writer())
    session = kaskade(tmp_path)
    session.resign(session.state.to_move)
    parked.park(session, Writer())
    assert parked.names == set()
    assert list(tmp_path.glob("waiting-*")) == []


def test_a_game_that_cannot_be_set_aside_is_said_and_no_longer_waits(tmp_path):
    notices: list[str | None] = []
    parked = ParkedGames(lambda name: Autosave(tmp_path / "missing" / f"waiting-{name}.record"),
                         ("kaskade",), notices.append)
    parked.park(kaskade(tmp_path), Writer())
    assert parked.names == set()
    assert any(n and n.startswith("the unfinished Kaskade game could not be set aside")
               for n in notices)


def test_a_damaged_file_is_said_and_gives_no_game(tmp_path):
    (tmp_path / "waiting-cascades.record").write_text("not a record", encoding="utf-8")
    notices: list[str | None] = []
    parked = parked_in(tmp_path, notices)
    assert parked.names == {"cascades"}
    assert parked.take("cascades", Writer()) is None
    assert parked.names == set()
    assert any(n and "waiting-cascades.record could not be read" in n for n in notices)


def test_a_game_brought_in_takes_the_waiting_ones_place(tmp_path):
    parked = parked_in(tmp_path, [])
    parked.park(kaskade(tmp_path), Writer())
    parked.forget("kaskade")
    assert parked.names == set()
