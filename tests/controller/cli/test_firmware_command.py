"""``kaskade firmware``: the commands, and every way a board can be the wrong one — each a
clear error that writes nothing."""

from __future__ import annotations

import filecmp
import os
import shutil

import pytest

from controller.cli import main
from controller.profile import load_profile
from hw.touch.ports import open_serial
from sim.micropython.board import MicroPythonBoard
from sim.touch_board.serve import RunningDevice
from tests.support.micropython import needs_interpreter, powered_board


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    needs_interpreter()
    device = MicroPythonBoard(tmp_path_factory.mktemp("device") / "flash")
    device.power_on()
    yield device
    device.close()


def unchanged(left, right) -> bool:
    comparison = filecmp.dircmp(left, right)
    return not (comparison.left_only or comparison.right_only or comparison.diff_files) and all(
        unchanged(left / name, right / name) for name in comparison.common_dirs)


@pytest.mark.micropython
def test_flash_status_rollback_and_bundle(board, tmp_path, capsys):
    port = board.line.path
    assert main(["firmware", "flash", "--port", port]) == 0
    out = capsys.readouterr().out
    assert "running from set a" in out
    assert "bytes/s" in out
    assert main(["firmware", "flash", "--port", port]) == 0
    assert "is up to date; nothing written" in capsys.readouterr().out
    assert main(["firmware", "status", "--port", port]) == 0
    assert "the firmware this program brings" in capsys.readouterr().out
    assert main(["firmware", "flash", "--port", port, "--compile"]) == 0
    assert "running from set b" in capsys.readouterr().out
    assert main(["firmware", "status", "--port", port]) == 0
    # compiled, it is the bundled firmware too (its hash recorded in firmware/releases.toml)
    assert "the firmware this program brings" in capsys.readouterr().out
    assert main(["firmware", "rollback", "--port", port]) == 0
    assert "back to firmware" in capsys.readouterr().out
    assert main(["firmware", "bundle", "--out", str(tmp_path / "b")]) == 0
    assert (tmp_path / "b" / "manifest.json").exists()


def test_wrong_port_and_no_board_are_clear_errors(tmp_path, capsys):
    assert main(["firmware", "flash", "--port", str(tmp_path / "nothing")]) == 2
    assert "no board at" in capsys.readouterr().err
    assert main(["firmware", "status"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("on the cable: no touch board\nnext: no touch board on USB")
    assert out.lower().count("found:") == 0, "one word for it: 'found' only in the sentence"


@pytest.mark.micropython
def test_a_busy_board_and_a_damaged_bundle_write_nothing(board, tmp_path, capsys):
    before = tmp_path / "before"
    shutil.copytree(board.flash, before)
    held = open_serial(board.line.path)
    try:
        assert main(["firmware", "flash", "--port", board.line.path]) == 2
    finally:
        held.close()
    assert f"is in use by process {os.getpid()} (" in capsys.readouterr().err
    assert main(["firmware", "bundle", "--out", str(tmp_path / "b")]) == 0
    (tmp_path / "b" / "firmware" / "pads.py").write_text("# damaged\n")
    assert main(["firmware", "flash", "--port", board.line.path, "--bundle",
                 str(tmp_path / "b")]) == 2
    assert "does not match the manifest" in capsys.readouterr().err
    assert unchanged(before, board.flash)


def test_a_board_without_micropython_is_named(tmp_path, capsys):
    device = RunningDevice(load_profile("kaskade-8x8"), tmp_path / "touch")
    device.start()
    try:
        assert main(["firmware", "flash", "--port", str(tmp_path / "touch")]) == 2
    finally:
        device.close()
    assert "does not answer as a MicroPython board" in capsys.readouterr().err


@pytest.mark.micropython
def test_status_on_a_new_pico_with_micropython_says_to_flash_it(tmp_path, capsys):
    with powered_board(tmp_path / "flash") as device:
        assert main(["firmware", "status", "--port", device.line.path]) == 1
    out = capsys.readouterr().out
    assert "but no Kaskade firmware on this board" in out
    assert "next: run kaskade firmware flash" in out


def test_micropython_needs_a_pico_in_bootsel_mode(tmp_path, capsys):
    uf2 = tmp_path / "RPI_PICO.uf2"
    uf2.write_bytes(b"not a uf2")
    assert main(["firmware", "micropython", str(uf2)]) == 2
    assert "not a UF2 file" in capsys.readouterr().err
