"""Reports to systemd through $NOTIFY_SOCKET: ready, alive at a quarter of the watchdog's
interval, what the board shows (one line, only when it changed), stopping; nothing at all
outside systemd, and never an error that stops the app."""

from __future__ import annotations

import logging
import os
import socket
import threading
import uuid
from collections.abc import Iterator

import pytest

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.loop import run
from controller.app.notify import MAX_STATUS, Notifier
from controller.app.store import Store
from controller.devices.mock import mock_board
from controller.profile import load_profile
from tests.support.board import NOON


@pytest.fixture
def listener(tmp_path) -> Iterator[tuple[socket.socket, str]]:
    """A datagram socket at a path, as $NOTIFY_SOCKET names one."""
    path = tmp_path / "notify"
    receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    receiver.bind(str(path))
    receiver.settimeout(10)
    yield receiver, str(path)
    receiver.close()


def environment(address: str, usec: int | None = 2_000_000, pid: int | None = None) -> dict:
    values = {"NOTIFY_SOCKET": address}
    if usec is not None:
        values["WATCHDOG_USEC"] = str(usec)
    if pid is not None:
        values["WATCHDOG_PID"] = str(pid)
    return values


def messages(receiver: socket.socket) -> list[str]:
    """Every datagram waiting, without waiting for more."""
    found = []
    receiver.setblocking(False)
    try:
        while True:
            found.append(receiver.recv(4096).decode())
    except BlockingIOError:
        return found
    finally:
        receiver.settimeout(10)


def test_outside_systemd_nothing_is_reported_or_waited_for():
    notifier = Notifier({})
    assert not notifier.enabled
    assert notifier.due(0.0) is None
    notifier.ready()
    notifier.report(0.0, lambda: pytest.fail("no status is made for nobody"))
    notifier.stopping()


def test_ready_alive_and_status_only_when_changed(listener):
    receiver, address = listener
    notifier = Notifier(environment(address))
    assert notifier.interval == 2.0
    assert notifier.period == 0.5, "four reports per interval"
    notifier.report(10.0, lambda: "Home")
    notifier.ready()
    assert messages(receiver) == ["WATCHDOG=1\nSTATUS=Home", "READY=1"]
    notifier.report(10.2, lambda: pytest.fail("not due yet"))
    assert notifier.due(10.2) == pytest.approx(0.3)
    notifier.report(10.5, lambda: "Home")
    notifier.report(11.0, lambda: "Kaskade 6x6")
    notifier.stopping()
    assert messages(receiver) == ["WATCHDOG=1", "WATCHDOG=1\nSTATUS=Kaskade 6x6",
                                  "STOPPING=1\nSTATUS=stopping"]


def test_an_abstract_socket_is_named_with_an_at_sign():
    name = f"kaskade-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as receiver:
        receiver.bind("\0" + name)
        receiver.settimeout(10)
        Notifier({"NOTIFY_SOCKET": "@" + name}).ready()
        assert receiver.recv(4096) == b"READY=1"


def test_without_a_watchdog_only_the_status_goes_and_seldom(listener):
    receiver, address = listener
    notifier = Notifier(environment(address, usec=None))
    assert notifier.interval is None
    notifier.report(0.0, lambda: "Home")
    notifier.report(1.0, lambda: "Kaskade")
    notifier.report(5.0, lambda: "Kaskade")
    notifier.report(10.0, lambda: "Kaskade")
    assert messages(receiver) == ["STATUS=Home", "STATUS=Kaskade"]


@pytest.mark.parametrize("environ", [
    {"WATCHDOG_PID": "1"}, {"WATCHDOG_PID": "x"}, {"WATCHDOG_USEC": "0"},
    {"WATCHDOG_USEC": "-5"}, {"WATCHDOG_USEC": "soon"},
], ids=["another-process", "bad-pid", "zero", "negative", "words"])
def test_a_watchdog_meant_for_another_process_or_malformed_is_not_fed(listener, environ):
    receiver, address = listener
    notifier = Notifier({**environment(address), **environ})
    assert notifier.interval is None
    notifier.report(0.0, lambda: "Home")
    assert messages(receiver) == ["STATUS=Home"]


def test_a_watchdog_for_this_process_is_fed(listener):
    receiver, address = listener
    notifier = Notifier(environment(address, pid=os.getpid()))
    notifier.report(0.0, lambda: "Home")
    assert messages(receiver) == ["WATCHDOG=1\nSTATUS=Home"]


def test_a_status_stays_one_line_whatever_a_player_is_called(listener):
    receiver, address = listener
    notifier = Notifier(environment(address))
    notifier.report(0.0, lambda: "White: Ann\nMAINPID=1\nREADY=1\x00\x1b[2J" + "x" * 500)
    [message] = messages(receiver)
    assert message.startswith("WATCHDOG=1\nSTATUS=White: Ann MAINPID=1 READY=1 [2Jxxx")
    assert message.count("\n") == 1
    assert len(message.split("\n")[1]) == len("STATUS=") + MAX_STATUS


@pytest.mark.parametrize("address", ["vsock:2:1234", "run/notify"])
def test_a_socket_it_cannot_reach_is_said_once_and_ignored(address, caplog):
    with caplog.at_level(logging.WARNING, logger="controller.app.notify"):
        notifier = Notifier({"NOTIFY_SOCKET": address})
    assert not notifier.enabled
    assert "neither a path nor an abstract socket" in caplog.text


def test_systemd_gone_is_logged_once_and_the_app_goes_on(tmp_path, caplog):
    notifier = Notifier(environment(str(tmp_path / "nobody-listens")))
    with caplog.at_level(logging.WARNING, logger="controller.app.notify"):
        notifier.ready()
        notifier.report(0.0, lambda: "Home")
        notifier.report(1.0, lambda: "Home")
    assert caplog.text.count("cannot report to systemd") == 1


def test_the_loop_says_ready_after_its_first_step_and_stopping_at_the_end(tmp_path, listener):
    receiver, address = listener
    profile = load_profile("kaskade-8x8")
    app = App(profile, Store.at(tmp_path, "kaskade-8x8"), lambda: NOON)
    board = mock_board(profile)
    stop = threading.Event()
    loop = threading.Thread(target=run, args=(Driver(app, board), stop),
                            kwargs={"notifier": Notifier(environment(address, usec=200_000))})
    loop.start()
    try:
        first, second = receiver.recv(4096).decode(), receiver.recv(4096).decode()
        assert first.startswith("WATCHDOG=1\nSTATUS=Home")
        assert second == "READY=1"
        assert receiver.recv(4096) == b"WATCHDOG=1", "an idle loop wakes up to report"
    finally:
        stop.set()
        loop.join(timeout=10)
    assert not loop.is_alive()
    assert messages(receiver)[-1] == "STOPPING=1\nSTATUS=stopping"



def test_a_status_that_fails_still_lets_the_watchdog_be_fed(listener, caplog):
    receiver, address = listener
    notifier = Notifier(environment(address))

    def broken() -> str:
        raise KeyError("a screen's bug")

    with caplog.at_level(logging.ERROR, logger="controller.app.notify"):
        notifier.report(0.0, broken)
        notifier.report(1.0, lambda: "Home")
    assert messages(receiver) == ["WATCHDOG=1", "WATCHDOG=1\nSTATUS=Home"]
    assert "could not be described" in caplog.text
