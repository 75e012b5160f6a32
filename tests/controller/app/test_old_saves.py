"""Games saved before moves were values (``old_saves/``, one per game, written by that release
with pass, end, throw, a die's number, draw and deals among their moves) load and play on, and
are written back word for word: files keep their text."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from controller.app.autosave import Autosave
from controller.app.session import Session
from controller.games import CHANCE, game_names

SAVES = sorted((Path(__file__).parent / "old_saves").glob("*.record"))


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_game_saved_by_the_release_before_loads_and_saves_the_same(tmp_path, path):
    copy = tmp_path / "current.record"
    shutil.copyfile(path, copy)
    saved = Autosave(copy).load()
    assert saved is not None, "the saved game is read, not set aside"
    assert saved.start.info.name == path.stem
    session = Session(saved.start, saved.moves, saved.tags, Autosave(copy))
    assert session.moves == saved.moves
    assert len(session.state.moves) == len(saved.moves)
    copy.unlink()
    session.save()
    assert copy.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    state = session.state
    session.play(state.sample_chance(random.Random(1)) if state.to_move == CHANCE
                 else state.legal_moves()[0])
    assert session.moves[:-1] == saved.moves, "and play goes on"


def test_every_game_has_a_save_from_the_release_before():
    assert sorted(p.stem for p in SAVES) == sorted(game_names())
