"""Colliding Circles on the board: undo back to a person's decision past the throws, and a game
that continues after a power cut exactly where it was."""

from __future__ import annotations

from controller.faces.colliding_circles.screen import CollidingCirclesScreen
from controller.games.colliding_circles.pieces import Place
from tests.support.board import BoardHarness

BIG = "kaskade-16x16"


def started(tmp_path) -> BoardHarness:
    board = BoardHarness(tmp_path, BIG)
    board.open_game("colliding-circles")
    assert isinstance(board.app.screen, CollidingCirclesScreen), "no options: it starts at once"
    return board


def place(board: BoardHarness, move: Place) -> None:
    """Tap the die of ``move``'s value in Red's hand, then its field."""
    screen = board.app.screen
    board.tap_pad(screen.layout.hands[0][screen.state.hands[0].index(move.value)])
    board.tap_pad(screen.layout.fields[move.field])


def first_placement(board: BoardHarness) -> Place:
    return next(m for m in board.app.screen.state.legal_moves() if isinstance(m, Place))


def test_undo_goes_back_past_the_throw_to_the_placement(tmp_path):
    board = started(tmp_path)
    state = board.app.screen.state
    move = first_placement(board)
    place(board, move)
    assert state.plies == 4, "the deal of both hands, the opening, Red's refill"
    hands = state.hands[0]
    board.press("undo")
    assert state.plies == 2
    assert state.stage == "opening"
    place(board, move)
    assert state.hands[0] == hands, "the same throw at the same point of the game"


def test_a_game_continues_after_a_power_cut(tmp_path):
    board = started(tmp_path)
    place(board, first_placement(board))
    position = board.app.screen.state.position()
    restarted = BoardHarness(tmp_path, BIG)
    assert isinstance(restarted.app.screen, CollidingCirclesScreen)
    assert restarted.app.screen.state.position() == position
