"""Naming the people at the board by touch: the name pad beside the colour pad goes through
the people the board knows; the game's seats carry the names, the description says them, and
the LEDs greet the winner by name. The computer's move on the LEDs, when a person wishes."""

from __future__ import annotations

from controller.games.algebraic import cell_name
from controller.games.kaskade import KaskadeState
from tests.support.board import BoardHarness


def players_screen(board: BoardHarness):
    board.tap(cell_name(0, board.profile.rows - 1))
    board.tap(cell_name(0, board.profile.rows - 1))
    assert board.screen == "PlayersScreen"
    return board.app.screen.layout


def named_board(tmp_path) -> BoardHarness:
    board = BoardHarness(tmp_path)
    for name in ("Anna", "Ben"):
        board.store.history.add_person(name, "2026-11-21")
    return board


def test_with_nobody_named_the_name_pad_is_dark_and_does_nothing(tmp_path):
    board = BoardHarness(tmp_path)
    layout = players_screen(board)
    assert board.pad_colours(cell_name(*layout.name)) == [(0, 0, 0)] * board.profile.per_pad ** 2
    board.tap_pad(layout.name)
    assert board.app.seat_names == {}
    assert "name pad" not in board.describe()


def test_two_people_are_named_by_touch_and_the_winner_is_greeted_by_name(tmp_path):
    board = named_board(tmp_path)
    layout = players_screen(board)
    assert "White is not named · touch the name pad: Anna" in board.describe()
    dim = max(board.pad_colours(cell_name(*layout.name)))
    assert dim[0] > 0, "lit dimly: nobody named yet"
    board.tap_pad(layout.name)
    assert board.app.announcer.message.text == "Anna"
    assert "White is Anna · touch the name pad: Ben" in board.describe()
    board.tap_pad(layout.colour)  # now Black
    board.tap_pad(layout.name)  # Anna sits at White: Black's first choice is Ben
    assert board.app.seat_names == {0: "Anna", 1: "Ben"}
    assert "Black is Ben · touch the name pad: no name" in board.describe()
    board.wait(20)  # the name's caption has gone
    assert max(board.pad_colours(cell_name(*layout.name)))[0] > dim[0], "lit brightly: named"
    board.tap_pad((layout.people.column, layout.people.row))
    board.tap(cell_name(2, 2))  # a 3x3 board
    board.skip_message()
    session = board.app.session
    assert (session.tags["White"], session.tags["Black"]) == ("Anna", "Ben")
    assert "Kaskade 3x3 · Anna (White) and Ben (Black)" in board.describe()
    state = KaskadeState(3, 3)
    while not state.is_over():
        move = state.legal_moves()[0]
        board.play(state.move_name(move), settle=3.0)
        state.play(move)
    winner = ("Anna", "Ben")[state.outcome().winner]
    assert board.app.announcer.message.text.startswith(f"{winner} wins")
    (match,) = board.store.history.matches()
    assert match.players == {"white": "Anna", "black": "Ben"}


def test_a_person_against_the_computer_is_named_and_greeted(tmp_path):
    board = named_board(tmp_path)
    layout = players_screen(board)
    board.tap_pad(layout.name)
    board.tap_pad(layout.name)  # Ben
    board.tap_pad(layout.levels[0])
    board.tap(cell_name(1, 1))  # 2x2
    board.skip_message()
    session = board.app.session
    assert (session.tags["White"], session.tags["Black"]) == ("Ben", "computer 1")
    assert "Ben (White) against level 1" in board.describe()
    screen = board.app.screen
    session.tags["Result"], session.tags["Termination"] = "white", "Black resigned"
    assert screen.result_words()[0] == "Ben won!"
    board.app.settings.language = "de"
    assert screen.result_words()[0] == "Ben hat gewonnen!"


def test_the_computers_move_is_written_on_the_leds_when_wished(tmp_path):
    for wished in (False, True):
        board = BoardHarness(tmp_path / str(wished))
        board.app.settings.show_computer_moves = wished
        board.start_game("3x3", computer=2)
        board.play("a1", settle=3.0)
        played = board.app.screen.computer_played
        assert played is not None
        assert played.startswith("level 2 (Black) played ")
        message = board.app.announcer.message
        if wished:
            move = played.rpartition(" ")[2]
            assert message is not None
            assert message.caption
            assert message.text == f"level 2 played {move}"
            assert f'"level 2 played {move}" on the LEDs over the screen; a touch goes ' \
                "through" in board.describe()
        else:
            assert message is None or "played" not in message.text
