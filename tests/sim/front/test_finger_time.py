"""A simulated tap lasts a tap's time on the touch board's clock, not the wall's: on a busy
machine the firmware's scans may stall, and a finger must not come and go between two of them."""

from __future__ import annotations

import io

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.store import Store
from controller.profile import load_profile
from sim.board import sim_board
from sim.front import finger_time
from sim.front.finger_time import Hold, Taps
from sim.front.terminal import TAP, TerminalBoard


class StoppedClock:
    """A board clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Recorder:
    """Fingers on a stopped clock that note what the board is told."""

    def __init__(self) -> None:
        self.clock = StoppedClock()
        self.told: list[tuple[str, int]] = []

    def down(self, pad: int) -> None:
        self.told.append(("down", pad))

    def up(self, pad: int) -> None:
        self.told.append(("up", pad))


def test_a_hold_ends_when_its_clock_has_moved_its_length(monkeypatch):
    monkeypatch.setattr(finger_time, "LIFT", 600.0)
    clock = StoppedClock()
    hold = Hold(clock, 0.12)
    assert not hold.over()
    clock.now += 0.11
    assert not hold.over(), "the wall's time passing is not the board's"
    clock.now += 0.01
    assert hold.over()


def test_a_hold_on_a_board_that_stopped_scanning_ends_on_the_wall_clock(monkeypatch):
    monkeypatch.setattr(finger_time, "LIFT", 0.05)
    hold = Hold(StoppedClock(), 0.01)
    hold.wait()  # returns: a hung board does not hang the front end
    assert hold.over()


def test_the_pads_clock_is_the_time_the_sensors_measured_through():
    board = sim_board(load_profile("kaskade-mini"))
    try:
        board.device.hang()  # type: ignore[union-attr]
        pads = board.fingers
        assert pads is not None
        before = pads.clock()
        board.device.device.run_for(50)  # type: ignore[union-attr]
        assert round(pads.clock() - before, 3) == 0.05
    finally:
        board.close()


def test_a_terminal_tap_is_held_until_the_firmware_has_scanned_it(tmp_path, monkeypatch):
    """The firmware's scanning stalls (its thread stopped, as a starved one would be): the
    typed tap keeps the pad touched until the scans have covered a tap's time."""
    monkeypatch.setattr(finger_time, "LIFT", 600.0)
    profile = load_profile("kaskade-mini")
    board = sim_board(profile)
    try:
        running = board.device
        running.hang()  # type: ignore[union-attr]
        terminal = TerminalBoard(Driver(App(profile, Store.at(tmp_path, profile.name)), board),
                                 io.StringIO(), io.StringIO())
        pads = running.pads  # type: ignore[union-attr]
        terminal._key(" ")
        terminal._release_due()
        assert pads.touched[0], "no scans yet: the finger stays"
        running.device.run_for(round(TAP * 1000) - 20)  # type: ignore[union-attr]
        terminal._release_due()
        assert pads.touched[0]
        running.device.run_for(20)  # type: ignore[union-attr]
        terminal._release_due()
        assert not pads.touched[0], "a tap's time scanned: the finger lifted"
        assert not terminal._free(), "and off the board a tap's time before the next"
        running.device.run_for(round(TAP * 1000))  # type: ignore[union-attr]
        assert terminal._free()
    finally:
        board.close()


def test_a_double_click_is_two_touches_however_slowly_the_board_scans(monkeypatch):
    """Clicks faster than the board's clock: each still touches its pad for a tap and lets go
    for a tap before the next lands, in order (the window's clicks under load)."""
    monkeypatch.setattr(finger_time, "LIFT", 600.0)
    fingers = Recorder()
    taps = Taps(fingers, 0.125)
    for pad in (5, 5, 9):
        taps.press(pad)
        taps.release()
    assert fingers.told == [("down", 5)], "the second press waits for the first to end"
    seen = []
    for _ in range(5):
        fingers.clock.now += 0.125
        taps.step()
        seen.append(list(fingers.told))
    assert fingers.told == [("down", 5), ("up", 5), ("down", 5), ("up", 5), ("down", 9),
                            ("up", 9)]
    assert seen[0] == [("down", 5), ("up", 5)], "let go only after a tap's time"
    assert seen[1][-1] == ("down", 5), "and touched again after a tap's time let go"


def test_a_press_held_is_let_go_only_when_released():
    fingers = Recorder()
    taps = Taps(fingers, 0.125)
    taps.press(3)
    fingers.clock.now += 1.0
    taps.step()
    assert fingers.told == [("down", 3)]
    taps.release()
    assert fingers.told == [("down", 3), ("up", 3)]
