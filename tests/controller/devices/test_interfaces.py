"""Every part of a board, and the board, closes as gpiozero's devices do: in a ``with`` block,
once however often it is closed, saying so in ``closed`` and in a ``repr`` that also says what
it is."""

from __future__ import annotations

import pytest

from controller.devices.frame import Frame
from controller.devices.interfaces import PixelsOut, Sound, SoundOut
from controller.devices.mock import MockPixels, MockSound, mock_board
from controller.profile import load_profile

PROFILE = load_profile("kaskade-8x8")


class Recorded(PixelsOut):
    """Pixels that note each release in a shared list."""

    def __init__(self, name: str, closings: list[str]) -> None:
        self.name, self.closings = name, closings

    def show(self, frame: Frame) -> None:
        del frame

    def _release(self) -> None:
        self.closings.append(self.name)


class RecordedSound(SoundOut):
    def __init__(self, closings: list[str]) -> None:
        self.closings = closings

    def play(self, sound: Sound) -> None:
        del sound

    def _release(self) -> None:
        self.closings.append("sound")


def test_a_part_closes_at_the_end_of_its_with_block_and_only_once():
    closings: list[str] = []
    with Recorded("pixels", closings) as pixels:
        assert not pixels.closed
    assert pixels.closed
    pixels.close()
    pixels.close()
    assert closings == ["pixels"]


def test_a_part_closes_when_its_block_fails():
    closings: list[str] = []
    with pytest.raises(ZeroDivisionError), Recorded("pixels", closings):
        _ = 1 / 0
    assert closings == ["pixels"]


def test_a_board_closes_every_part_once_the_leds_last():
    closings: list[str] = []
    board = mock_board(PROFILE)
    board.pixels = Recorded("pixels", closings)
    board.sound = RecordedSound(closings)
    with board as opened:
        assert opened is board
        assert not any(part.closed for part in (board, board.touches, board.buttons))
    assert closings == ["sound", "pixels"]
    assert all(part.closed for part in (board, board.touches, board.buttons, board.pixels))
    board.close()
    assert closings == ["sound", "pixels"]


def test_the_repr_says_what_a_part_is_and_whether_it_is_closed():
    board = mock_board(PROFILE)
    assert repr(board) == \
        "<controller.devices.interfaces.Board object for Kaskade Board 8x8, 64 pads, 256 LEDs>"
    pixels, sound = board.pixels, board.sound
    assert isinstance(pixels, MockPixels)
    assert isinstance(sound, MockSound)
    sound.play(Sound.WIN)
    assert repr(pixels) == "<controller.devices.mock.MockPixels object 0 frames shown>"
    assert repr(sound) == "<controller.devices.mock.MockSound object 1 sound played>"
    assert repr(board.touches) == \
        "<controller.devices.virtual.VirtualTouches object not started>"
    board.start(lambda event: None)
    assert repr(board.buttons) == "<controller.devices.virtual.VirtualButtons object started>"
    board.close()
    for part, kind in ((board, "interfaces.Board"), (pixels, "mock.MockPixels"),
                       (board.touches, "virtual.VirtualTouches")):
        assert repr(part) == f"<controller.devices.{kind} object closed>"


def test_a_part_that_says_nothing_of_itself_has_a_bare_repr():
    closings: list[str] = []
    assert repr(RecordedSound(closings)) == \
        f"<{__name__}.RecordedSound object>"

