"""The board says aloud what its LEDs write — whose turn, the computer's move, the result, a
lesson's step in full, the puzzle's question — in the board's language, once speech is on
(the home menu's speech pad, or the settings); never a pairing code; nothing said while it is
off, and nothing said later of what was written meanwhile."""

from __future__ import annotations

from controller.app.screens.home import HomeScreen
from controller.app.settings import SettingsFile
from controller.faces.face import lesson
from tests.support.board import BoardHarness


def said(board: BoardHarness) -> list[tuple[str, str]]:
    return list(board.board.speech.said)


def switch_speech(board: BoardHarness) -> None:
    """The home menu's speech pad."""
    home = board.app.screen
    assert isinstance(home, HomeScreen)
    board.tap_pad(home.layout.speech)


def test_nothing_is_said_until_speech_is_switched_on_at_the_board(tmp_path):
    board = BoardHarness(tmp_path)
    board.tap("a8")  # Kaskade's name: written, not said
    assert said(board) == []
    switch_speech(board)
    assert board.app.settings.speech
    assert said(board) == [("speech on", "en")]
    assert SettingsFile(board.store.settings.path).load().speech, "the setting is kept"
    switch_speech(board)
    assert not board.app.settings.speech
    assert said(board) == [("speech on", "en")], "switched off, it says no more"


def test_whose_turn_the_computers_move_and_the_result_are_said(tmp_path):
    board = BoardHarness(tmp_path)
    board.app.settings.speech = True
    board.app.settings.show_computer_moves = True
    board.start_game("3x3", computer=1)
    words = [text for text, _ in said(board)]
    assert "your turn" in words
    board.tap("a1")
    board.wait(3)
    words = [text for text, _ in said(board)]
    assert any(text.startswith("level 1 played ") for text in words), words


def test_the_result_is_said_in_the_boards_language(tmp_path):
    board = BoardHarness(tmp_path)
    board.app.settings.speech = True
    board.app.settings.language = "de"
    board.start_game("2x2")
    for cell in ("a1", "b2", "a2", "b1", "a1"):
        board.skip_message()
        board.tap(cell)
        board.wait(2)
    assert ("Weiß gewinnt", "de") in said(board)
    assert all(language == "de" for _, language in said(board))


def test_a_lessons_step_is_said_in_full(tmp_path):
    board = BoardHarness(tmp_path)
    board.app.settings.speech = True
    board.touches.down(board.pad("a8"))  # Kaskade's tile, held: its lesson
    board.wait(2.5)
    board.touches.up(board.pad("a8"))
    board.wait(0.1)
    step = lesson("kaskade").steps[0]
    assert (step.words, "en") in said(board), "the whole step, not its LED words"


def test_a_pairing_code_is_never_said(tmp_path):
    board = BoardHarness(tmp_path)
    board.app.settings.speech = True
    home = board.app.screen
    board.tap_pad(home.layout.pairing)
    code = board.app.pairing.code.digits
    assert not any(code in text for text, _ in said(board))
    assert board.app.announcer.secret


def test_words_written_while_speech_was_off_are_not_said_later(tmp_path):
    board = BoardHarness(tmp_path)
    board.tap("a8")
    board.tap("h8")
    board.app.settings.speech = True
    board.tap("a8")
    assert said(board) == [("Kaskade - touch again to play", "en")]
