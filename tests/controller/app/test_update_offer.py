"""The firmware update offered on the LEDs: shown on the way home when the touch board's
firmware differs from the bundled one (older, newer, changed or foreign), started by holding
its tile, its progress and its outcome on the pads, and never in the middle of a game."""

from __future__ import annotations

import pytest

from controller.app.screens.update import RESULT_SECONDS, UPDATE_HOLD, UpdatingScreen
from controller.devices.firmware import bundled
from controller.devices.interfaces import (
    SensorsFirmware,
    Sound,
    UpdateFinished,
    UpdateProgress,
)
from controller.games.algebraic import cell_name
from controller.render.update import UPDATE, OfferLayout
from firmware.identity import VERSION
from tests.support.board import BoardHarness

OLD = SensorsFirmware("0.0.1", "0BADC0DE")


class Requests:
    """Counts the driver's requests to update the touch board."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> None:
        self.count += 1


@pytest.fixture
def board(tmp_path) -> BoardHarness:
    harness = BoardHarness(tmp_path)
    harness.requests = Requests()  # type: ignore[attr-defined]
    harness.touches.update_firmware = harness.requests  # type: ignore[method-assign]
    return harness


def tile_pad(board: BoardHarness, name: str) -> str:
    tile = getattr(OfferLayout.of(board.profile), name)
    return cell_name(tile.column, tile.row)


def _is_update(board: BoardHarness, pad: int) -> bool:
    """Whether ``pad`` shows the update's colour at full strength (on the LEDs the share's
    figures, written over the pads, leave free)."""
    colours = board.pad_colours(cell_name(pad % board.profile.columns,
                                          pad // board.profile.columns))
    return any(colour[2] > 100 and colour[1] > 50 and colour[0] < 10 for colour in colours)


def test_an_older_board_is_offered_the_update_on_the_home_screen(board):
    assert board.screen == "HomeScreen"
    board._event(OLD)
    board.wait(0.1)
    assert board.screen == "UpdateOfferScreen"
    layout = OfferLayout.of(board.profile)
    arrow_top = cell_name((board.profile.columns - 1) // 2, board.profile.rows - 1)
    colour = board.pad_colours(arrow_top)[0]
    assert colour[2] > colour[0], "a cyan arrow"
    assert len(layout.arrow) > 6


def test_a_board_with_the_bundled_content_is_left_alone(board):
    board._event(SensorsFirmware(VERSION, bundled().content_hash))
    board.wait(0.1)
    assert board.screen == "HomeScreen"
    assert not board.app.firmware_update.offered


@pytest.mark.parametrize(("version", "said"), [
    ("0.0.9", f"firmware 0.0.9 (12345678), older than this program's {VERSION}"),
    ("99.0.0", f"firmware 99.0.0 (12345678), newer than this program's {VERSION}"),
    (VERSION, f"firmware of the same version {VERSION} but other content (12345678"),
    ("home-made", "firmware 'home-made' (12345678), not this board's firmware"),
])
def test_any_other_content_is_offered_the_update_saying_how_it_differs(board, version, said):
    board._event(SensorsFirmware(version, "12345678"))
    board.wait(0.1)
    assert board.screen == "UpdateOfferScreen"
    described = board.app.screen.describe(0.0)
    assert said in described
    assert described.startswith("The touch board has firmware")
    assert "hold the update pad" in described


def test_holding_the_update_tile_updates_and_shows_the_progress(board):
    board._event(OLD)
    board.wait(0.1)
    pad = board.pad(tile_pad(board, "update"))
    board.touches.down(pad)
    board.wait(UPDATE_HOLD / 2)
    assert board.screen == "UpdateOfferScreen", "a tap or a short touch does not start it"
    board.wait(UPDATE_HOLD)
    board.touches.up(pad)
    board.wait(0.05)
    assert board.screen == "UpdatingScreen"
    assert board.requests.count == 1  # type: ignore[attr-defined]

    board._event(UpdateProgress(0.5))
    board.wait(0.6)
    half = sum(_is_update(board, pad) for pad in range(board.profile.pads))
    assert half == board.profile.pads // 2
    board.tap("a1")
    board.press("menu")
    assert board.screen == "UpdatingScreen", "an update runs to its end"

    board._event(UpdateProgress(1.0))
    board.wait(0.1)
    assert sum(_is_update(board, pad) for pad in range(board.profile.pads)) == \
        board.profile.pads
    board._event(UpdateFinished(None))
    board._event(SensorsFirmware(VERSION, bundled().content_hash))
    board.wait(0.1)
    assert board.screen == "UpdateResultScreen"
    green = board.pad_colours("a1")[0]
    assert green[1] > 3 * green[0]
    assert green[1] > green[2]
    assert Sound.WIN in board.board.sound.played  # type: ignore[attr-defined]
    board.wait(RESULT_SECONDS)
    assert board.screen == "HomeScreen", "the board now runs the bundled firmware"
    assert board.app.announcer.text == "firmware updated", "said in words too"
    assert board.app.notices == []


def test_a_failed_update_says_why_and_is_not_offered_again_until_the_next_start(board):
    board._event(OLD)
    board.wait(0.1)
    board.tap(tile_pad(board, "update"), hold=UPDATE_HOLD + 0.1)
    board._event(UpdateProgress(0.2))
    board._event(UpdateFinished("/dev/ttyACM0: the board did not report after the restart"))
    board.wait(0.1)
    assert board.screen == "UpdateResultScreen"
    red = board.pad_colours("a1")[0]
    assert red[0] > 3 * max(red[1], red[2])
    assert any("did not report after the restart" in notice for notice in board.app.notices)
    board.tap("d4")
    assert board.screen == "HomeScreen"
    assert board.app.announcer.text == "update failed"
    board._event(OLD)  # it connects again with the old firmware
    board.wait(0.1)
    assert board.screen == "HomeScreen"


def test_later_and_the_menu_button_put_the_offer_off(board):
    board._event(OLD)
    board.wait(0.1)
    board.tap(tile_pad(board, "later"))
    assert board.screen == "HomeScreen"
    board._event(OLD)
    board.wait(0.1)
    assert board.screen == "HomeScreen"
    assert board.requests.count == 0  # type: ignore[attr-defined]

    other = BoardHarness(board.store.autosave.path.parents[1])
    other._event(OLD)
    other.wait(0.1)
    other.press("menu")
    assert other.screen == "HomeScreen"


def test_a_game_in_progress_is_never_interrupted(board):
    board.start_game("4x4")
    board.play("a1 b2")
    board._event(OLD)
    board.wait(0.1)
    assert board.screen == "KaskadeScreen"
    board.play("c3")
    assert board.app.session.state.plies == 3
    board.press("menu")
    layout = board.app.screen.layout
    board.tap(cell_name(layout.home.column, layout.home.row))
    assert board.screen == "UpdateOfferScreen", "offered on the way home"
    board.tap(tile_pad(board, "later"))
    assert board.screen == "HomeScreen"
    assert board.app.session is not None, "the game stays to be continued"


def test_progress_fills_pads_in_reading_order_from_the_bottom_left(board):
    board.app.show(UpdatingScreen(board.app))
    board._event(UpdateProgress(3 / board.profile.pads))
    board.wait(0.6)
    assert [pad for pad in range(board.profile.pads) if _is_update(board, pad)] == [0, 1, 2]
    assert UPDATE[2] > UPDATE[0]
