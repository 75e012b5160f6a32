"""The log: to the journal with priorities under systemd, to standard error otherwise."""

from __future__ import annotations

import logging
import os

import pytest

from controller.cli import logs


@pytest.fixture(autouse=True)
def restore_logging():
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_under_systemd_lines_carry_their_priority(tmp_path, monkeypatch):
    path = tmp_path / "journal"
    with path.open("w") as stream:
        status = os.fstat(stream.fileno())
        monkeypatch.setenv("JOURNAL_STREAM", f"{status.st_dev}:{status.st_ino}")
        logs.configure(0, stream)
        logging.getLogger("hw.touch.link").info("touch board connected on %s", "/dev/x")
        logging.getLogger("controller.app.app").warning("settings.json was damaged")
        logging.getLogger("hw.touch.link").debug("not shown")
    assert path.read_text().splitlines() == [
        "<6>hw.touch.link: touch board connected on /dev/x",
        "<4>controller.app.app: settings.json was damaged",
    ]


def test_on_a_terminal_only_warnings_unless_verbose(tmp_path, monkeypatch):
    monkeypatch.delenv("JOURNAL_STREAM", raising=False)
    path = tmp_path / "stderr"
    with path.open("w") as stream:
        logs.configure(0, stream)
        logging.getLogger("x").info("connected")
        logging.getLogger("x").warning("damaged")
        logs.configure(1, stream)
        logging.getLogger("x").info("connected again")
    lines = path.read_text().splitlines()
    assert lines[0] == "kaskade: WARNING: damaged"
    assert lines[1].endswith("INFO x: connected again")
    assert len(lines) == 2, "configuring again replaced the handler"


def test_a_stream_that_is_not_the_journal_is_not_taken_for_it(tmp_path, monkeypatch):
    monkeypatch.setenv("JOURNAL_STREAM", "1:2")
    with (tmp_path / "f").open("w") as stream:
        assert not logs.to_journal(stream)


def test_the_touch_board_coming_reaches_the_log(tmp_path, monkeypatch):
    """The probe found the link's "connected" lines dropped: nothing configured logging."""
    from tests.support.link_board import Board

    monkeypatch.delenv("JOURNAL_STREAM", raising=False)
    path = tmp_path / "stderr"
    with path.open("w") as stream:
        logs.configure(1, stream)
        board = Board(tmp_path)
        board.close()
    assert "INFO hw.touch.link: touch board connected on" in path.read_text()


def test_the_command_line_configures_the_log(monkeypatch):
    from controller.cli import main

    levels = []
    monkeypatch.setattr(logs, "configure", levels.append)
    main(["-vv", "replay", "kaskade", "--moves", "a1"])
    assert levels == [2]
