"""What the simulator's window (under the mouse) and terminal (at the cursor) say about a pad:
the screen's words for it, the pad's name never said twice."""

from __future__ import annotations

from sim.front.pad_caption import pad_caption
from tests.support.board import BoardHarness


def test_a_cell_is_named_once_and_a_tile_by_its_pad(tmp_path):
    board = BoardHarness(tmp_path)
    home = board.app.screen
    assert pad_caption(home, "a8", board.pad("a8")) == \
        "pad a8 · Kaskade · touch: its name · hold: learn it"
    board.start_game("3x3")
    game = board.app.screen
    assert pad_caption(game, "c3", board.pad("c3")) == "c3 · empty · touch: a ball goes here"
    assert pad_caption(game, "h8", board.pad("h8")) == "pad h8 · outside the game"
