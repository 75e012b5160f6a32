"""A full card (``ENOSPC`` at the write): the game plays on, saves are tried again after a pause
that grows, each failure is said once rather than thirty times a second, the notices stay few,
and the game is saved as soon as there is room again."""

from __future__ import annotations

import errno
import logging
import os

import pytest

from controller.app.notices import MAX_NOTICES
from controller.app.session import RETRY_LONGEST
from tests.support.board import BoardHarness


class Card:
    """The card under the app's files: full or not; counts the writes tried on it."""

    def __init__(self, monkeypatch) -> None:
        self.full = False
        self.tries = 0
        real = os.fsync

        def fsync(descriptor: int) -> None:
            self.tries += 1
            if self.full:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real(descriptor)

        monkeypatch.setattr(os, "fsync", fsync)


@pytest.fixture
def card(monkeypatch) -> Card:
    return Card(monkeypatch)


def frames(board: BoardHarness, seconds: float) -> None:
    """``seconds`` of a board that animates: the loop steps thirty times a second."""
    for _ in range(round(seconds * 30)):
        board.wait(1 / 30)


def test_saves_on_a_full_card_back_off_and_are_said_once(tmp_path, card, caplog):
    board = BoardHarness(tmp_path)
    board.start_game("4x4")
    card.full = True
    card.tries = 0
    with caplog.at_level(logging.DEBUG, logger="controller.app"):
        board.play("a1", settle=0)
        frames(board, 20)
    assert board.app.session.moves == ["a1"], "play goes on"
    assert 3 <= card.tries <= 6, f"{card.tries} saves tried in 20 s: 1, 2, 4, 8 s apart"
    failures = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(failures) == 1, [r.getMessage() for r in failures]
    assert "No space left on device" in failures[0].getMessage()
    assert len([n for n in board.app.notices if "could not be saved" in n]) == 1
    frames(board, 10 * RETRY_LONGEST)
    assert card.tries <= 6 + 10 + 1, "at most once a minute, however long it stays full"
    card.full = False
    frames(board, RETRY_LONGEST + 1)
    assert "a1" in board.store.autosave.path.read_text(), "saved once there is room"
    assert not board.app.session.unsaved


def test_notices_are_capped_and_not_repeated(tmp_path):
    board = BoardHarness(tmp_path)
    for number in range(3 * MAX_NOTICES):
        board.app._notice(f"problem {number}")
        board.app._notice("the same problem")
    assert len(board.app.notices) == MAX_NOTICES
    assert board.app.notices.count("the same problem") == 1
    assert board.app.notices[-1] == "the same problem", "the latest is last"
    assert f"problem {3 * MAX_NOTICES - 1}" in board.app.notices
    assert "problem 0" not in board.app.notices
