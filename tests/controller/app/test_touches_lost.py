"""A board whose touch sensors drop out keeps its game, shows that it is disconnected, and goes
on where it was when they are back."""

from __future__ import annotations

from controller.devices.interfaces import TouchesBack, TouchesLost
from tests.support.board import BoardHarness


def test_the_game_waits_in_a_red_frame_while_the_sensors_are_gone(tmp_path):
    board = BoardHarness(tmp_path)
    board.start_game("4x4")
    board.play("a1 b2")
    before = list(board.frame_colours())
    saved = board.store.autosave.path.read_bytes()

    board._event(TouchesLost("the connection to the board was lost"))
    board.wait(0.5)
    assert board.app.announcer.text == "touch board lost", "said in words first"
    board.wait(10)
    assert board.app.announcer.text is None
    lost = board.frame_colours()
    width, height = board.profile.led_width, board.profile.led_height
    edge = [lost[i] for i in range(width)] + [lost[(height - 1) * width + i] for i in range(width)]
    assert all(red > 2 * (green + blue) and red > 0 for red, green, blue in edge)
    middle = (height // 2) * width + width // 2
    assert sum(lost[middle]) <= sum(before[middle])
    frames = len(board.pixels.frames)
    board.wait(1.0)
    assert len(board.pixels.frames) > frames, "the frame pulses"
    assert board.store.autosave.path.read_bytes() == saved

    board._event(TouchesBack())
    board.wait(0.5)
    top = slice((height - 1) * width, height * width)  # outside the 4 x 4 game: still
    assert board.frame_colours()[top] == before[top]
    assert board.app.touches_lost is None
    board.play("c3")
    assert board.app.session is not None
    assert board.app.session.state.plies == 3
