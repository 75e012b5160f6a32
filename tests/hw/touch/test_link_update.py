"""The update offered on the LEDs, end to end: a board emulator (the real MicroPython
interpreter) running an older firmware, the touch link on its pseudo-terminal, and the app
behind the driver: the offer appears, holding its tile updates the board over the link's own
port, the pads fill up, and the board comes back running the bundled firmware. A power cut in
the middle is reported on the board and the link finds the board again afterwards."""

from __future__ import annotations

import queue
import shutil
import time
from pathlib import Path

import pytest

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.store import Store
from controller.devices.interfaces import (
    Board,
    InputEvent,
    PadDown,
    PadUp,
    SensorsFirmware,
    TouchesBack,
    UpdateFinished,
    UpdateProgress,
)
from controller.devices.mock import MockPixels, MockSound
from controller.devices.virtual import VirtualButtons
from controller.profile import load_profile
from controller.render.update import OfferLayout
from firmware.identity import VERSION, content_hash
from hw.flash.bundle import SOURCE, build
from hw.flash.update import bundled_updater, flash
from hw.touch.link import TouchLink
from sim.micropython.board import MicroPythonBoard
from tests.support.micropython import needs_interpreter

pytestmark = pytest.mark.micropython

PROFILE = load_profile("kaskade-8x8")
OLD_VERSION = "0.0.9"


@pytest.fixture(scope="module")
def old_bundle(tmp_path_factory):
    """The firmware as it was one version ago."""
    root = tmp_path_factory.mktemp("old")
    source = root / "source"
    shutil.copytree(SOURCE, source, ignore=shutil.ignore_patterns("__pycache__"))
    identity = source / "identity.py"
    text = identity.read_text(encoding="utf-8")
    assert f'VERSION = "{VERSION}"' in text
    identity.write_text(text.replace(f'VERSION = "{VERSION}"', f'VERSION = "{OLD_VERSION}"'),
                        encoding="utf-8")
    return build(PROFILE, root / "bundle", source=source)


@pytest.fixture
def board(tmp_path, old_bundle):
    needs_interpreter()
    device = MicroPythonBoard(tmp_path / "flash")
    device.power_on()
    flash(device.line.path, old_bundle, PROFILE)
    yield device
    device.close()


class Rig:
    """The app and its driver on a board whose touches come through ``link``; the test's
    thread feeds them the link's events, as the real-time loop does."""

    def __init__(self, state: Path, link: TouchLink) -> None:
        self.events: queue.Queue[InputEvent] = queue.Queue()
        self.seen: list[InputEvent] = []
        self.app = App(PROFILE, Store.at(state, "kaskade-8x8"))
        self.driver = Driver(self.app, Board(PROFILE, MockPixels(), link, VirtualButtons(),
                                             MockSound()))
        self.driver.advance(time.monotonic())
        link.start(self.events.put)

    def until(self, wanted: type, seconds: float) -> InputEvent:
        """Feed the link's events to the app until one of type ``wanted`` has been handled."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                event = self.events.get(timeout=0.1)
            except queue.Empty:
                self.driver.advance(time.monotonic())
                continue
            self.seen.append(event)
            self.driver.feed(event, time.monotonic())
            if isinstance(event, wanted):
                return event
        raise AssertionError(f"no {wanted.__name__} within {seconds} s; seen {self.seen[-5:]}")

    def hold_update_tile(self) -> None:
        tile = OfferLayout.of(PROFILE).update
        pad = tile.row * PROFILE.columns + tile.column
        now = time.monotonic()
        self.driver.feed(PadDown(pad), now)
        self.driver.advance(now + 2.0)
        self.driver.feed(PadUp(pad), now + 2.1)

    @property
    def screen(self) -> str:
        return type(self.app.screen).__name__


def test_the_app_offers_the_update_and_the_board_comes_back_up_to_date(board, tmp_path):
    link = TouchLink(PROFILE, lambda: board.line.path, retry=0.2,
                     updater=bundled_updater(PROFILE))
    rig = Rig(tmp_path / "state", link)
    try:
        found = rig.until(SensorsFirmware, 30)
        assert found.version == OLD_VERSION  # type: ignore[attr-defined]
        assert rig.screen == "UpdateOfferScreen"

        rig.hold_update_tile()
        assert rig.screen == "UpdatingScreen"
        finished = rig.until(UpdateFinished, 120)
        assert finished.error is None, finished  # type: ignore[attr-defined]
        shares = [event.share for event in rig.seen if isinstance(event, UpdateProgress)]
        assert shares
        assert shares == sorted(shares)
        assert shares[-1] == 1.0
        assert rig.screen == "UpdateResultScreen"

        now_running = rig.until(SensorsFirmware, 30)
        assert now_running == SensorsFirmware(VERSION, content_hash(str(SOURCE)))
        rig.driver.advance(time.monotonic() + 5)
        assert rig.screen == "HomeScreen", "up to date: no offer any more"
        assert rig.app.notices == []
    finally:
        link.close()


def test_a_power_cut_during_the_update_is_shown_and_the_board_is_found_again(board, tmp_path):
    link = TouchLink(PROFILE, lambda: board.line.path, retry=0.2,
                     updater=bundled_updater(PROFILE))
    rig = Rig(tmp_path / "state", link)
    try:
        rig.until(SensorsFirmware, 30)
        board.cut_at(board.received + 6000, "power")
        rig.hold_update_tile()
        finished = rig.until(UpdateFinished, 120)
        assert finished.error, "the update cannot have finished"  # type: ignore[attr-defined]
        assert rig.screen == "UpdateResultScreen"
        assert rig.app.notices
        assert "did not finish" in rig.app.notices[-1]

        board.power_on()
        rig.until(TouchesBack, 30)
        running = rig.until(SensorsFirmware, 5)
        assert running.version in (OLD_VERSION, VERSION)  # type: ignore[attr-defined]
        rig.driver.advance(time.monotonic() + 5)
        assert rig.screen == "HomeScreen", "not offered again until the app starts again"
        assert rig.app.touches_lost is None
    finally:
        link.close()
