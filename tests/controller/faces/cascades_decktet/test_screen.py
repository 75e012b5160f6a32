"""The Decktet solitaire on the board: its set-up without seats, its remembered options, and undo
back to the deal, also after a power cut."""

from __future__ import annotations

from controller.app.screens.options import OptionsScreen
from controller.faces.cascades_decktet.screen import CascadesDecktetScreen
from controller.games.cascades_decktet.moves import DRAW
from tests.support.board import BoardHarness

BIG = "kaskade-16x16"


def test_the_solitaire_skips_the_seats_and_remembers_its_options(tmp_path):
    board = BoardHarness(tmp_path, BIG)
    board.open_game("cascades-decktet")
    options = board.app.screen
    assert isinstance(options, OptionsScreen)
    assert [c.name for c in options.choices] == ["version", "passes", "pawns", "courts"]
    assert options.chosen == {"version": "standard", "passes": "3", "pawns": "no",
                              "courts": "no"}
    board.start()
    screen = board.app.screen
    assert isinstance(screen, CascadesDecktetScreen)
    assert screen.state.dealt
    assert board.app.session.computer_level(0) is None, "the player plays"


def test_the_solitaire_undoes_to_the_deal_and_continues_after_a_power_cut(tmp_path):
    board = BoardHarness(tmp_path, BIG)
    board.open_game("cascades-decktet")
    board.start()
    screen = board.app.screen
    state = screen.state
    deal = state.position()
    board.tap_pad(screen.layout.stock[0])
    assert state.moves[-1] == DRAW
    drawn = state.position()
    restarted = BoardHarness(tmp_path, BIG)
    assert restarted.app.screen.state.position() == drawn
    restarted.press("undo")
    assert restarted.app.screen.state.position() == deal
    restarted.press("undo")
    assert restarted.app.screen.state.position() == deal, "the deal itself stays"
