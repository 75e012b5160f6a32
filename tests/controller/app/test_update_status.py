"""Where the updates stand, in the words the board's health screen, the web page and Home
Assistant show: the touch board's firmware (not said yet, current, a newer one ready, under
way, done, rolled back with why) and the program (current, a release waiting, installing,
upgraded, rolled back with why); the health screen says what is notable across the LEDs."""

from __future__ import annotations

import json

from controller import __version__
from controller.app.firmware_update import FirmwareUpdate
from controller.app.update_status import (
    CURRENT,
    DONE,
    NEWER,
    ROLLED_BACK,
    RUNNING,
    UNKNOWN,
    firmware_status,
    program_status,
)
from controller.devices.firmware import bundled
from controller.devices.interfaces import SensorsFirmware
from tests.support.board import BoardHarness

WHEEL = "kaskade_board-9.1.0-py3-none-any.whl"


def test_the_firmwares_update_in_each_state():
    update = FirmwareUpdate()
    assert firmware_status(update).state == UNKNOWN
    ours = bundled()
    update.board_said(SensorsFirmware(ours.version, ours.content_hash))
    assert firmware_status(update).state == CURRENT
    update.board_said(SensorsFirmware("0.0.1", "0" * 8))
    newer = firmware_status(update)
    assert (newer.state, newer.running, newer.latest) == (NEWER, "0.0.1", ours.version)
    assert f"firmware {ours.version} is ready for the touch board, which runs 0.0.1" in \
        newer.words
    update.start()
    update.progress(0.4)
    running = firmware_status(update)
    assert (running.state, running.progress) == (RUNNING, 0.4)
    assert "40 %" in running.words
    update.finished("the cable was pulled")
    rolled = firmware_status(update)
    assert (rolled.state, rolled.why) == (ROLLED_BACK, "the cable was pulled")
    assert "did not take (the cable was pulled); the touch board runs firmware 0.0.1 as " \
           "before" in rolled.words
    again = FirmwareUpdate()
    again.board_said(SensorsFirmware("0.0.1", "0" * 8))
    again.start()
    again.finished(None)
    again.board_said(SensorsFirmware(ours.version, ours.content_hash))
    assert firmware_status(again).state == DONE


def test_the_programs_update_in_each_state(tmp_path):
    assert program_status(tmp_path, outcomes=tmp_path, running=__version__).state == CURRENT
    (tmp_path / "upgrade").mkdir()
    (tmp_path / "upgrade" / WHEEL).write_bytes(b"a wheel")
    waiting = program_status(tmp_path, outcomes=tmp_path, running=__version__)
    assert (waiting.state, waiting.latest) == (NEWER, "9.1.0")
    assert "release 9.1.0 was uploaded and waits to be installed" in waiting.words
    (tmp_path / "upgrade" / WHEEL).unlink()

    def outcome(state: str, message: str) -> None:
        (tmp_path / "upgrade.json").write_text(json.dumps(
            {"state": state, "message": message, "wheel": WHEEL, "time": "2026-11-21"}))

    outcome("installing", f"installing {WHEEL}")
    assert program_status(tmp_path, outcomes=tmp_path, running=__version__).state == RUNNING
    outcome("failed", "kaskade-board-9.1.0 did not report ready within 60 s; "
                      f"kaskade-board-{__version__} runs again")
    failed = program_status(tmp_path, outcomes=tmp_path, running=__version__)
    assert failed.state == ROLLED_BACK
    assert failed.why is not None
    assert "did not report ready within 60 s" in failed.why
    assert "release 9.1.0 did not take (" in failed.words
    assert failed.words.endswith(f"the board runs {__version__}")
    outcome("done", "the board runs kaskade-board-9.1.0")
    done = program_status(tmp_path, outcomes=tmp_path, running="9.1.0")
    assert (done.state, done.words) == (DONE, "the board was upgraded to 9.1.0")


def test_the_health_screen_says_what_is_notable(tmp_path):
    board = BoardHarness(tmp_path)
    (tmp_path / "upgrade").mkdir()
    (tmp_path / "upgrade" / WHEEL).write_bytes(b"a wheel")
    board.app.show(board.app.sensors())
    assert board.app.announcer.text == "release 9.1.0 waits"
    words = board.describe()
    assert "the touch board has not said which firmware it runs" in words
    assert "release 9.1.0 was uploaded and waits to be installed" in words
