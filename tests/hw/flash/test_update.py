"""Firmware updates end to end: ``hw.flash`` with mpremote's transport against the MicroPython
board emulator (the real interpreter behind a pseudo-terminal), including pulled cables and
power cuts at many points of an update."""

from __future__ import annotations

import shutil

import pytest

from controller.profile import load_profile
from hw.flash import update
from hw.flash.bundle import SOURCE, Bundle, build
from hw.flash.errors import FlashError
from hw.flash.update import flash, rollback, status
from tests.support.micropython import powered_board

PROFILE = load_profile("kaskade-8x8")


@pytest.fixture(scope="module")
def bundles(tmp_path_factory) -> tuple[Bundle, Bundle, Bundle]:
    """The firmware as it is, a changed one (three files differ), and a newer one still (one
    of those three changed again)."""
    root = tmp_path_factory.mktemp("bundles")
    source = root / "source"
    shutil.copytree(SOURCE, source, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pads.py", "board.py", "proto.py"):
        with open(source / name, "a", encoding="utf-8") as file:
            file.write("# a later version\n")
    new = build(PROFILE, root / "new", source=source)
    with open(source / "pads.py", "a", encoding="utf-8") as file:
        file.write("# and later still\n")
    return build(PROFILE, root / "old"), new, build(PROFILE, root / "newer", source=source)


@pytest.fixture
def board(tmp_path):
    with powered_board(tmp_path / "flash") as device:
        yield device


def test_blank_then_unchanged_then_changed_then_back(board, bundles):
    old, new, _ = bundles
    first = flash(board.line.path, old, PROFILE)
    assert first.hello.content_hash == old.content_hash
    assert first.written_files == len(old.files) + 1  # and the boot stage

    again = flash(board.line.path, old, PROFILE)
    assert again.up_to_date
    assert (again.written_files, again.written_bytes) == (0, 0)
    assert again.hello.content_hash == old.content_hash

    changed = flash(board.line.path, new, PROFILE)  # into the other, empty set
    assert changed.hello.content_hash == new.content_hash
    assert changed.set_name != first.set_name
    assert changed.written_files == len(new.files)

    name, hello = rollback(board.line.path, PROFILE)
    assert name == first.set_name
    assert hello.content_hash == old.content_hash
    assert status(board.line.path, PROFILE).content_hash == old.content_hash

    forward = flash(board.line.path, new, PROFILE)  # the spare set holds it already
    assert (forward.written_files, forward.switched) == (0, True)
    assert forward.hello.content_hash == new.content_hash


def test_only_files_that_differ_are_written(board, bundles):
    old, new, newer = bundles
    flash(board.line.path, old, PROFILE)
    flash(board.line.path, new, PROFILE)
    report = flash(board.line.path, newer, PROFILE)  # into the set that holds the old one
    assert report.written_files == 3  # pads.py, board.py, proto.py
    assert report.skipped_files == len(newer.files) - 3
    assert report.hello.content_hash == newer.content_hash


def test_cuts_at_any_point_of_an_update_leave_a_board_that_boots(board, bundles, monkeypatch):
    """Pull the cable or cut the power at 12 points of an update — the start, inside files,
    between files, around the switch — and each time the board boots a complete firmware (old
    or new) and the next update succeeds."""
    old, new, _ = bundles
    flash(board.line.path, old, PROFILE)
    board.power_off()
    snapshot = board.flash.with_name("snapshot")
    shutil.copytree(board.flash, snapshot)

    switch_at: list[int] = []
    original = update.BoardFiles.write_atomically

    def noting_the_switch(self, path, data):
        if path == "/fw/active":
            switch_at.append(board.received)
        original(self, path, data)

    monkeypatch.setattr(update.BoardFiles, "write_atomically", noting_the_switch)
    board.power_on()
    flash(board.line.path, new, PROFILE)
    total, switch = board.received, switch_at[-1]
    points = [int(total * share) for share in (0.005, 0.05, 0.15, 0.3, 0.45, 0.6, 0.75, 0.85)]
    # The switch: /fw/active.new written, then renamed over /fw/active; then the restart
    # (Ctrl-B, Ctrl-D) and the handshake with the restarted board take the last few bytes.
    points += [switch + 5, switch + (total - switch) // 3, switch + 2 * (total - switch) // 3,
               total - 4]
    assert len(set(points)) == 12
    monkeypatch.setattr(update, "HELLO_SECONDS", 3.0)

    seen = set()
    for number, byte in enumerate(sorted(points)):
        kind = "power" if number % 2 else "cable"
        board.power_off()
        shutil.rmtree(board.flash)
        shutil.copytree(snapshot, board.flash)
        board.power_on()
        board.cut_at(byte, kind)
        with pytest.raises(FlashError):
            flash(board.line.path, new, PROFILE)
        assert board.cut_done.wait(10), f"the cut at byte {byte} did not happen"
        if kind == "power":
            board.power_on()
            running = status(board.line.path, PROFILE).content_hash
            assert running in (old.content_hash, new.content_hash), (byte, kind)
            seen.add(running)
        else:
            board.plug()
        assert flash(board.line.path, new, PROFILE).hello.content_hash == new.content_hash
        board.power_cycle()
        assert status(board.line.path, PROFILE).content_hash == new.content_hash, (byte, kind)
    assert seen == {old.content_hash, new.content_hash}, "cuts before and after the switch"
