"""``kaskade remote setup`` checks the settings against a real broker before keeping them:
a wrong password, an unreachable broker or a bad address is said and nothing is kept; what is
kept is readable by the board's user alone and ``status`` shows it without the password."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from controller.bench.mosquitto import USERS, Mosquitto
from controller.cli import main
from controller.remote.config import CONFIG_FILE

pytestmark = pytest.mark.broker


def setup(broker: Mosquitto, state: Path, password: str, *extra: str) -> int:
    secret = state.parent / f"{state.name}-password"
    secret.write_text(password + "\n")
    return main(["remote", "setup", "--broker", f"127.0.0.1:{broker.port}", "--user", "anna",
                 "--password-file", str(secret), "--ca", str(broker.ca), "--name", "Anna",
                 "--state-dir", str(state), *extra])


def test_setup_keeps_settings_the_broker_took(broker: Mosquitto, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert setup(broker, tmp_path / "state", USERS["anna"]) == 0
    kept = tmp_path / "state" / "kaskade-8x8" / CONFIG_FILE
    settings = json.loads(kept.read_text())
    assert settings["user"] == "anna"
    assert settings["port"] == broker.port
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert "took anna's credentials" in capsys.readouterr().out
    assert main(["remote", "status", "--state-dir", str(tmp_path / "state")]) == 0
    out = capsys.readouterr().out
    assert f"broker 127.0.0.1:{broker.port} · TLS on · user anna · password (set)" in out
    assert USERS["anna"] not in out
    assert "no remote game" in out


def test_a_wrong_password_is_said_and_nothing_kept(broker: Mosquitto, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert setup(broker, tmp_path / "state", "not-annas") == 2
    assert "refused this board" in capsys.readouterr().err
    assert not (tmp_path / "state" / "kaskade-8x8" / CONFIG_FILE).exists()


def test_a_broker_without_its_ca_or_out_of_reach_is_said(
        broker: Mosquitto, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    secret = tmp_path / "password"
    secret.write_text(USERS["anna"])
    common = ["--user", "anna", "--password-file", str(secret), "--state-dir", str(tmp_path)]
    assert main(["remote", "setup", "--broker", f"127.0.0.1:{broker.port}", *common]) == 2
    assert "certificate verify failed" in capsys.readouterr().err
    assert main(["remote", "setup", "--broker", "127.0.0.1:1", "--ca", str(broker.ca),
                 *common]) == 2
    assert "the broker at 127.0.0.1:1 cannot be reached" in capsys.readouterr().err
    assert main(["remote", "setup", "--broker", "bad/host:x", *common]) == 2
    assert "give HOST, HOST:PORT" in capsys.readouterr().err
    assert main(["remote", "status", "--state-dir", str(tmp_path)]) == 1
    assert "not set up" in capsys.readouterr().out


def test_the_bench_plays_through_its_own_broker(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "remote", "--moves", "6", "--size", "4x4", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["moves"] == 6
    assert 0 < figures["median_ms"] <= figures["worst_ms"]
    assert figures["messages_per_move"] >= 1
    assert figures["bytes_per_move"] > 50
    assert figures["watcher"] is False
    assert main(["bench", "remote", "--moves", "6", "--size", "4x4", "--json", "--watch"]) == 0
    watched = json.loads(capsys.readouterr().out)
    assert watched["watcher"] is True
    # the view a page reads (its picture most of all) comes on top of the moves
    assert watched["bytes_per_move"] > figures["bytes_per_move"] + 100
    assert main(["bench", "remote", "--moves", "0"]) == 2
    assert main(["bench", "remote", "--size", "banana"]) == 2


def test_the_websocket_address_for_pages_is_kept_and_shown(
        broker: Mosquitto, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert setup(broker, tmp_path / "bad", USERS["anna"], "--websocket", "http://x") == 2
    assert "wss://HOST[:PORT][/PATH]" in capsys.readouterr().err
    assert not (tmp_path / "bad" / "kaskade-8x8" / CONFIG_FILE).exists()
    assert setup(broker, tmp_path / "state", USERS["anna"], "--websocket",
                 broker.websocket) == 0
    assert main(["remote", "status", "--state-dir", str(tmp_path / "state")]) == 0
    assert f"pages reach it at {broker.websocket}" in capsys.readouterr().out
