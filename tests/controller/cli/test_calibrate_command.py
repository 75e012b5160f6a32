"""``kaskade calibrate`` against the simulated touch board on a pseudo-terminal."""

from __future__ import annotations

import os
import threading
import time

import pytest

from controller.app.settings import SettingsFile
from controller.cli import main
from controller.profile import load_profile
from firmware.identity import VERSION
from hw.touch.calibration import suggest
from sim.touch_board.serve import RunningDevice
from tests.support.calibration_report import read_report


@pytest.fixture
def running(tmp_path):
    device = RunningDevice(load_profile("kaskade-8x8"), tmp_path / "board")
    device.start()
    yield device
    device.close()


def test_the_readings_show_a_touched_pad_and_a_suggestion(running, tmp_path, capsys):
    def touch_later() -> None:
        """Touch in the second half of the watch, however long the handshake took: the first
        half is the hands-off part that measures the noise."""
        deadline = time.monotonic() + 60
        while not (running.device.board is not None and running.device.board.diagnose):
            if time.monotonic() > deadline:
                return
            time.sleep(0.01)
        time.sleep(1.3)
        running.pads.down(9)  # b2

    threading.Thread(target=touch_later, daemon=True).start()
    assert main(["calibrate", "--port", str(tmp_path / "board"), "--seconds", "2",
                 "--state-dir", str(tmp_path / "state")]) == 0
    out = capsys.readouterr().out
    row_2, touch, release = read_report(out, f"kaskade-8x8: firmware {VERSION}")
    assert row_2.split()[2].endswith("*"), row_2  # b2, past the touch threshold
    assert 12 <= touch < 40  # above the noise, well below a finger (45 counts)
    assert 6 <= release < touch


def test_set_stores_and_sends_the_thresholds(running, tmp_path, capsys):
    assert main(["calibrate", "--port", str(tmp_path / "board"), "--seconds", "0.3",
                 "--set", "20", "9", "--state-dir", str(tmp_path / "state")]) == 0
    assert "thresholds set: touch 20, release 9" in capsys.readouterr().out
    assert running.device.board is not None
    assert (running.device.board.pads.touch, running.device.board.pads.release) == (20, 9)
    settings = SettingsFile(tmp_path / "state" / "kaskade-8x8" / "settings.json").load()
    assert settings.thresholds == [20, 9]


def test_impossible_thresholds_and_a_missing_board_are_clear_errors(tmp_path, capsys):
    assert main(["calibrate", "--port", str(tmp_path / "x"), "--set", "5", "9",
                 "--state-dir", str(tmp_path)]) == 2
    assert "release threshold must be below the touch threshold" in capsys.readouterr().err
    assert main(["calibrate", "--port", str(tmp_path / "x"), "--state-dir", str(tmp_path)]) == 2
    assert "no board at" in capsys.readouterr().err


@pytest.mark.parametrize(("noise", "expected"),
                         [(0, (12, 6)), (6, (12, 6)), (8, (16, 8)), (15, (30, 15))])
def test_suggestions_clear_the_noise(noise, expected):
    assert suggest(noise, 12, 6) == expected


def test_a_watch_of_no_time_is_refused(tmp_path, capsys):
    assert main(["calibrate", "--seconds", "0", "--state-dir", str(tmp_path)]) == 2
    assert "--seconds 0: give a time above 0" in capsys.readouterr().err


def test_a_port_the_board_app_holds_is_named_as_busy(running, tmp_path, capsys):
    from hw.touch.ports import open_serial

    held = open_serial(str(tmp_path / "board"))
    try:
        assert main(["calibrate", "--port", str(tmp_path / "board"), "--state-dir",
                     str(tmp_path / "state")]) == 2
    finally:
        held.close()
    error = capsys.readouterr().err
    assert f"is in use by process {os.getpid()} (" in error, "the holder, by name"
    assert "sensors pad" in error

