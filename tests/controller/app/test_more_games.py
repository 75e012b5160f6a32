"""The app with Cascades and Big Balls: tiles for the games that fit, set-up, undo past the
die (which then shows the same number), resume after a restart, and a saved game too big for the
board."""

from __future__ import annotations

from controller.app.screens.big_balls import BigBallsScreen
from controller.app.screens.cascades import CascadesScreen
from controller.app.screens.options import OptionsScreen
from controller.games.big_balls import THROW, StoneStep
from controller.games.cascades import CascadesState
from controller.games.replay import record_text
from tests.support.board import BoardHarness


def open_game(board: BoardHarness, name: str, level: int = 0) -> None:
    home = board.app.screen
    tile = home.layout.tiles[home.games.index(name)]
    board.tap(f"{'abcdefghijklmnop'[tile.column]}{tile.row + 1}")
    players = board.app.screen.layout
    column, row = (players.people.column, players.people.row) if not level \
        else players.levels[level - 1]
    board.tap(f"{'abcdefghijklmnop'[column]}{row + 1}")


def start(board: BoardHarness) -> None:
    tile = board.app.screen.layout.start
    board.tap(f"{'abcdefghijklmnop'[tile.column]}{tile.row + 1}")


def test_home_has_a_tile_for_every_game_that_fits(tmp_path):
    board = BoardHarness(tmp_path)
    assert board.app.screen.games == ("kaskade", "cascades", "big-balls")


def test_the_cascades_set_up_offers_the_largest_top_row_that_fits_and_keeps_the_choice(tmp_path):
    board = BoardHarness(tmp_path)
    open_game(board, "cascades")
    screen = board.app.screen
    assert isinstance(screen, OptionsScreen)
    assert screen.chosen == {"size": "4", "shape": "widening", "placement": "each",
                             "scoring": "bottom"}
    board.tap("a8")          # the size bar's first pad: a top row of 3
    board.tap("b7")          # the second row, shape: hexagon
    board.tap("d2")          # the third value of the last row does not exist: nothing happens
    assert screen.chosen["size"] == "3"
    assert screen.chosen["shape"] == "hexagon"
    start(board)
    assert isinstance(board.app.screen, CascadesScreen)
    assert board.app.screen.state.options() == {"size": "3", "shape": "hexagon",
                                                "placement": "each", "scoring": "bottom"}
    assert board.app.settings.options["cascades"]["shape"] == "hexagon"


def test_a_cascades_turn_of_one_stone_ends_on_the_end_pad(tmp_path):
    board = BoardHarness(tmp_path)
    open_game(board, "cascades")
    start(board)
    screen = board.app.screen
    layout = screen.layout
    for cell in ("b2", "a2"):
        column, row = layout.pads[screen.state.slope.find(cell)]
        board.tap(f"{'abcdefgh'[column]}{row + 1}")
    assert screen.state.to_move == 1
    column, row = layout.done
    board.tap(f"{'abcdefgh'[column]}{row + 1}")
    assert screen.state.to_move == 0
    assert [screen.state.move_name(m) for m in screen.state.moves] == ["b2", "a2", "end"]


def big_balls_to_the_die(board: BoardHarness) -> BigBallsScreen:
    open_game(board, "big-balls")
    start(board)
    screen = board.app.screen
    assert isinstance(screen, BigBallsScreen)
    column, row = screen.layout.die[4]
    board.tap(f"{'abcdefgh'[column]}{row + 1}")
    assert screen.state.moves[-1] == THROW
    board.wait(1.0)
    return screen


def test_undo_after_a_throw_takes_back_the_throw_and_the_die_shows_the_same_again(tmp_path):
    board = BoardHarness(tmp_path)
    screen = big_balls_to_the_die(board)
    die = screen.state.die
    assert die in range(1, 7)
    board.press("undo")
    assert screen.state.phase == "choose"
    assert screen.state.plies == 2, "the deals stay"
    column, row = screen.layout.die[4]
    board.tap(f"{'abcdefgh'[column]}{row + 1}")
    board.wait(1.0)
    assert screen.state.die == die, "taking a move back never throws the die again"


def test_undo_after_a_stone_step_returns_to_the_same_die(tmp_path):
    board = BoardHarness(tmp_path)
    screen = big_balls_to_the_die(board)
    die = screen.state.die
    step = next(m for m in screen.state.legal_moves() if isinstance(m, StoneStep))
    screen.play(step, board.now)
    board.wait(0.1)
    board.press("undo")
    assert screen.state.phase == "move"
    assert screen.state.die == die


def test_nothing_to_undo_before_the_first_decision(tmp_path):
    board = BoardHarness(tmp_path)
    open_game(board, "big-balls")
    start(board)
    board.press("undo")
    assert board.app.screen.state.plies == 2, "the deals are not a person's move"
    assert board.sounds[-1].value == "illegal"


def test_a_big_balls_game_continues_exactly_after_a_restart(tmp_path):
    board = BoardHarness(tmp_path)
    screen = big_balls_to_the_die(board)
    position = screen.state.position()
    again = BoardHarness(tmp_path)
    assert again.screen == "BigBallsScreen"
    assert again.app.screen.state.position() == position


def test_a_saved_game_too_big_for_the_board_stays_saved_and_home_says_so(tmp_path):
    large = CascadesState.new({"size": "8"})
    BoardHarness(tmp_path).store.autosave.save(record_text(large, ["b2"]))
    board = BoardHarness(tmp_path)
    assert board.screen == "NoticeScreen"
    board.tap("a1")
    assert board.screen == "HomeScreen"
    assert any("does not fit this board" in notice for notice in board.app.notices)
    assert board.store.autosave.load() is not None


def go_home(board: BoardHarness) -> None:
    board.press("menu")
    layout = board.app.screen.layout
    board.tap(f"{'abcdefgh'[layout.home.column]}{layout.home.row + 1}")
    assert board.screen == "HomeScreen"


def test_an_unfinished_game_waits_while_another_game_is_played(tmp_path):
    board = BoardHarness(tmp_path)
    board.start_game("4x4")
    board.play("b2", settle=0.5)
    go_home(board)
    open_game(board, "cascades")
    start(board)
    assert board.screen == "CascadesScreen"
    go_home(board)
    assert board.app.waiting_games() == {"kaskade", "cascades"}
    restarted = BoardHarness(tmp_path)
    assert restarted.screen == "CascadesScreen", "the game in play continues after a restart"
    go_home(restarted)
    assert restarted.app.waiting_games() == {"kaskade", "cascades"}
    tile = restarted.app.screen.layout.tiles[0]
    restarted.tap(f"{'abcdefgh'[tile.column]}{tile.row + 1}")
    assert restarted.screen == "PlayScreen", "the Kaskade tile continues the waiting game"
    assert [restarted.app.screen.state.move_name(m)
            for m in restarted.app.screen.state.moves] == ["b2"]
    assert restarted.app.parked == {"cascades"}
