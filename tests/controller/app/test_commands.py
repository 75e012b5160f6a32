"""The app's commands, what a front end (the web companion, a runner) asks of the board: a new
game, continuing a waiting one, a game brought in, the game on the board, a change of
settings, a screen of the runner's own — each leaves the board on the screen it says, and a
command that cannot be carried out changes nothing."""

from __future__ import annotations

import pytest

from controller.app.app import (
    GameDoesNotFitError,
    GameOverError,
    NoGameError,
    NothingWaitingError,
    UnknownSettingError,
)
from controller.app.happenings import Ended, Played, TakeBackAsked, TookBack
from controller.app.screens.sensors import SensorsScreen
from controller.games import IllegalMoveError, get_game
from tests.support.board import BoardHarness


def test_a_new_game_is_on_the_board_at_once(tmp_path):
    board = BoardHarness(tmp_path)
    assert board.app.current_game() is None
    session = board.app.new_game(get_game("kaskade").new({"size": "3x3"}), {1: 2})
    assert session is board.app.session
    assert board.screen == "KaskadeScreen"
    assert board.app.current_game() is board.app.screen
    assert session.computer_level(1) == 2


def test_the_game_on_the_board_is_found_under_the_pause_menu(tmp_path):
    board = BoardHarness(tmp_path)
    board.app.new_game(get_game("kaskade").new({"size": "3x3"}), {})
    playing = board.app.screen
    board.press("menu")
    assert board.screen == "PauseScreen"
    assert board.app.current_game() is playing
    board.app.show(SensorsScreen(board.app))
    assert board.app.current_game() is None


def test_a_waiting_game_is_continued_and_one_not_waiting_is_refused(tmp_path):
    board = BoardHarness(tmp_path)
    first = board.app.new_game(get_game("kaskade").new({"size": "3x3"}), {})
    board.app.new_game(get_game("cascades").new({"size": "3"}), {})
    assert board.app.waiting_games() == {"kaskade", "cascades"}
    with pytest.raises(NothingWaitingError, match="no big-balls game waits"):
        board.app.continue_waiting("big-balls")
    assert board.screen == "CascadesScreen", "nothing changed"
    board.app.continue_waiting("kaskade")
    assert board.screen == "KaskadeScreen"
    assert board.app.session.tags["Id"] == first.tags["Id"]


def test_a_game_brought_in_is_on_the_board_and_one_too_large_is_refused(tmp_path):
    board = BoardHarness(tmp_path)
    with pytest.raises(GameDoesNotFitError):
        board.app.continue_game(get_game("kaskade").new({"size": "10x10"}), ["a1"], {})
    assert board.screen == "HomeScreen"
    assert board.app.session is None
    session = board.app.continue_game(get_game("kaskade").new({"size": "3x3"}), ["a1"], {})
    assert board.screen == "KaskadeScreen"
    assert list(session.moves) == ["a1"]


def test_settings_change_apply_and_are_kept(tmp_path):
    board = BoardHarness(tmp_path)
    assert board.app.change_settings({"sound": False, "sleep_minutes": 0.0}) is None
    assert board.app.announcer.sleep_after is None, "followed at once"
    assert BoardHarness(tmp_path).app.settings.sound is False, "kept"


def test_a_change_naming_no_setting_changes_nothing(tmp_path):
    board = BoardHarness(tmp_path)
    with pytest.raises(UnknownSettingError, match="no setting 'volume'"):
        board.app.change_settings({"sound": False, "volume": 3})
    assert board.app.settings.sound is True


# -- the commands for a game in play: what the web companion and the link to a board elsewhere
# -- ask (none of them writes into the game or its screen) -----------------------------------


def remote_game(board: BoardHarness) -> str:
    """A Kaskade game on the board, White played here, Black by a board elsewhere; its id."""
    start = get_game("kaskade").new({"size": "3x3"})
    session = board.app.continue_game(start, [], {"White": "human", "Black": "remote Ben"})
    board.skip_message()
    return session.tags["Id"]


def test_a_move_from_elsewhere_is_played_as_a_value_and_shown(tmp_path):
    board = BoardHarness(tmp_path)
    game = remote_game(board)
    state = board.app.session.state
    board.app.current_game().play(state.parse_move("a1"), board.now)  # a touch here
    board.wait(3.0)
    move = state.parse_move("c3")
    board.app.play_move(game, move, board.now)
    assert board.app.current_game().moved_at == board.now, "shown as any move is"
    assert board.app.session.moves == ["a1", "c3"]
    assert board.app.session.happenings == [Played(0, state.moves[0], "a1", 0),
                                            Played(1, move, "c3", 1)]
    with pytest.raises(IllegalMoveError):
        board.app.play_move(game, move, board.now)  # c3 is Black's now, and White is to move
    assert board.app.session.moves == ["a1", "c3"], "nothing changed"


