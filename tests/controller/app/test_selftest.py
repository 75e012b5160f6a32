"""The self-test on a board with a virtual clock and a person who watches the LEDs: the walk
goes along the chain, undo notes an LED, each pad lights and passes when touched; dead pads,
pads that answer for one another and a skipped walk are reported."""

from __future__ import annotations

import pytest

from controller.app.screens.selftest import SelfTestScreen, describe
from tests.support.board import BoardHarness

STEP = 0.05


@pytest.fixture
def board(tmp_path) -> BoardHarness:
    harness = BoardHarness(tmp_path, "kaskade-mini")  # one LED per pad: 64 LEDs
    harness.app.show(SelfTestScreen(harness.app, STEP, 2.0))
    harness.wait(0)
    return harness


def lit_leds(board: BoardHarness) -> list[int]:
    return [index for index, colour in enumerate(board.frame_colours()) if sum(colour) > 0]


def lit_pad(board: BoardHarness) -> int:
    """The pad shown in white (the one waiting for its touch)."""
    colours = board.frame_colours()
    whites = [index for index, (r, g, b) in enumerate(colours)
              if min(r, g, b) > 0.8 * max(r, g, b) > 40]
    assert len(whites) == 1, whites
    return whites[0]  # one LED per pad: LED index = pad index


def touch_each_lit_pad(board: BoardHarness) -> None:
    """Touch every pad as it lights, as the person doing the self-test does."""
    for _ in range(board.profile.pads):
        pad = lit_pad(board)
        board.touches.down(pad)
        board.wait(0.05)
        board.touches.up(pad)
        board.wait(0.05)


def walk(board: BoardHarness) -> list[int]:
    seen = []
    board.wait(STEP / 2)  # look in the middle of each step
    for _ in board.profile.channels[0].chain:
        seen.append(lit_leds(board))
        board.wait(STEP)
    return [leds[0] for leds in seen if len(leds) == 1]


def test_every_led_lights_in_chain_order_then_every_pad_passes(board):
    assert walk(board) == list(board.profile.channels[0].chain)
    screen = board.app.screen
    assert screen.phase == "pads"
    touch_each_lit_pad(board)
    report = screen.report
    assert report.ok
    assert report.leds_walked == 64
    assert len(report.passed) == 64
    assert describe(report, board.profile.pad_name).endswith("all good")


def test_undo_notes_the_led_being_lit_and_menu_skips_the_walk(board):
    board.wait(STEP * 5 + STEP / 2)
    board.press("undo", hold=0.01)
    screen = board.app.screen
    assert screen.report.flagged_leds == [(0, 5)]
    board.press("menu", hold=0.01)
    assert screen.phase == "pads"
    assert screen.report.leds_walked < 64


def test_dead_and_swapped_pads_are_reported(board):
    board.press("menu", hold=0.01)
    swap = {0: 1, 1: 0}  # sensors of a1 and b1 wired the other way round
    for _ in range(board.profile.pads):
        pad = lit_pad(board)
        if pad == 18:  # c3 never answers
            board.wait(2.1)
            continue
        board.touches.down(swap.get(pad, pad))
        board.wait(0.05)
        board.touches.up(swap.get(pad, pad))
        board.wait(0.05)
    report = board.app.screen.report
    assert report.finished
    assert not report.ok
    assert report.dead == [18]
    assert report.swapped() == [(0, 1)]
    text = describe(report, board.profile.pad_name)
    assert "dead (lit, never touched): c3" in text
    assert "swapped (each answered for the other): a1 and b1" in text
    board.wait(0.2)
    assert board.app.announcer.text == "3 pads failed"
    board.skip_message()
    reds = []
    for _ in range(10):  # a failed pad blinks: not its hue alone
        board.wait(0.1)
        reds.append(board.frame_colours()[18])
    assert any(red[0] > 3 * max(red[1], red[2]) for red in reds), "c3 shows red at the end"
    assert len(set(reds)) > 1, "and blinks"
    board.press("menu", hold=0.01)
    assert board.screen == "HomeScreen"


def test_a_finished_self_test_is_kept_for_the_web_page_and_a_damaged_one_is_ignored(board):
    assert board.app.store.last_selftest() is None
    board.press("menu", hold=0.01)  # skip the walk
    board.press("menu", hold=0.01)  # end at once: every pad counts as dead
    kept = board.app.store.last_selftest()
    assert kept is not None
    assert kept["ok"] is False
    assert kept["dead"][:2] == ["a1", "b1"]
    assert len(kept["dead"]) == 64
    assert kept["text"] == describe(board.app.screen.report, board.profile.pad_name)
    assert kept["when"][:4].isdigit()
    board.app.store.selftest.write_text("{half a fi")
    assert board.app.store.last_selftest() is None


def test_a_self_test_report_that_cannot_be_kept_is_a_notice_not_a_crash(board):
    board.app.store.selftest.mkdir()  # a folder where the file goes: it cannot be written
    board.press("menu", hold=0.01)
    board.press("menu", hold=0.01)
    assert board.app.screen.report.finished
    assert any("self-test's report was not kept" in notice for notice in board.app.notices)


def test_the_leds_alone_then_the_pads_alone_as_a_build_checks_them(tmp_path):
    leds = BoardHarness(tmp_path / "a", "kaskade-mini")
    leds.app.show(SelfTestScreen(leds.app, STEP, 2.0, parts="leds"))
    leds.wait(0)
    assert walk(leds) == list(leds.profile.channels[0].chain)
    leds.wait(STEP)
    report = leds.app.screen.report
    assert report.finished
    assert report.ok
    assert "pads: not tested this time" in describe(report, leds.profile.pad_name)
    pads = BoardHarness(tmp_path / "b", "kaskade-mini")
    pads.app.show(SelfTestScreen(pads.app, STEP, 2.0, parts="pads"))
    pads.wait(0.01)
    touch_each_lit_pad(pads)
    report = pads.app.screen.report
    assert report.ok
    assert report.leds_walked == 0
    assert describe(report, pads.profile.pad_name).startswith("LEDs: not tested this time")
    assert pads.app.store.last_selftest()["tested"] == "pads"
