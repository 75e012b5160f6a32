"""The composition root (the runners' choice of backend) opens every backend the same way and
says clearly when one cannot be used here."""

import pytest

from controller.cli.backends import detect, open_board
from controller.devices.errors import BackendError
from controller.devices.interfaces import Board, ButtonsIn, PixelsOut, SoundOut, TouchesIn
from controller.devices.mock import MockPixels
from controller.profile import load_profile
from sim.board import SimPixels

PROFILE = load_profile("kaskade-8x8")


@pytest.mark.parametrize(("kind", "pixels"), [("mock", MockPixels), ("sim", SimPixels)])
def test_backends_open_as_boards_of_the_four_interfaces(kind, pixels):
    board = open_board(kind, PROFILE)
    assert isinstance(board, Board)
    assert isinstance(board.pixels, pixels)
    assert isinstance(board.pixels, PixelsOut)
    assert isinstance(board.touches, TouchesIn)
    assert isinstance(board.buttons, ButtonsIn)
    assert isinstance(board.sound, SoundOut)
    assert board.profile is PROFILE
    board.close()


def test_an_unknown_backend_lists_the_choices():
    with pytest.raises(BackendError, match="no board backend 'usb'; choose one of sim, pi, auto"):
        open_board("usb", PROFILE)


def test_the_pi_backend_says_what_is_missing_here():
    with pytest.raises(BackendError, match=r"this is not a Raspberry Pi: .*use kaskade sim"):
        open_board("pi", PROFILE)


def test_auto_picks_the_simulator_off_a_pi(tmp_path):
    assert detect(tmp_path / "no-such-file") == "sim"
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 4 Model B Rev 1.4\x00")
    assert detect(model) == "sim", "without an LED library installed"
    board = open_board("auto", PROFILE)
    assert board.pixels.__class__ is SimPixels
    board.close()


def test_closing_a_board_closes_the_pixels_last():
    board = open_board("mock", PROFILE)
    board.close()
    assert board.pixels.closed


def test_auto_picks_the_real_board_on_a_pi_with_its_libraries(tmp_path, monkeypatch):
    from controller.cli import backends

    model = tmp_path / "model"
    model.write_text("Raspberry Pi 5 Model B Rev 1.0\x00")
    monkeypatch.setattr(backends, "_installed", lambda name: name in ("gpiozero", "neopixel"))
    assert detect(model) == "pi"
    monkeypatch.setattr(backends, "_installed", lambda name: name == "neopixel")
    assert detect(model) == "sim", "no gpiozero"
