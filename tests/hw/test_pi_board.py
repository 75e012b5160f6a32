"""The real board assembled on a (faked) Pi 4 through the composition root: the LEDs on
rpi_ws281x, the buttons, buzzer and status LED on gpiozero's MockFactory, touches through the
touch link; a pin already taken is a clear error that leaves the LEDs dark. On a machine that
is not a Pi, a board whose LEDs go over the network runs without the pins."""

from __future__ import annotations

import queue
import sys
import time
from dataclasses import replace

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory, MockPWMPin

from controller.cli.backends import open_board
from controller.devices.errors import BackendError
from controller.devices.interfaces import ButtonDown, InputEvent, Sound, TouchesLost
from controller.profile import load_profile
from controller.profile.model import Ddp
from controller.render.output import FrameMaker
from hw.board import NoButtons, PiBoard
from hw.pi.facts import Facts
from sim.wled import DdpReceiver
from tests.support.fake_leds import FakeWs281x

PROFILE = load_profile("kaskade-8x8")
SPI = frozenset({"/dev/spidev0.0", "/dev/gpiomem"})
PI4 = Facts("Raspberry Pi 4 Model B Rev 1.4", SPI, SPI, modules=frozenset({"_rpi_ws281x"}),
            config="dtparam=spi=on\ncore_freq_min=500\n")


@pytest.fixture
def parts(monkeypatch):
    library = FakeWs281x()
    monkeypatch.setitem(sys.modules, "_rpi_ws281x", library)
    factory = MockFactory(pin_class=MockPWMPin)
    yield library, factory
    factory.reset()


def test_the_pi_board_drives_every_part(parts, tmp_path):
    library, factory = parts
    board = open_board("pi", PROFILE, port=str(tmp_path / "no-board"), facts=PI4,
                       pin_factory=factory)
    assert isinstance(board, PiBoard)
    events: queue.Queue[InputEvent] = queue.Queue()
    board.start(events.put)
    lost = events.get(timeout=60)
    assert isinstance(lost, TouchesLost)
    assert "no board at" in lost.reason
    status = factory.pin(PROFILE.gpio.status_led)
    seen = set()
    deadline = time.monotonic() + 60
    while seen != {True, False} and time.monotonic() < deadline:
        seen.add(bool(status.state))
        time.sleep(0.01)
    assert seen == {True, False}, "the status LED blinks while the touch board is away"

    factory.pin(PROFILE.gpio.menu_button).drive_low()
    assert events.get(timeout=60) == ButtonDown("menu")
    board.sound.play(Sound.MOVE)
    buzzer = factory.pin(PROFILE.gpio.buzzer)
    deadline = time.monotonic() + 60
    while not buzzer.state and time.monotonic() < deadline:
        time.sleep(0.002)
    assert round(buzzer.frequency) == 880

    frame = FrameMaker(PROFILE).make(bytes([90] * PROFILE.leds * 3), 1.0)
    board.pixels.show(frame)
    assert library.controllers[0].wire[0] == frame.channels[0]
    board.close()
    assert not any(library.controllers[0].wire[0]), "dark at the end"
    assert not status.state


def test_a_pin_in_use_is_a_clear_error_and_the_leds_are_let_go(parts, tmp_path):
    library, factory = parts
    taken = LED(PROFILE.gpio.buzzer, pin_factory=factory)
    with pytest.raises(BackendError, match="cannot use their pins"):
        open_board("pi", PROFILE, port=str(tmp_path / "no-board"), facts=PI4,
                   pin_factory=factory)
    assert library.controllers[0].finished, "the LEDs were released"
    taken.close()


def test_the_pi_board_closes_as_gpiozeros_devices_do(parts, tmp_path):
    """In a ``with`` block, every part closed once at its end (the LEDs dark, the pins free for
    another program), its profile and then that it is closed in its ``repr``."""
    library, factory = parts
    with open_board("pi", PROFILE, port=str(tmp_path / "no-board"), facts=PI4,
                    pin_factory=factory) as board:
        assert repr(board) == "<hw.board.PiBoard object for Kaskade Board 8x8, 64 pads, " \
            "256 LEDs>"
        board.start(lambda event: None)
    assert board.closed
    assert repr(board) == "<hw.board.PiBoard object closed>"
    assert board.status is not None
    for part in (board.pixels, board.touches, board.buttons, board.sound, board.status):
        assert part.closed, part
    assert library.controllers[0].finished
    board.close()
    for pin in (PROFILE.gpio.menu_button, PROFILE.gpio.buzzer, PROFILE.gpio.status_led):
        LED(pin, pin_factory=factory).close()  # free again: gpiozero refuses a pin in use


def test_off_a_pi_a_board_with_its_leds_on_the_network_runs_without_pins(tmp_path):
    profile = replace(PROFILE, led_backend="ddp")
    with DdpReceiver(profile.leds) as receiver:
        networked = replace(profile, ddp=Ddp("127.0.0.1", receiver.port))
        board = open_board("pi", networked, port=str(tmp_path / "no-board"), facts=Facts(None))
        assert isinstance(board.buttons, NoButtons)
        assert "web page's buttons stand in" in repr(board.buttons)
        frame = FrameMaker(profile).make(bytes([90] * profile.leds * 3), 1.0)
        board.pixels.show(frame)
        green, red, blue = frame.channels[0][:3]  # a GRB strip
        assert receiver.wait(lambda shown: any(shown.rgb), 30).rgb[:3] == bytes((red, green, blue))
        board.close()
