"""The app with Colliding Circles and the Decktet solitaire: which boards offer them, the
solitaire's set-up without seats, undo back to a person's decision past throws and the deal,
and a game that continues after a power cut exactly where it was."""

from __future__ import annotations

from controller.app.screens.colliding_circles import CollidingCirclesScreen
from controller.app.screens.decktet import DecktetScreen
from controller.app.screens.options import OptionsScreen
from controller.games.cascades_decktet.moves import DRAW
from controller.games.colliding_circles.pieces import Place
from tests.support.board import BoardHarness

BIG = "kaskade-16x16"
LETTERS = "abcdefghijklmnop"


def pad_name(pad: tuple[int, int]) -> str:
    return f"{LETTERS[pad[0]]}{pad[1] + 1}"


def open_game(board: BoardHarness, name: str) -> None:
    home = board.app.screen
    tile = home.layout.tiles[home.games.index(name)]
    board.tap(pad_name((tile.column, tile.row)))


def test_the_big_board_offers_all_five_games_and_the_small_one_three(tmp_path):
    assert BoardHarness(tmp_path / "big", BIG).app.screen.games == (
        "kaskade", "cascades", "big-balls", "colliding-circles", "cascades-decktet")
    assert BoardHarness(tmp_path / "small").app.screen.games == (
        "kaskade", "cascades", "big-balls")


def colliding(tmp_path) -> BoardHarness:
    board = BoardHarness(tmp_path, BIG)
    open_game(board, "colliding-circles")
    people = board.app.screen.layout.people
    board.tap(pad_name((people.column, people.row)))
    assert isinstance(board.app.screen, CollidingCirclesScreen)
    return board


def test_undo_in_colliding_circles_goes_back_past_the_throw_to_the_placement(tmp_path):
    board = colliding(tmp_path)
    screen = board.app.screen
    state = screen.state
    place = next(m for m in state.legal_moves() if isinstance(m, Place))
    board.tap(pad_name(screen.layout.hands[0][state.hands[0].index(place.value)]))
    board.tap(pad_name(screen.layout.fields[place.field]))
    assert state.plies == 4, "the deal of both hands, the opening, Red's refill"
    hands = state.hands[0]
    board.press("undo")
    assert state.plies == 2
    assert state.stage == "opening"
    board.tap(pad_name(screen.layout.hands[0][state.hands[0].index(place.value)]))
    board.tap(pad_name(screen.layout.fields[place.field]))
    assert state.hands[0] == hands, "the same throw at the same point of the game"


def test_colliding_circles_continues_after_a_power_cut(tmp_path):
    board = colliding(tmp_path)
    screen = board.app.screen
    state = screen.state
    place = next(m for m in state.legal_moves() if isinstance(m, Place))
    board.tap(pad_name(screen.layout.hands[0][state.hands[0].index(place.value)]))
    board.tap(pad_name(screen.layout.fields[place.field]))
    position = state.position()
    restarted = BoardHarness(tmp_path, BIG)
    assert isinstance(restarted.app.screen, CollidingCirclesScreen)
    assert restarted.app.screen.state.position() == position


def test_the_solitaire_skips_the_seats_and_remembers_its_options(tmp_path):
    board = BoardHarness(tmp_path, BIG)
    open_game(board, "cascades-decktet")
    options = board.app.screen
    assert isinstance(options, OptionsScreen)
    assert [c.name for c in options.choices] == ["version", "passes", "pawns", "courts"]
    assert options.chosen == {"version": "standard", "passes": "3", "pawns": "no",
                              "courts": "no"}
    start = options.layout.start
    board.tap(pad_name((start.column, start.row)))
    screen = board.app.screen
    assert isinstance(screen, DecktetScreen)
    assert screen.state.dealt
    assert board.app.session.computer_level(0) is None, "the player plays"


def test_the_solitaire_undoes_to_the_deal_and_continues_after_a_power_cut(tmp_path):
    board = BoardHarness(tmp_path, BIG)
    open_game(board, "cascades-decktet")
    start = board.app.screen.layout.start
    board.tap(pad_name((start.column, start.row)))
    screen = board.app.screen
    state = screen.state
    deal = state.position()
    board.tap(pad_name(screen.layout.stock[0]))
    assert state.moves[-1] == DRAW
    drawn = state.position()
    restarted = BoardHarness(tmp_path, BIG)
    assert restarted.app.screen.state.position() == drawn
    restarted.press("undo")
    assert restarted.app.screen.state.position() == deal
    restarted.press("undo")
    assert restarted.app.screen.state.position() == deal, "the deal itself stays"
