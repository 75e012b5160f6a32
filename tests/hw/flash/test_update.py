"""Firmware updates end to end: ``hw.flash`` with mpremote's transport against the MicroPython
board emulator (the real interpreter behind a pseudo-terminal), including pulled cables and
power cuts at many points of an update."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from controller.profile import load_profile
from hw.flash import update
from hw.flash.bundle import SOURCE, Bundle, build
from hw.flash.errors import FlashError
from hw.flash.update import flash, rollback, status
from tests.support.micropython import powered_board

pytestmark = pytest.mark.micropython

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


@pytest.fixture(scope="module")
def before_an_update(bundles, tmp_path_factory) -> tuple[Path, int, int]:
    """A board's flash holding the old firmware (copied before every cut), and the bytes an
    update to the new one sends: in all, and before the switch (the write of /fw/active)."""
    old, new, _ = bundles
    switch_at: list[int] = []
    with powered_board(tmp_path_factory.mktemp("recorded") / "flash") as board:
        flash(board.line.path, old, PROFILE)
        board.power_off()
        snapshot = tmp_path_factory.mktemp("snapshot") / "flash"
        shutil.copytree(board.flash, snapshot)
        original = update.BoardFiles.write_atomically

        def noting_the_switch(self, path, data):
            if path == "/fw/active":
                switch_at.append(board.received)
            original(self, path, data)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(update.BoardFiles, "write_atomically", noting_the_switch)
            board.power_on()
            flash(board.line.path, new, PROFILE)
        return snapshot, board.received, switch_at[-1]


def cut_points(total: int, switch: int) -> list[int]:
    """Twelve bytes to cut at: eight spread over the writing of the files (the start, inside
    files, between files), then around the switch: /fw/active.new written, then renamed over
    /fw/active; then the restart (Ctrl-B, Ctrl-D) and the handshake with the restarted board
    take the last few bytes."""
    points = [int(total * share) for share in (0.005, 0.05, 0.15, 0.3, 0.45, 0.6, 0.75, 0.85)]
    points += [switch + 5, switch + (total - switch) // 3, switch + 2 * (total - switch) // 3,
               total - 4]
    return sorted(points)


@pytest.mark.parametrize("number", range(12))
def test_a_cut_at_any_point_of_an_update_leaves_a_board_that_boots(number, bundles,
                                                                   before_an_update, tmp_path):
    """Pull the cable or cut the power (in turn) at one of 12 points of an update — the start,
    inside files, between files, around the switch — and the board boots a complete firmware
    (the old one before the switch, the new one once the restart is sent) and the next update
    succeeds. One test per point: each starts from the same flash, and they run in parallel."""
    old, new, _ = bundles
    snapshot, total, switch = before_an_update
    points = cut_points(total, switch)
    assert len(set(points)) == 12
    byte, kind = points[number], ("power" if number % 2 else "cable")
    shutil.copytree(snapshot, tmp_path / "flash")
    with powered_board(tmp_path / "flash") as board:
        board.cut_at(byte, kind)
        with pytest.MonkeyPatch.context() as patch:
            # A cut board is not waited for long: this update fails in any case.
            patch.setattr(update, "HELLO_SECONDS", 1.0)
            with pytest.raises(FlashError):
                flash(board.line.path, new, PROFILE)
        assert board.cut_done.wait(60), f"the cut at byte {byte} did not happen"
        if kind == "power":
            # Where the cut fell is read from the flash itself: a busy machine can shift the
            # bytes of the handshake, but not what the switch has written.
            switched = (tmp_path / "flash/fw/active").read_text() != \
                (snapshot / "fw/active").read_text()
            board.power_on()
            running = status(board.line.path, PROFILE).content_hash
            if byte < switch:
                assert not switched, "cut before the switch: the switch is not made"
                assert running == old.content_hash, "cut before the switch: the old firmware"
            elif switched:
                assert running == new.content_hash, "cut after the switch: the new firmware"
            else:
                assert running == old.content_hash, "cut before the switch: the old firmware"
        else:
            board.plug()
        assert flash(board.line.path, new, PROFILE).hello.content_hash == new.content_hash
        board.power_cycle()
        assert status(board.line.path, PROFILE).content_hash == new.content_hash
