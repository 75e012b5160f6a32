"""``kaskade upgrade`` end to end on an installed layout in a temporary prefix: releases
installed from a wheel built from this checkout, each board app started from
``current/bin/kaskade`` as the service would start it, and its ready report awaited. An
upgrade keeps the game in progress and the history; a release that cannot start is rolled
back on its own; a rollback by hand brings the release before back.

Nothing is downloaded: the releases reuse this environment's libraries
(``Installer.libraries``) and pip installs the program alone.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sysconfig
import urllib.request
import zipfile
from functools import partial
from pathlib import Path

import pytest

from controller.app.autosave import Autosave
from controller.app.history import History, Match
from controller.app.ready import Ready, read_ready, write_ready
from controller.app.signatures import SignatureError, trusted_keys
from controller.app.upgrades import Spool, UploadError
from controller.cli.upgrade import upgrade_uploaded
from hw.pi.installer import Installer, running_checkout
from hw.pi.releases import Layout, Release
from hw.pi.upgrade import ServiceError, Systemd, UpgradeError, Upgrader, status
from tests.support.signing import signer
from tests.support.wheels import repack

pytestmark = [pytest.mark.install, pytest.mark.xdist_group("upgrade")]

PROFILE = "kaskade-8x8"
NEW, BROKEN = "99.0.0", "99.0.1"
GAME = '[Game "kaskade"]\n[Size "4x4"]\n[Id "upgrade0game"]\n[White "human"]\n' \
    '[Black "human"]\n\n1. a1 d4 2. b1\n'
START_SECONDS = 120.0
"""Generous: a release's app starting on a busy machine."""


@pytest.fixture(scope="session")
def wheels(tmp_path_factory) -> dict[str, Path]:
    """This checkout's wheel (built once), a newer version of it, and a newer one still whose
    app exits at start."""
    checkout = running_checkout()
    assert checkout is not None, "the tests run from a checkout"
    into = tmp_path_factory.mktemp("wheels")
    built = Installer().wheel_from(checkout, into).path
    cli = zipfile_text(built, "controller/cli/__init__.py")
    return {
        "built": built,
        "new": repack(built, into, NEW),
        "broken": repack(built, into, BROKEN, {"controller/cli/__init__.py": (
            'raise SystemExit("this release cannot start")\n' + cli).encode()}),
    }


def zipfile_text(wheel: Path, name: str) -> str:
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(name).decode()


