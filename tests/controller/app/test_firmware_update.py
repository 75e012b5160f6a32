"""The touch board's firmware and its update as the app keeps them (controller/app/
firmware_update.py): offered when the board's differs from the bundled one, put off, asked for
once, refused with a reason when it cannot start, and a failure not offered again."""

from __future__ import annotations

from controller.app.firmware_update import FirmwareUpdate
from controller.devices.firmware import bundled
from controller.devices.interfaces import SensorsFirmware
from firmware.identity import VERSION

OLD = SensorsFirmware("0.0.1", "0BADC0DE")


def test_nothing_is_offered_before_the_board_says_its_firmware():
    update = FirmwareUpdate()
    assert update.standing is None
    assert not update.offered
    assert update.refusal() == "the touch board has not said which firmware it runs"
    assert update.report()["board"] is None


def test_the_bundled_firmware_is_not_offered_again():
    update = FirmwareUpdate()
    update.board_said(SensorsFirmware(VERSION, bundled().content_hash))
    assert not update.offered
    assert update.refusal() == (f"the touch board already runs firmware {VERSION} "
                                f"({bundled().content_hash}), the one this software brings")


def test_other_firmware_is_offered_until_declined():
    update = FirmwareUpdate()
    update.board_said(OLD)
    assert update.offered
    assert update.refusal() is None
    update.decline()
    assert not update.offered
    assert update.refusal() is None, "put off on the board, it can still be asked for"


def test_an_update_asked_for_is_taken_once_and_refused_while_under_way():
    update = FirmwareUpdate()
    update.board_said(OLD)
    assert not update.take()
    update.start()
    assert update.share == 0.0
    assert update.refusal() == "an update is already under way"
    assert update.take()
    assert not update.take(), "the driver passes it on once"
    update.progress(0.5)
    assert update.report()["updating"] == 0.5


def test_a_failed_update_says_so_and_is_not_offered_again():
    update = FirmwareUpdate()
    update.board_said(OLD)
    update.start()
    assert update.finished("the cable was pulled") == \
        "the firmware update did not finish: the cable was pulled"
    assert update.share is None
    assert update.outcome == "did not finish: the cable was pulled"
    assert not update.offered


def test_a_finished_update_says_nothing_more():
    update = FirmwareUpdate()
    update.board_said(OLD)
    update.start()
    assert update.finished(None) is None
    assert update.report()["last_update"] == "updated"
    assert update.offered, "until the board says its new firmware"
