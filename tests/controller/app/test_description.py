"""The one line of words agrees with what the LEDs show, screen by screen, with whatever lies
over the screen: a lost touch board, words in letters (a caption that touches go through, an
announcement that the next touch only skips), a board asleep, a hint that blinks, the move the
computer just played."""

from __future__ import annotations

from controller.app.screens.notice import NoticeScreen
from controller.devices.interfaces import TouchesBack, TouchesLost
from controller.render.feedback import HINT
from tests.support.board import BoardHarness


def lit_red_frame(board: BoardHarness) -> bool:
    colours = board.frame_colours()
    width = board.profile.led_width
    return all(red > 2 * (green + blue) and red > 0 for red, green, blue in colours[:width])


def test_a_lost_touch_board_is_said_for_as_long_as_the_leds_show_it(tmp_path):
    board = BoardHarness(tmp_path)
    tile = board.app.screen.layout.tiles[0]
    board.tap_pad((tile.column, tile.row))
    board.wait(10)
    assert "touch its tile again" in board.describe()

    board._event(TouchesLost("the connection to the board was lost"))
    board.wait(10)
    assert board.app.announcer.text is None, "the words have gone; the red frame stays"
    assert lit_red_frame(board)
    text = board.describe()
    assert text.startswith("Touch board lost (the connection to the board was lost)")
    assert "touches do nothing" in text
    assert "cable" in text
    assert "touch its tile again" not in text.split(" · when it is back: ")[0]

    board._event(TouchesBack())
    board.wait(10)
    assert not lit_red_frame(board)
    assert board.describe().startswith("Home")


def test_words_that_a_touch_only_skips_are_said_so(tmp_path):
    board = BoardHarness(tmp_path)
    board.open_game("kaskade")
    board.tap("d4")  # the far corner of a 4 x 4 game; "White to move" scrolls
    assert board.app.announcer.text == "White to move"
    text = board.describe()
    assert text.startswith('"White to move" on the LEDs; the next touch only skips these words')
    assert text.index("skips") < text.index("touch an empty cell")
    board.tap("a1")
    assert board.app.session.state.plies == 0, "the touch only skipped the words"
    assert board.describe().startswith("Kaskade 4x4")


def test_a_caption_lets_touches_through_and_says_so(tmp_path):
    board = BoardHarness(tmp_path)
    tile = board.app.screen.layout.tiles[0]
    board.tap_pad((tile.column, tile.row))
    text = board.describe()
    assert text.startswith('"Kaskade - touch again to play" on the LEDs over the screen; '
                           "a touch goes through · then: Home")


def test_a_pairing_code_is_not_written_into_the_line(tmp_path):
    board = BoardHarness(tmp_path)
    board.app.show_pairing_code(board.now)
    text = board.describe()
    code = board.app.pairing.code
    assert code is not None
    assert code.digits not in text
    assert text.startswith("a pairing code for the people at the board on the LEDs")


def test_a_sleeping_board_says_the_first_touch_only_wakes_it(tmp_path):
    board = BoardHarness(tmp_path)
    board.app.settings.sleep_minutes = 1
    board.app.follow_sleep_setting()
    board.tap("h8")
    board.wait(61)
    assert board.describe().startswith("Asleep (dimmed): the first touch only wakes the board")
    board.wait(60)
    assert board.describe().startswith("Asleep (dark)")


def test_the_hint_names_its_cell_while_it_blinks(tmp_path):
    board = BoardHarness(tmp_path)
    board.start_game("4x4")
    board.press("menu")
    layout = board.app.screen.layout
    board.tap_pad((layout.hint.column, layout.hint.row))
    assert "thinking about a hint" in board.describe()
    screen = board.app.screen
    for _ in range(100):
        if screen.hinting is None:
            break
        board.wait(0.1)
    move = screen.hint[0]
    assert move is not None
    name = screen.state.move_name(move)
    assert f"hint: {name} blinks" in board.describe()
    board.wait(HINT)
    assert "hint" not in board.describe(), "the blinking has stopped"


def test_the_computers_move_is_named_until_the_person_moves(tmp_path):
    board = BoardHarness(tmp_path)
    board.start_game("4x4", computer=2)
    board.play("a1")
    session = board.app.session
    assert session.state.plies == 2
    assert f"level 2 (Black) played {session.moves[-1]}" in board.describe()
    empty = next(cell for cell in ("b2", "c3", "d4", "a4") if cell not in session.moves)
    board.play(empty)
    text = board.describe()
    assert f"level 2 (Black) played {session.moves[-1]}" in text
    board.press("undo")
    assert "played" not in board.describe(), "taken back: the computer's move is gone"


def test_the_notice_screen_says_its_notice(tmp_path):
    board = BoardHarness(tmp_path)
    board.app.notices.append("the saved game could not be read")
    board.app.show(NoticeScreen(board.app, board.app.screen))
    assert board.describe() == "Notice: the saved game could not be read · touch to go on"
