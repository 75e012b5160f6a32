"""Big Balls on the board: undo past the die (which then shows the same number), nothing to undo
before a person's first decision, and the game exactly as it was after a restart."""

from __future__ import annotations

from controller.faces.big_balls.screen import BigBallsScreen
from controller.games.big_balls import THROW, StoneStep
from tests.support.board import BoardHarness


def to_the_die(board: BoardHarness) -> BigBallsScreen:
    board.open_game("big-balls")
    board.start()
    screen = board.app.screen
    assert isinstance(screen, BigBallsScreen)
    board.tap_pad(screen.layout.die[4])
    assert screen.state.moves[-1] == THROW
    board.wait(1.0)
    return screen


def test_undo_after_a_throw_takes_back_the_throw_and_the_die_shows_the_same_again(tmp_path):
    board = BoardHarness(tmp_path)
    screen = to_the_die(board)
    die = screen.state.die
    assert die in range(1, 7)
    board.press("undo")
    assert screen.state.phase == "choose"
    assert screen.state.plies == 2, "the deals stay"
    board.tap_pad(screen.layout.die[4])
    board.wait(1.0)
    assert screen.state.die == die, "taking a move back never throws the die again"


def test_undo_after_a_stone_step_returns_to_the_same_die(tmp_path):
    board = BoardHarness(tmp_path)
    screen = to_the_die(board)
    die = screen.state.die
    step = next(m for m in screen.state.legal_moves() if isinstance(m, StoneStep))
    screen.play(step, board.now)
    board.wait(0.1)
    board.press("undo")
    assert screen.state.phase == "move"
    assert screen.state.die == die


def test_nothing_to_undo_before_the_first_decision(tmp_path):
    board = BoardHarness(tmp_path)
    board.open_game("big-balls")
    board.start()
    board.press("undo")
    assert board.app.screen.state.plies == 2, "the deals are not a person's move"
    assert board.sounds[-1].value == "illegal"


def test_a_game_continues_exactly_after_a_restart(tmp_path):
    board = BoardHarness(tmp_path)
    screen = to_the_die(board)
    position = screen.state.position()
    again = BoardHarness(tmp_path)
    assert again.screen == "BigBallsScreen"
    assert again.app.screen.state.position() == position