class AppProcess:
    """The service manager of the tests: the board app of ``current`` in a process of its
    own (the simulated board, served on a free port), as systemd starts the real one."""

    def __init__(self, layout: Layout, state: Path, logs: Path) -> None:
        self.layout, self.state, self.logs = layout, state, logs
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def restart(self) -> None:
        self.stop()
        self.starts += 1
        environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        with (self.logs / f"app-{self.starts}.log").open("wb") as log:
            self.process = subprocess.Popen(
                [str(self.layout.kaskade), "sim", "--headless", "--touch", "direct", "--web",
                 "127.0.0.1:0", "--script", "-", "--profile", PROFILE, "--state-dir",
                 str(self.state)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                stderr=log, env=environment, cwd=self.logs)

    def main_pid(self) -> int | None:
        if self.process is None or self.process.poll() is not None:
            return None
        return self.process.pid

    def stop(self) -> None:
        """End the app as the service's stop does: its input closed, it finishes."""
        if self.process is None:
            return
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def address(self) -> str:
        text = (self.logs / f"app-{self.starts}.log").read_text(encoding="utf-8")
        found = re.search(r"the web companion is at (http://\S+)", text)
        assert found is not None, text
        return found[1]

    def get(self, path: str) -> object:
        with urllib.request.urlopen(self.address() + path.lstrip("/"), timeout=30) as answer:
            return json.loads(answer.read())


@pytest.fixture
def installed(tmp_path, wheels):
    """A prefix with the built wheel installed as the current release and its app running,
    with a game in progress and a finished game in the history."""
    layout, state, logs = Layout(tmp_path / "opt"), tmp_path / "state", tmp_path / "logs"
    logs.mkdir()
    (state / PROFILE).mkdir(parents=True)
    Autosave(state / PROFILE / "current.record").save(GAME)
    History(state / "history.sqlite3").add(Match(
        "finished0game", "kaskade", {"size": "3x3"}, {"white": "human", "black": "human"},
        "2026-11-21T12:00:00", "2026-11-21T12:05:00", "white", "Black has no cells left", 3,
        '[Game "kaskade"]\n[Size "3x3"]\n\n1. a1 c3 a1\n'))
    purelib = Path(sysconfig.get_paths()["purelib"])
    installer = Installer(libraries=(purelib,))
    first = installer.install(wheels["built"], layout)
    layout.switch(first, None)
    service = AppProcess(layout, state, logs)
    said: list[str] = []
    upgrader = Upgrader(layout, service, partial(read_ready, state), timeout=START_SECONDS,
                        say=said.append)
    assert upgrader._restart(first) is None, said
    yield upgrader, installer, service, first, said
    service.stop()


def runs(upgrader: Upgrader, release: Release, version: str) -> None:
    """``release`` runs: its app's ready report names it, its version and the live process."""
    ready = upgrader.ready()
    assert ready is not None
    assert Path(ready.prefix) == release.path
    assert ready.version == version
    assert ready.pid == upgrader.service.main_pid()
    assert upgrader.layout.current() == release


def game_and_history_kept(service: AppProcess) -> None:
    state = service.get("/api/state")
    assert isinstance(state, dict)
    assert "Kaskade" in state["description"], state["description"]
    history = service.get("/api/history")
    assert isinstance(history, list)
    assert [match["id"] for match in history] == ["finished0game"]
    saved = Autosave(service.state / PROFILE / "current.record").load()
    assert saved is not None
    assert saved.moves == ["a1", "d4", "b1"]


def test_an_upgrade_runs_the_new_release_and_keeps_the_game_and_the_history(installed,
                                                                              wheels):
    upgrader, installer, service, first, said = installed
    new = upgrader.upgrade(wheels["new"], installer)
    runs(upgrader, new, NEW)
    assert new.name.startswith(f"{NEW}-")
    assert upgrader.layout.previous() == first
    assert said[-1] == f"{new.name} runs and reported ready; kaskade upgrade --rollback " \
        f"goes back to {first.name}"
    game_and_history_kept(service)
    lines = status(upgrader.layout, service, upgrader.ready)
    assert lines[0].startswith(f"running: {new.name} (version {NEW}, process ")
    assert any(new.name in line and "[current]" in line for line in lines)
    assert any(first.name in line and "[previous]" in line for line in lines)
    assert lines[-1] == f"kaskade upgrade --rollback goes back to {first.name}"


def test_a_release_that_cannot_start_is_rolled_back_on_its_own_then_by_hand(installed,
                                                                            wheels):
    upgrader, installer, service, first, _ = installed
    new = upgrader.upgrade(wheels["new"], installer)
    with pytest.raises(UpgradeError, match=rf"^{BROKEN}-\w+ stopped while starting; "
                       rf"{re.escape(new.name)} runs again$"):
        upgrader.upgrade(wheels["broken"], installer)
    runs(upgrader, new, NEW)
    assert upgrader.layout.previous() == first, "the way back is as it was"
    broken = [r for r in upgrader.layout.installed() if r.version == BROKEN]
    assert len(broken) == 1
    assert broken[0].failed == "stopped while starting"
    assert any("[failed: stopped while starting]" in line
               for line in status(upgrader.layout, service, upgrader.ready))
    game_and_history_kept(service)

    back = upgrader.rollback()
    assert back == first
    runs(upgrader, first, zipfile_version(wheels["built"]))
    assert upgrader.layout.previous() == new
    game_and_history_kept(service)


def zipfile_version(wheel: Path) -> str:
    return wheel.name.split("-")[1]


class SilentService:
    """A service whose app runs but never reports ready (a loop stuck before its first
    step): restarted, it is process 4242 and says nothing."""

    def __init__(self) -> None:
        self.restarts = 0

    def restart(self) -> None:
        self.restarts += 1

    def main_pid(self) -> int | None:
        return 4242


def fake_release(layout: Layout, name: str) -> Release:
    release = layout.release(name)
    (release.path / "bin").mkdir(parents=True)
    (release.path / "bin" / "kaskade").write_text("#!/bin/sh\n", encoding="utf-8")
    return release


def test_a_release_that_never_reports_ready_is_rolled_back_when_the_time_is_up(tmp_path):
    layout = Layout(tmp_path / "opt")
    old, new = fake_release(layout, "0.1.0-aaaaaaaa"), fake_release(layout, "0.2.0-bbbbbbbb")
    layout.switch(old, None)
    now = [0.0]
    service = SilentService()
    upgrader = Upgrader(layout, service, partial(read_ready, tmp_path), timeout=30,
                        say=lambda _: None, clock=lambda: now[0],
                        pause=lambda s: now.__setitem__(0, now[0] + s))
    write_ready(tmp_path)  # a report, but of another process
    with pytest.raises(UpgradeError, match=re.escape(
            "0.2.0-bbbbbbbb did not report ready within 30 s; back on 0.1.0-aaaaaaaa, which "
            "did not report ready within 30 s either")):
        upgrader._switch(new, old, None)
    assert layout.current() == old
    assert new.failed == "did not report ready within 30 s"
    assert service.restarts == 2
    assert 30 < now[0] < 31 * 2


def test_a_release_uploaded_from_the_web_page_is_installed_the_same_way(installed, wheels,
                                                                        tmp_path):
    upgrader, installer, service = installed[:3]
    keys = signer(tmp_path / "release-keys")
    spool = Spool(tmp_path / "state", outcomes=tmp_path / "outcomes", keys=keys.trusted)
    spool.directory.mkdir()

    def upload(wheel: Path) -> None:
        part, signature = spool.part(wheel.name), spool.part("upload.sig")
        shutil.copyfile(wheel, part)
        shutil.copyfile(keys.sign(wheel), signature)
        spool.accept(part, wheel.name, signature)

    upload(wheels["new"])
    new = upgrade_uploaded(upgrader, spool, installer, trusted_keys(keys.trusted))
    assert new is not None
    runs(upgrader, new, NEW)
    assert spool.waiting() == []
    outcome = spool.outcome()
    assert outcome is not None
    assert (outcome["state"], outcome["message"]) == ("done", f"the board runs {new.name}")
    game_and_history_kept(service)

    upload(wheels["broken"])
    with pytest.raises(UpgradeError, match="stopped while starting"):
        upgrade_uploaded(upgrader, spool, installer, trusted_keys(keys.trusted))
    runs(upgrader, new, NEW)
    outcome = spool.outcome()
    assert outcome is not None
    assert outcome["state"] == "failed"
    assert outcome["message"].endswith(f"{new.name} runs again")
    assert upgrade_uploaded(upgrader, spool, installer,
                            trusted_keys(keys.trusted)) is None, "nothing waits"
    assert not list(upgrader.layout.prefix.glob(".uploaded-*")), "no scratch left"


def test_nothing_the_app_can_write_decides_what_root_installs(installed, wheels, tmp_path):
    """The issue's first failure, from the app's side: the app's user owns the upload folder,
    so a compromised app can put anything there without an upload — a wheel whose program
    runs any code as root, with a signature of another wheel, or an old release signed long
    ago. The upgrade service, as root, installs none of them, says why, and the release that
    ran runs on."""
    upgrader, installer, _, first, _ = installed
    keys = signer(tmp_path / "release-keys")
    spool = Spool(tmp_path / "state", outcomes=tmp_path / "outcomes", keys=keys.trusted)
    spool.directory.mkdir()
    marker = tmp_path / "ran-as-root"
    cli = zipfile_text(wheels["built"], "controller/cli/__init__.py")
    evil = repack(wheels["built"], tmp_path, "99.0.7", {"controller/cli/__init__.py": (
        f"open({str(marker)!r}, 'w').close()\n" + cli).encode()})
    trusted = trusted_keys(keys.trusted)
    before = upgrader.layout.installed()

    def planted(wheel: Path, signature: bytes | None, why: str,
                error: type[Exception]) -> None:
        shutil.copyfile(wheel, spool.directory / wheel.name)
        if signature is not None:
            (spool.directory / f"{wheel.name}.sig").write_bytes(signature)
        with pytest.raises(error, match=re.escape(why)):
            upgrade_uploaded(upgrader, spool, installer, trusted)
        outcome = spool.outcome()
        assert outcome is not None
        assert outcome["state"] == "failed"
        assert why in outcome["message"]
        assert list(spool.directory.iterdir()) == [], "taken out of the folder all the same"
        assert upgrader.layout.current() == first
        assert upgrader.layout.installed() == before, "no release was installed"

    planted(evil, None, "comes without its signature", SignatureError)
    good_signature = keys.sign(wheels["new"]).read_bytes()
    planted(evil, good_signature.replace(wheels["new"].name.encode(), evil.name.encode()),
            "does not match its signature", SignatureError)
    stranger = signer(tmp_path / "stranger", trust=False)
    planted(evil, stranger.sign(evil).read_bytes(), "signed by a key this board does not "
            "trust", SignatureError)
    (tmp_path / "old").mkdir()
    old = repack(wheels["built"], tmp_path / "old", "0.0.1")
    planted(old, keys.sign(old).read_bytes(), "an upload installs only a newer release",
            UploadError)
    assert not marker.exists(), "the planted program never ran"
    runs(upgrader, first, zipfile_version(wheels["built"]))


class ReportingService:
    """A service whose app reports ready from whatever release ``current`` names."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.report: Ready | None = None

    def restart(self) -> None:
        current = self.layout.current()
        assert current is not None
        self.report = Ready("0.2.0", 4343, str(current.path), "2026-11-25T12:00:00+00:00")

    def main_pid(self) -> int | None:
        return 4343


def test_a_release_that_failed_once_and_comes_up_now_is_no_longer_marked(tmp_path):
    layout = Layout(tmp_path / "opt")
    old, new = fake_release(layout, "0.1.0-aaaaaaaa"), fake_release(layout, "0.2.0-bbbbbbbb")
    new.mark_failed("stopped while starting")
    layout.switch(old, None)
    service = ReportingService(layout)
    said: list[str] = []
    upgrader = Upgrader(layout, service, lambda: service.report, say=said.append)
    upgrader._switch(new, old, None)
    assert new.failed is None
    assert (layout.current(), layout.previous()) == (new, old)
    assert said == ["switched to 0.2.0-bbbbbbbb; restarting the board",
                    "0.2.0-bbbbbbbb runs and reported ready; kaskade upgrade --rollback goes "
                    "back to 0.1.0-aaaaaaaa"]


def test_systemd_is_asked_to_restart_the_unit_and_for_its_main_process(tmp_path,
                                                                        monkeypatch):
    calls = tmp_path / "calls"
    tool = tmp_path / "systemctl"
    tool.write_text(f'#!/bin/sh\necho "$@" >> {calls}\n'
                    'case "$1" in show) echo "${PID:-0}";;\n'
                    'restart) echo "Job for kaskade-board.service failed." >&2\n'
                    '         exit "${FAIL:-0}";; esac\n', encoding="utf-8")
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    service = Systemd()
    assert service.main_pid() is None, "MainPID=0: not running"
    monkeypatch.setenv("PID", "1234")
    assert service.main_pid() == 1234
    service.restart()
    monkeypatch.setenv("FAIL", "1")
    with pytest.raises(ServiceError, match="systemctl restart kaskade-board failed: Job for"):
        service.restart()
    assert calls.read_text(encoding="utf-8").splitlines() == [
        "show --property=MainPID --value kaskade-board",
        "show --property=MainPID --value kaskade-board",
        "restart kaskade-board", "restart kaskade-board"]
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    assert service.main_pid() is None
    with pytest.raises(ServiceError, match="systemctl is not on this system"):
        service.restart()
