"""Each fault of the link to a real Mosquitto is told apart and shown where people look: a
wrong password, a CA the broker's certificate does not verify against, the broker stopped
(the connection drops, then the broker is out of reach) — on the LEDs when it begins, in the
description line (what the web page shows as the board's status) and in ``kaskade remote
status``; and the link comes back by itself once the broker does."""

from __future__ import annotations

from pathlib import Path

import pytest

from controller.bench.mosquitto import Mosquitto, make_certificates
from controller.cli import main
from controller.remote.config import BrokerSettings
from tests.support.remote_boards import Board

pytestmark = pytest.mark.broker


def offering(tmp_path: Path, settings: BrokerSettings) -> Board:
    """A board that offers a game (and so connects) with ``settings``."""
    board = Board(tmp_path / settings.user, settings)
    board.ask(do="offer", game="kaskade", options={"size": "4x4"}, here=[0])
    return board


def status(state: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(["remote", "status", "--state-dir", str(state)]) == 0
    return capsys.readouterr().out


def test_a_wrong_password(broker: Mosquitto, tmp_path: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    board = offering(tmp_path, broker.settings("anna", "not-annas"))
    try:
        said = board.until(lambda s: "refused this board" in s["words"], "the refusal")
        assert f"the broker at 127.0.0.1:{broker.port} refused this board (Not authorized): " \
            "check its user and password" in said["words"]
        assert "trying again" not in said["words"]  # it cannot help
        assert "broker refused login" in said["announced"]
        assert "link: the broker at" in status(tmp_path / "anna", capsys)
        assert "refused this board (Not authorized)" in status(tmp_path / "anna", capsys)
    finally:
        board.close()
    capsys.readouterr()
    assert main(["remote", "status", "--check", "--state-dir", str(tmp_path / "anna")]) == 2
    assert "refused this board" in capsys.readouterr().err


def test_a_code_looked_up_through_a_refused_login_says_why(broker: Mosquitto,
                                                            tmp_path: Path) -> None:
    """Typing an invite code on the digit pads with a wrong password: the lookup says the
    broker refused, not that nobody offers a game under the code."""
    board = Board(tmp_path / "ben", broker.settings("ben", "not-bens"))
    try:
        board.ask(do="players", game="kaskade")
        board.until(lambda s: "the pink pad above it" in s["words"], "the remote pad shows")
        board.ask(do="tap", column=7, row=4)  # the remote pad
        for digit in "123456":
            board.ask(do="tap", column=int(digit) % 5, row=int(digit) // 5)
        said = board.until(lambda s: "refused this board" in s["words"], "the refusal")
        assert "looking up the invite code 123456" in said["words"]
        assert "broker refused login" in said["announced"]
    finally:
        board.close()


def test_a_certificate_that_does_not_verify(broker: Mosquitto, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "other").mkdir()
    other_ca, _, _ = make_certificates(tmp_path / "other")
    settings = BrokerSettings(**{**broker.settings("anna").__dict__, "ca_file": str(other_ca)})
    board = offering(tmp_path, settings)
    try:
        said = board.until(lambda s: "TLS check" in s["words"], "the TLS failure")
        assert f"the TLS check of the broker at 127.0.0.1:{broker.port} failed (certificate " \
            "verify failed" in said["words"]
        assert "give its CA with kaskade remote setup --ca" in said["words"]
        assert "broker certificate failed" in said["announced"]
        assert "failed (certificate verify failed" in status(tmp_path / "anna", capsys)
    finally:
        board.close()


def test_the_broker_stopped_and_back(broker: Mosquitto, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    board = offering(tmp_path, broker.settings("anna"))
    try:
        board.until(lambda s: "invite code" in s["words"] and "broker" not in s["words"],
                    "connected")
        assert "link: connected to the broker since" in status(tmp_path / "anna", capsys)
        broker.stop()
        try:
            said = board.until(lambda s: "cannot be reached (nothing answers on its port)" in
                               s["words"], "the broker out of reach")
            assert "the game is kept; trying again" in said["words"]
            assert any(f"the connection to the broker at 127.0.0.1:{broker.port} dropped" in
                       problem for problem in said["problems"])
            assert "broker link dropped" in said["announced"]
            assert "broker out of reach" in said["announced"]
            assert "cannot be reached (nothing answers on its port)" in \
                status(tmp_path / "anna", capsys)
        finally:
            broker.start()
        board.until(lambda s: "broker" not in s["words"], "back by itself")
        assert "link: connected to the broker since" in status(tmp_path / "anna", capsys)
    finally:
        board.close()
