"""``kaskade install`` names the touch board in its udev rule by the USB serial number of the
board on the cable — the one whose firmware answers with the profile's board id — so that no
other MicroPython Pico becomes ``/dev/kaskade-board``. Without it on the cable the install
refuses, unless told the serial number or ``--any-pico``. The cable's ports are pyserial's
``ListPortInfo`` records, the boards the simulator's, answering with the real firmware."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from serial.tools.list_ports_common import ListPortInfo

from controller.cli import main
from controller.profile import load_profile
from hw.touch import identify
from hw.touch.ports import open_serial
from sim.touch_board.serve import RunningDevice

RULE = Path("etc/udev/rules.d/99-kaskade-board.rules")
UNIT = Path("etc/systemd/system/kaskade-board.service")


def pico(device: Path | str, serial: str | None) -> ListPortInfo:
    info = ListPortInfo(str(device), skip_link_detection=True)
    info.vid, info.pid, info.serial_number = 0x2E8A, 0x0005, serial
    return info


@pytest.fixture
def cable(monkeypatch) -> Iterator[list[ListPortInfo]]:
    """What pyserial lists on this machine's USB: the test fills it in."""
    ports: list[ListPortInfo] = []
    monkeypatch.setattr(identify, "system_ports", lambda: list(ports))
    return ports


@pytest.fixture
def board(tmp_path) -> Iterator[Path]:
    """The touch board of kaskade-8x8, its firmware running behind a pseudo-terminal."""
    device = RunningDevice(load_profile("kaskade-8x8"), tmp_path / "board")
    device.start()
    yield tmp_path / "board"
    device.close()


def install(root: Path, *options: str) -> int:
    return main(["install", "--profile", "kaskade-8x8", "--root", str(root), *options])


def test_the_board_on_the_cable_is_written_into_the_rule(tmp_path, cable, board, capsys):
    cable += [pico("/dev/ttyACM7", None), pico(board, "E6614C311B7A2F23")]
    assert install(tmp_path / "root") == 0
    assert f"the touch board: {board}, USB serial number E6614C311B7A2F23" in \
        capsys.readouterr().out
    rule = (tmp_path / "root" / RULE).read_text()
    assert 'ATTRS{idProduct}=="0005", ATTRS{serial}=="E6614C311B7A2F23", SYMLINK+=' in rule
    unit = (tmp_path / "root" / UNIT).read_text()
    assert "DeviceAllow=char-pts rw" in unit, "the driver of the port it was found on"


def test_without_the_board_on_the_cable_nothing_is_written(tmp_path, cable, capsys):
    assert install(tmp_path / "root") == 2
    error = capsys.readouterr().err
    assert "no touch board on USB (looking for 2E8A:0005); found no serial devices" in error
    assert "give --serial SERIAL, or --any-pico" in error
    assert not (tmp_path / "root").exists()


def test_another_pico_is_not_taken_for_the_board(tmp_path, cable, capsys):
    other = RunningDevice(load_profile("kaskade-mini"), tmp_path / "other")
    other.start()
    try:
        cable.append(pico(tmp_path / "other", "E661AAAA"))
        assert install(tmp_path / "root") == 2
    finally:
        other.close()
    error = capsys.readouterr().err
    assert "no device on USB answers as the touch board of kaskade-8x8" in error
    assert "set up for kaskade-mini" in error
    assert not (tmp_path / "root").exists()


def test_a_board_the_service_holds_is_named(tmp_path, cable, board, capsys):
    cable.append(pico(board, "E6614C311B7A2F23"))
    held = open_serial(str(board))
    try:
        assert install(tmp_path / "root") == 2
    finally:
        held.close()
    assert f"is in use by process {os.getpid()}" in capsys.readouterr().err


def test_a_board_without_a_serial_number_needs_any_pico(tmp_path, cable, board, capsys):
    cable.append(pico(board, None))
    assert install(tmp_path / "root") == 2
    assert "has no USB serial number a udev rule can match; run this again with --any-pico" in \
        capsys.readouterr().err


def test_a_serial_number_given_needs_no_cable(tmp_path, cable):
    assert install(tmp_path / "root", "--serial", "E6614C311B7A2F23") == 0
    assert 'ATTRS{serial}=="E6614C311B7A2F23"' in (tmp_path / "root" / RULE).read_text()
    assert "DeviceAllow=char-ttyACM rw" in (tmp_path / "root" / UNIT).read_text()


def test_any_pico_is_the_documented_risk_asked_for(tmp_path, cable):
    assert install(tmp_path / "root", "--any-pico") == 0
    rule = (tmp_path / "root" / RULE).read_text()
    assert "ATTRS{serial}" not in rule
    assert "any device with USB id 2E8A:0005: --any-pico" in rule


@pytest.mark.parametrize("serial", ['E66"\nRUN+="/bin/sh -c id"', "a b", ""])
def test_a_serial_number_that_would_change_the_rule_is_refused(tmp_path, cable, serial, capsys):
    assert install(tmp_path / "root", "--serial", serial) == 2
    assert "cannot go into a udev rule" in capsys.readouterr().err
    assert not (tmp_path / "root").exists()


def test_serial_and_any_pico_exclude_each_other(tmp_path, cable, capsys):
    with pytest.raises(SystemExit) as leaving:
        install(tmp_path / "root", "--serial", "E661", "--any-pico")
    assert leaving.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err
