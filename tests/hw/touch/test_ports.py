"""Finding the board among the USB serial devices: by id and serial number, never by guess."""

from __future__ import annotations

import pytest
from serial.tools.list_ports_common import ListPortInfo

from controller.profile.model import Usb
from hw.touch.errors import NoBoardError
from hw.touch.ports import find_board, locator


def port(device: str, vid: int | None = None, pid: int | None = None,
         serial: str | None = None) -> ListPortInfo:
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid, info.pid, info.serial_number = vid, pid, serial
    return info


PICO = Usb()
OTHERS = [port("/dev/ttyAMA0"), port("/dev/ttyUSB0", 0x0403, 0x6001, "FT1")]


def test_the_board_is_found_by_its_usb_id_not_by_position():
    ports = [*OTHERS, port("/dev/ttyACM1", 0x2E8A, 0x0005, "E66138")]
    assert find_board(PICO, ports) == "/dev/ttyACM1"


def test_the_serial_number_picks_one_of_several_boards():
    ports = [port("/dev/ttyACM0", 0x2E8A, 0x0005, "AAAA"), port("/dev/ttyACM1", 0x2E8A, 0x0005,
                                                                 "BBBB")]
    assert find_board(Usb(serial="BBBB"), ports) == "/dev/ttyACM1"
    with pytest.raises(NoBoardError, match=r"2 boards match 2E8A:0005 \(serial numbers AAAA, "
                                           r"BBBB\); set serial under \[touch.usb\]"):
        find_board(PICO, ports)


def test_no_board_says_what_was_found_instead():
    with pytest.raises(NoBoardError, match=r"no touch board on USB \(looking for 2E8A:0005\); "
                                           r"found /dev/ttyAMA0, /dev/ttyUSB0 \(0403:6001 "
                                           r"serial FT1\)\. Is the cable plugged in"):
        find_board(PICO, OTHERS)
    with pytest.raises(NoBoardError, match="no serial devices at all"):
        find_board(Usb(serial="X"), [])


def test_a_port_given_by_hand_is_used_as_given():
    assert locator(PICO, "/dev/kaskade-board")() == "/dev/kaskade-board"