def test_a_take_back_agreed_elsewhere_and_one_asked_here(tmp_path):
    board = BoardHarness(tmp_path)
    game = remote_game(board)
    state = board.app.session.state
    for text in ("a1", "c3"):
        board.app.play_move(game, state.parse_move(text), board.now)
    board.press("undo")  # a person here asks: the board elsewhere must agree
    assert board.app.session.moves == ["a1", "c3"]
    assert isinstance(board.app.session.happenings[-1], TakeBackAsked)
    board.app.take_back_to(game, 0, board.now)
    assert board.app.session.moves == []
    assert board.app.session.happenings[-2:] == [TookBack(1), TookBack(0)]


def test_a_game_ends_as_words_from_elsewhere_say_and_is_in_the_history(tmp_path):
    board = BoardHarness(tmp_path)
    game = remote_game(board)
    board.app.end_game(game, 0, "Ben's board left the game")
    session = board.app.session
    assert session.finished
    assert session.winner == 0
    assert session.happenings[-1] == Ended(0, "Ben's board left the game")
    assert "Ben's board left the game, White wins" in board.describe()
    assert board.app.store.history.matches()[0].termination == "Ben's board left the game"
    with pytest.raises(GameOverError):
        board.app.end_game(game, 1, "again")


def test_a_seat_is_named_and_words_from_elsewhere_are_shown(tmp_path):
    board = BoardHarness(tmp_path)
    game = remote_game(board)
    board.app.name_seat(game, 1, "remote Benjamin")
    board.app.say_about_game(game, "waiting for Benjamin's board for 2 min")
    words = board.describe()
    assert "Benjamin's board (Black)" in words
    assert "waiting for Benjamin's board for 2 min" in words
    board.app.say_about_game(game, "")
    assert "waiting for" not in board.describe()


def test_commands_for_a_game_not_in_play_are_refused(tmp_path):
    board = BoardHarness(tmp_path)
    game = remote_game(board)
    board.app.new_game(get_game("cascades").new({"size": "3"}), {})  # Kaskade waits
    assert board.app.game(game) is None
    for command in (lambda: board.app.play_move(game, None, board.now),
                    lambda: board.app.take_back_to(game, 0, board.now),
                    lambda: board.app.end_game(game, 0, "left"),
                    lambda: board.app.resign(game)):
        with pytest.raises(NoGameError, match="not in play"):
            command()
    assert board.screen == "CascadesScreen"


def test_resigning_the_game_on_the_board(tmp_path):
    board = BoardHarness(tmp_path)
    with pytest.raises(NoGameError, match="no game is on the board"):
        board.app.resign()
    board.app.new_game(get_game("kaskade").new({"size": "3x3"}), {})
    board.press("menu")  # paused: still the game on the board
    assert board.app.resign() == "White resigned"
    assert board.app.session.happenings[-1] == Ended(1, "White resigned", 0)
    with pytest.raises(GameOverError):
        board.app.resign()


def test_against_a_board_elsewhere_the_people_here_resign_their_own_seat(tmp_path):
    board = BoardHarness(tmp_path)
    game = remote_game(board)
    board.app.play_move(game, board.app.session.state.parse_move("a1"), board.now)
    assert board.app.resign() == "White resigned", "White is played here; Black is to move"


def test_a_hint_lesson_and_new_set_up_by_command(tmp_path):
    board = BoardHarness(tmp_path)
    with pytest.raises(NoGameError):
        board.app.ask_hint()
    board.app.new_game(get_game("kaskade").new({"size": "3x3"}), {})
    assert board.app.ask_hint() is True
    board.app.set_up_new("kaskade")
    assert board.screen == "PlayersScreen"
    assert board.app.waiting_games() == {"kaskade"}, "the game in play waits"
    found = board.app.start_lesson("big-balls", board.now)
    assert board.screen == "LessonScreen"
    assert found.game == "big-balls"
    board.app.set_up_new("cascades-decktet")
    assert board.screen == "OptionsScreen", "a game of one player: straight to its options"
