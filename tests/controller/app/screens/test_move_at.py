"""What a tap on a pad plays, asked without tapping (a web page holding a remote seat maps its
taps with it): in Kaskade and Cascades every legal move is under at least one pad, no pad
names a move that is not legal, and a real tap on a pad plays just what it named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from controller.app.screens.game import GameScreen
from controller.games.cascades import END, PASS
from tests.support.board import BoardHarness


def moves_under_pads(screen: GameScreen[Any]) -> dict[int, str]:
    state = screen.state
    return {pad: state.move_name(move) for pad in range(screen.profile.pads)
            if (move := screen.move_at(pad)) is not None}


def check(board: BoardHarness) -> None:
    """Every legal move has a pad, every pad's move is legal, and a tap plays it."""
    screen = board.app.screen
    assert isinstance(screen, GameScreen)
    state = screen.state
    named = moves_under_pads(screen)
    assert set(named.values()) == {state.move_name(move) for move in state.legal_moves()}
    pad, move = next(iter(named.items()))
    before = len(state.moves)
    board.tap_pad((pad % board.profile.columns, pad // board.profile.columns))
    assert len(state.moves) == before + 1
    assert state.move_name(state.moves[-1]) == move


def test_kaskade_cells(tmp_path: Path) -> None:
    board = BoardHarness(tmp_path)
    board.start_game("4x4")
    screen = board.app.screen
    assert isinstance(screen, GameScreen)
    assert screen.move_at(4 * board.profile.columns + 4) is None  # outside the 4 x 4 game
    check(board)
    check(board)  # and for the other side: the move of whoever is to move


def test_cascades_cells_and_the_pass_or_end_pad(tmp_path: Path) -> None:
    board = BoardHarness(tmp_path)
    board.open_game("cascades")
    board.start()
    check(board)  # a first stone
    screen = board.app.screen
    assert isinstance(screen, GameScreen)
    done = {screen.state.move_name(move) for move in (PASS, END)
            if move in screen.state.legal_moves()}
    assert done  # the pass / end pad plays it
    assert done <= set(moves_under_pads(screen).values())
    check(board)
