"""Which device on the cable is this profile's touch board: among the ports with its USB id,
the one whose firmware answers with the profile's board id — never another MicroPython Pico.
The candidates are pyserial's own ``ListPortInfo`` records; the boards behind them are the
simulator's, the real firmware answering on pseudo-terminals."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from serial.tools.list_ports_common import ListPortInfo

from controller.profile import load_profile
from hw.touch.errors import NoBoardError
from hw.touch.identify import TouchBoard, identify
from hw.touch.ports import open_serial
from sim.touch_board.serve import RunningDevice

OURS = load_profile("kaskade-8x8")
OTHER = load_profile("kaskade-mini")


def port(device: str, serial: str | None, vid: int = 0x2E8A, pid: int = 0x0005) -> ListPortInfo:
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid, info.pid, info.serial_number = vid, pid, serial
    return info


@pytest.fixture
def boards(tmp_path) -> Iterator[dict[str, RunningDevice]]:
    """Two Picos on the cable: the touch board of kaskade-8x8, and one with the firmware set
    up for another board (someone's other project, as far as this board is concerned)."""
    devices = {"ours": RunningDevice(OURS, tmp_path / "ours"),
               "other": RunningDevice(OTHER, tmp_path / "other")}
    for device in devices.values():
        device.start()
    yield devices
    for device in devices.values():
        device.close()


def test_the_board_answering_with_the_profiles_id_is_the_one(boards, tmp_path):
    ports = [port("/dev/ttyAMA0", None, vid=None, pid=None),
             port(str(tmp_path / "other"), "E661AAAA"), port(str(tmp_path / "ours"), "E661BBBB")]
    found = identify(OURS, ports)
    assert found == TouchBoard(str(tmp_path / "ours"), "E661BBBB")
    assert found.driver == "pts", "a pseudo-terminal's driver; a Pico's is ttyACM"


def test_another_pico_alone_is_not_taken_for_the_board(boards, tmp_path):
    with pytest.raises(NoBoardError, match=r"no device on USB answers as the touch board of "
                                           r"kaskade-8x8: .*other \(2E8A:0005 serial E661AAAA\)"
                                           r": the board's firmware is set up for kaskade-mini"):
        identify(OURS, [port(str(tmp_path / "other"), "E661AAAA")])


def test_two_boards_answering_alike_are_refused(boards, tmp_path):
    ports = [port(str(tmp_path / "ours"), "E661BBBB"), port(str(tmp_path / "ours"), "E661CCCC")]
    with pytest.raises(NoBoardError, match=r"2 devices answer as the touch board of kaskade-8x8 "
                                           r"\(serial numbers E661BBBB, E661CCCC\)"):
        identify(OURS, ports)


def test_no_candidate_says_what_is_there_instead():
    with pytest.raises(NoBoardError, match=r"no touch board on USB \(looking for 2E8A:0005\); "
                                           r"found /dev/ttyUSB0 \(0403:6001 serial FT1\)"):
        identify(OURS, [port("/dev/ttyUSB0", "FT1", vid=0x0403, pid=0x6001)])


def test_a_board_held_by_another_program_names_it(boards, tmp_path):
    held = open_serial(str(tmp_path / "ours"))
    try:
        with pytest.raises(NoBoardError, match=rf"ours is in use by process {os.getpid()} \("):
            identify(OURS, [port(str(tmp_path / "ours"), "E661BBBB")])
    finally:
        held.close()


@pytest.mark.parametrize(("device", "driver"), [("/dev/ttyACM0", "ttyACM"),
                                                ("/dev/ttyUSB12", "ttyUSB")])
def test_the_ports_driver_is_read_from_its_name(device, driver):
    assert TouchBoard(device, "E661").driver == driver
