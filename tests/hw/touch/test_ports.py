"""Finding the board among the USB serial devices: by id and serial number, never by guess."""

from __future__ import annotations

import errno
import os

import pytest
from serial.tools.list_ports_common import ListPortInfo

from controller.profile.model import Usb
from hw.touch.errors import NoBoardError, PortBusyError
from hw.touch.ports import busy_message, find_board, locator, open_serial, port_holders


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


def test_a_port_given_by_hand_is_used_as_given(tmp_path):
    given = tmp_path / "kaskade-board"
    given.touch()
    assert locator(PICO, str(given), lambda: OTHERS)() == str(given)


def test_a_given_port_that_went_away_is_found_again_by_usb_id(tmp_path):
    """A Pico that reset while its /dev/ttyACM0 was held comes back as /dev/ttyACM1."""
    gone = str(tmp_path / "ttyACM0")
    back = [*OTHERS, port("/dev/ttyACM1", 0x2E8A, 0x0005, "E6614C311B")]
    assert locator(PICO, gone, lambda: back)() == "/dev/ttyACM1"
    with pytest.raises(NoBoardError, match=r"no board at .*ttyACM0 .*and none by its USB id: "
                                           r"no touch board on USB"):
        locator(PICO, gone, lambda: OTHERS)()


@pytest.fixture
def terminal():
    """A real pseudo-terminal whose host end anyone may open, as a board's port is open to
    its group; the master end stays with the test (the "board")."""
    master, slave = os.openpty()
    path = os.ttyname(slave)
    os.chmod(path, 0o666)
    os.close(slave)
    yield path
    os.close(master)


def another_program_opens(path: str) -> str:
    """What a plain ``open`` of ``path`` by another, unprivileged process gives (``cat``
    asks for no lock): "opened", or the error. Run as nobody when the tests run as root, who
    passes every exclusive hold."""
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover (the child's end)
        try:
            os.close(reader)
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(65534)
                os.setuid(65534)
            try:
                os.close(os.open(path, os.O_RDWR | os.O_NOCTTY))
                answer = "opened"
            except OSError as error:
                answer = errno.errorcode.get(error.errno, str(error))
            os.write(writer, answer.encode())
        finally:
            os._exit(0)
    os.close(writer)
    try:
        with os.fdopen(reader, "rb") as answer:
            return answer.read().decode()
    finally:
        os.waitpid(child, 0)


def test_a_second_opener_is_refused_while_the_port_is_held(terminal):
    assert another_program_opens(terminal) == "opened", "a free port opens"
    held = open_serial(terminal)
    try:
        assert another_program_opens(terminal) == "EBUSY", "not even a plain open gets in"
        with pytest.raises(PortBusyError, match=rf"{terminal} is in use by process "
                                                rf"{os.getpid()} \("):
            open_serial(terminal)
    finally:
        held.close()
    assert another_program_opens(terminal) == "opened", "let go at close, also a pty's"


def test_the_holder_is_named_by_its_process_and_command(terminal):
    held = open_serial(terminal)
    try:
        [holder] = port_holders(terminal)
    finally:
        held.close()
    assert holder.startswith(f"process {os.getpid()} (")
    assert "python" in holder or "pytest" in holder
    assert port_holders(terminal) == []


def test_a_holder_this_user_cannot_see_is_named_as_the_service(tmp_path, terminal):
    assert port_holders(terminal, proc=str(tmp_path)) == []
    assert port_holders(terminal, proc=str(tmp_path / "no-proc")) == []
    held = open_serial(terminal)
    try:
        message = busy_message(terminal)
    finally:
        held.close()
    assert message.startswith(f"{terminal} is in use by process")
    assert "sudo systemctl stop kaskade-board" in busy_message("/dev/kaskade-no-such-port")
