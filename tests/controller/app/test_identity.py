"""A board's identity: an id of its own made once and kept in its state (two boards of one
build differ), the name its owner gives it kept beside it, a damaged file set aside and said,
and a name it cannot take refused with nothing changed."""

from __future__ import annotations

import pytest

from controller.app.identity import DEFAULT_NAME, IDENTITY_FILE, BoardNameError, load_identity
from tests.support.board import BoardHarness


def test_a_board_has_an_id_of_its_own_kept_in_its_state(tmp_path):
    first = BoardHarness(tmp_path / "one").app.identity
    assert first.name == DEFAULT_NAME
    assert BoardHarness(tmp_path / "one").app.identity == first, "kept across starts"
    other = BoardHarness(tmp_path / "two").app.identity
    assert other.id != first.id, "another board of the same build is another board"


def test_the_owner_names_the_board_and_the_name_is_kept(tmp_path):
    board = BoardHarness(tmp_path)
    assert board.app.rename("  Living room ") is None
    assert board.app.identity.name == "Living room"
    assert BoardHarness(tmp_path).app.identity.name == "Living room"
    with pytest.raises(BoardNameError, match="1-32 printable characters"):
        board.app.rename("x" * 33)
    with pytest.raises(BoardNameError):
        board.app.rename("line\nbreak")
    assert board.app.identity.name == "Living room", "nothing changed"


def test_a_damaged_identity_is_set_aside_and_said(tmp_path):
    board = BoardHarness(tmp_path)
    kept = board.store.directory / IDENTITY_FILE
    kept.write_text('{"id": "nonsense"}')
    identity, problem = load_identity(board.store.directory)
    assert "set aside" in problem
    assert "new id" in problem
    assert len(identity.id) == 12
    assert load_identity(board.store.directory) == (identity, None)
    assert list(board.store.directory.glob(f"{IDENTITY_FILE}.damaged*"))
