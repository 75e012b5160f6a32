"""``kaskade upgrade`` on the command line: which of its modes, who may run it, and what it
says about the releases kept (the upgrade itself is tested on an installed layout in
tests/hw/pi/test_upgrade.py)."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest

from controller.app import signatures
from controller.cli import main
from controller.cli import upgrade as command
from hw.pi.installer import running_checkout
from hw.pi.releases import Layout, Release
from tests.support.signing import signer


class Stopped:
    """A service with no app running."""

    def restart(self) -> None:
        pytest.fail("restarted")

    def main_pid(self) -> int | None:
        return None


class Running(Stopped):
    def main_pid(self) -> int | None:
        return os.getpid()


def release(layout: Layout, name: str) -> Release:
    made = layout.release(name)
    (made.path / "bin").mkdir(parents=True)
    (made.path / "bin" / "kaskade").write_text("#!/bin/sh\n", encoding="utf-8")
    (made.path / "release.json").write_text(json.dumps(
        {"version": name.partition("-")[0], "installed": f"2026-11-2{name[2]}T10:00:00+00:00"}),
        encoding="utf-8")
    return made


@pytest.fixture
def layout(tmp_path, monkeypatch) -> Layout:
    layout = Layout(tmp_path / "opt")
    monkeypatch.setattr(command, "LAYOUT", layout)
    monkeypatch.setattr(command, "STATE", tmp_path / "state")
    monkeypatch.setattr(command, "SERVICE", Stopped())
    (tmp_path / "state").mkdir()
    return layout


@pytest.mark.parametrize(("arguments", "said"), [
    ([], "give one of: a wheel or checkout to upgrade to, --rollback, --status, --uploaded"),
    (["--rollback", "--status"], "--rollback and --status do not go together"),
    (["x.whl", "--uploaded"], "WHEEL and --uploaded do not go together"),
    (["--rollback", "--timeout", "0"], "--timeout 0: give 1 to 3600 seconds"),
    (["--rollback"], "run sudo $(command -v kaskade) upgrade"),
])
def test_the_modes_and_who_may_run_them(layout, monkeypatch, capsys, arguments, said):
    monkeypatch.setattr(command.os, "geteuid", lambda: 1000)
    assert main(["upgrade", *arguments]) == 2
    assert said in capsys.readouterr().err
    assert not layout.prefix.exists(), "nothing changed"


def test_as_root_only_a_signed_wheel_is_taken_and_without_releases_it_says_to_install_first(
        layout, monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(command.os, "geteuid", lambda: 0)
    assert main(["upgrade", str(tmp_path / "missing.whl")]) == 2
    assert "missing.whl: no such file or directory" in capsys.readouterr().err
    assert main(["upgrade", str(running_checkout())]) == 2
    assert "a checkout is no signed release; build its wheel (python -m pip wheel --no-deps " \
        "CHECKOUT), sign it (kaskade release sign WHEEL --key KEY)" in capsys.readouterr().err
    wheel = made_wheel(tmp_path, "0.2.0")
    assert main(["upgrade", str(wheel)]) == 2
    assert f"{wheel.name} comes without its signature" in capsys.readouterr().err
    keys = signer(tmp_path / "keys")
    monkeypatch.setattr(signatures, "TRUSTED", keys.trusted)
    stranger = signer(tmp_path / "stranger", trust=False)
    stranger.sign(wheel)
    assert main(["upgrade", str(wheel)]) == 2
    assert "is signed by a key this board does not trust" in capsys.readouterr().err
    elsewhere = keys.sign(wheel).rename(tmp_path / "elsewhere.sig")
    assert main(["upgrade", str(wheel), "--signature", str(elsewhere)]) == 2
    said = capsys.readouterr()
    assert "is signed by" in said.out
    assert f"no release is installed in {layout.prefix}" in said.err
    assert main(["upgrade", "--rollback"]) == 2
    assert "there is no release to go back to" in capsys.readouterr().err


def made_wheel(into: Path, version: str) -> Path:
    path = into / f"kaskade_board-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"kaskade_board-{version}.dist-info/METADATA", "Name: kaskade-board\n")
        archive.writestr("controller/__init__.py", f'__version__ = "{version}"\n')
    return path


def test_status_names_what_runs_and_what_is_kept(layout, monkeypatch, capsys, tmp_path):
    assert main(["upgrade", "--status"]) == 0
    assert capsys.readouterr().out == f"no release is installed in {layout.prefix}\n"
    one, two = release(layout, "0.1.0-aaaaaaaa"), release(layout, "0.2.0-bbbbbbbb")
    two.mark_failed("stopped while starting")
    three = release(layout, "0.3.0-cccccccc")
    layout.switch(three, one)
    assert main(["upgrade", "--status"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "current: 0.3.0-cccccccc (not running: the service has no ready app " \
        "from it)"
    assert lines[1].split() == ["0.3.0-cccccccc", "installed", "2026-11-23T10:00:00+00:00",
                                "[current]"]
    assert lines[2].endswith("[failed: stopped while starting]")
    assert lines[3].endswith("[previous]")
    assert lines[4] == "kaskade upgrade --rollback goes back to 0.1.0-aaaaaaaa"
    monkeypatch.setattr(command, "SERVICE", Running())
    (tmp_path / "state" / "ready.json").write_text(json.dumps(
        {"version": "0.3.0", "pid": os.getpid(), "prefix": str(three.path),
         "since": "2026-11-25T12:00:00+00:00"}), encoding="utf-8")
    assert main(["upgrade", "--status"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == \
        f"running: 0.3.0-cccccccc (version 0.3.0, process {os.getpid()}, ready since " \
        "2026-11-25T12:00:00+00:00)"


def test_with_nothing_uploaded_the_upgrade_service_does_nothing(layout, monkeypatch, capsys,
                                                                tmp_path):
    monkeypatch.setattr(command.os, "geteuid", lambda: 0)
    layout.prefix.mkdir()
    assert main(["upgrade", "--uploaded"]) == 0
    assert capsys.readouterr().out == \
        f"no uploaded release waits in {tmp_path / 'state' / 'upgrade'}\n"
