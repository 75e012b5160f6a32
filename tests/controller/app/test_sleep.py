"""An idle board sleeps: after the set time without a touch the LEDs dim, after as long again
they go dark; the game stays as it was, and the touch that wakes the board plays nothing."""

from __future__ import annotations

import json

import pytest

from controller.app.settings import Settings
from tests.support.board import BoardHarness


def lit(board: BoardHarness) -> int:
    """The brightest drive value over the next three seconds (parts of a game breathe)."""
    peak = 0
    for _ in range(30):
        board.wait(0.1)
        peak = max(peak, *(max(colour) for colour in board.frame_colours()))
    return peak


def test_the_board_dims_then_goes_dark_and_a_touch_only_wakes_it(tmp_path):
    BoardHarness(tmp_path).store.settings.save(Settings(sleep_minutes=1))
    board = BoardHarness(tmp_path)
    board.start_game("4x4")
    board.play("a1", settle=0.5)
    awake = lit(board)
    board.wait(58)
    dimmed = lit(board)
    assert 0 < dimmed < awake / 2
    board.wait(57)
    assert lit(board) == 0, "dark"
    frames = len(board.pixels.frames)
    board.wait(30)
    assert len(board.pixels.frames) == frames, "a dark board sends no frames"
    board.tap("b2")
    assert board.app.session.moves == ["a1"], "the waking touch played nothing"
    assert lit(board) == awake
    board.tap("b2")
    assert board.app.session.moves == ["a1", "b2"]


def test_a_button_wakes_the_board_and_does_nothing_else(tmp_path):
    BoardHarness(tmp_path).store.settings.save(Settings(sleep_minutes=1))
    board = BoardHarness(tmp_path)
    board.start_game("4x4")
    board.play("a1 b2", settle=0.5)
    board.wait(200)
    board.press("undo")
    assert board.app.session.moves == ["a1", "b2"]
    board.press("undo")
    assert board.app.session.moves == ["a1"]


def test_the_computer_moving_keeps_the_board_awake(tmp_path):
    BoardHarness(tmp_path).store.settings.save(Settings(sleep_minutes=0.05))
    board = BoardHarness(tmp_path)
    board.start_game("4x4", computer=1)
    board.app.announcer.last_input = board.now
    board.tap("a1")
    board.wait(2.5)
    assert len(board.app.session.moves) == 2
    assert board.app.announcer.dimming(board.now) == 1.0


def test_sleep_zero_never_sleeps(tmp_path):
    BoardHarness(tmp_path).store.settings.save(Settings(sleep_minutes=0))
    board = BoardHarness(tmp_path)
    before = lit(board)
    board.wait(3 * 3600)
    assert lit(board) == before


@pytest.mark.parametrize(("saved", "reason"), [
    ({"sleep_minutes": -1}, "sleep_minutes"),
    ({"sleep_minutes": "soon"}, "sleep_minutes"),
    ({"language": "fr"}, "language"),
])
def test_a_bad_sleep_time_or_language_is_set_aside_with_the_reason(tmp_path, saved, reason):
    path = tmp_path / "kaskade-8x8" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(saved))
    board = BoardHarness(tmp_path)
    assert board.app.settings == Settings()
    assert any(reason in notice for notice in board.app.notices)

