"""The sensors screen: from the home menu's sensors pad, the readings as a heat map on the
LEDs while the board streams them, back home with the menu button."""

from __future__ import annotations

from controller.app.settings import Settings
from controller.devices.interfaces import PadReadings
from tests.support.board import BoardHarness

Colour = tuple[int, int, int]


class StreamRecorder:
    """Keeps what the driver asks of the touch sensors' stream."""

    def __init__(self) -> None:
        self.asked: list[bool] = []

    def __call__(self, on: bool) -> None:
        self.asked.append(on)


def grey(colour: Colour) -> bool:
    return len(set(colour)) == 1


def blue(colour: Colour) -> bool:
    return colour[2] > max(colour[0], colour[1])


def red(colour: Colour) -> bool:
    return colour[0] > 10 * max(1, colour[1], colour[2])


def white(colour: Colour) -> bool:
    return min(colour) > 0.8 * max(colour) > 0


def test_the_sensors_pad_opens_the_heat_map_and_the_menu_button_closes_it(tmp_path):
    board = BoardHarness(tmp_path)
    stream = StreamRecorder()
    board.touches.stream_readings = stream  # type: ignore[method-assign]
    board.tap("g1")
    assert board.screen == "SensorsScreen"
    assert stream.asked == [True]
    assert all(grey(colour) for colour in board.pad_colours("c3")), "nothing read yet"

    board._event(PadReadings(((18, 700, 0), (9, 640, 60))))
    board.wait(0.1)
    assert all(blue(colour) for colour in board.pad_colours("c3")), "a quiet pad"
    assert all(red(colour) for colour in board.pad_colours("b2")), "a pad past the threshold"

    board.touches.down(9)
    board.wait(0.1)
    assert all(white(colour) for colour in board.pad_colours("b2")), "a touched pad"
    board.touches.up(9)

    board.press("menu")
    assert board.screen == "HomeScreen"
    assert stream.asked == [True, False]


def test_the_heat_map_uses_the_stored_touch_threshold(tmp_path):
    BoardHarness(tmp_path).store.settings.save(Settings(thresholds=[100, 50]))
    board = BoardHarness(tmp_path)
    board.tap("g1")
    board._event(PadReadings(((9, 640, 60),)))
    board.wait(0.1)
    colour = board.pad_colours("b2")[0]
    assert not red(colour), f"60 counts of 100 is short of a touch: {colour}"
    assert colour[1] > colour[2], f"...and past halfway, green to yellow: {colour}"
