"""Root's upgrade service has no network: an uploaded release's libraries are asked of the
unprivileged fetching service — the signed wheel, its requirement pinned by its hash and the
constraints it carries, readable by all — and installed from that service's wheels alone,
offline, each checked by its hash; a fetch that fails stops the upgrade with where to look."""

from __future__ import annotations

import hashlib
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from controller.cli.upgrade import prepared
from hw.pi.fetch import FetchError, SystemdFetch, fetch_command, write_request
from hw.pi.installer import PINNED, Installer, carried_constraints
from hw.pi.releases import Layout, Wheel

NAME = "kaskade_board-99.0.0-py3-none-any.whl"
PINS = "aiohttp==3.14.3 \\\n    --hash=sha256:" + "a" * 64 + "\n"


def wheel(path: Path, constraints: str | None = PINS) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("kaskade_board-99.0.0.dist-info/METADATA", "Name: kaskade-board\n")
        archive.writestr("controller/__init__.py", '__version__ = "99.0.0"\n')
        if constraints is not None:
            archive.writestr("hw/pi/constraints.txt", constraints)
    return path


@dataclass
class FakeFetch:
    """The fetching service as the tests see it: it reads the request and hands back a
    folder of wheels."""

    request: Path
    wheelhouse: Path
    seen: list[set[str]] = field(default_factory=list)

    def fetch(self) -> Path:
        self.seen.append({path.name for path in self.request.iterdir()})
        return self.wheelhouse


def test_a_signed_wheels_own_constraints_pin_its_installation(tmp_path):
    made = wheel(tmp_path / NAME)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    found = carried_constraints(made, scratch)
    assert found is not None
    assert found.read_text(encoding="utf-8") == PINS
    assert carried_constraints(wheel(tmp_path / "old.whl", None), scratch) is None
    old = tmp_path / "old-constraints.txt"
    old.write_text("", encoding="utf-8")
    making = prepared(Installer(constraints=old), made, scratch, None)
    assert making.constraints == found, "the release's pins, not the running release's"


def test_the_release_is_installed_offline_from_what_the_fetching_service_fetched(tmp_path):
    made = wheel(tmp_path / NAME)
    scratch, request, wheels = tmp_path / "scratch", tmp_path / "request", tmp_path / "wheels"
    scratch.mkdir()
    fetch = FakeFetch(request, wheels)
    making = prepared(Installer(binary_only=True), made, scratch, fetch)
    assert fetch.seen == [{NAME, PINNED, "constraints.txt"}]
    assert making.wheelhouse == wheels
    digest = hashlib.sha256(made.read_bytes()).hexdigest()
    pinned = (request / PINNED).read_text(encoding="utf-8")
    assert pinned == f"kaskade-board[pi] @ {(request / NAME).as_uri()} --hash=sha256:{digest}\n"
    assert all(oct(path.stat().st_mode & 0o777) == "0o644" for path in request.iterdir()), \
        "the fetching service, another user, reads the request"
    release = Layout(tmp_path / "opt").release("99.0.0-x")
    pip = making.steps(Wheel(made, "99.0.0"), release)[-1]
    assert pip[pip.index("--no-index") + 1:pip.index("--no-index") + 3] == \
        ("--find-links", str(wheels))
    binary = pip.index("--only-binary")
    assert pip[binary:binary + 2] == ("--only-binary", ":all:")
    write_request(made, None, "pi", request)  # a request replaces the one before
    assert (request / "constraints.txt").read_text(encoding="utf-8") == ""


def test_the_fetching_service_downloads_wheels_only_by_the_request():
    command = fetch_command(Path("/opt/kaskade-board/current/bin/python"))
    assert command[:4] == ("/opt/kaskade-board/current/bin/python", "-m", "pip", "download")
    for pair in (("--only-binary", ":all:"), ("--dest", "/var/cache/kaskade-board-fetch/wheels"),
                 ("--constraint", "/run/kaskade-board-upgrade/constraints.txt"),
                 ("--requirement", f"/run/kaskade-board-upgrade/{PINNED}")):
        assert command[command.index(pair[0]) + 1] == pair[1]


def test_a_fetch_that_fails_says_where_to_look(tmp_path, monkeypatch):
    tool = tmp_path / "systemctl"
    tool.write_text(f'#!/bin/sh\necho "$@" > {tmp_path / "called"}\n'
                    'echo "Job for kaskade-board-fetch.service failed." >&2\nexit 1\n',
                    encoding="utf-8")
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(FetchError, match="see journalctl -u kaskade-board-fetch"):
        SystemdFetch().fetch()
    assert (tmp_path / "called").read_text(encoding="utf-8") == \
        "start kaskade-board-fetch.service\n"
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    with pytest.raises(FetchError, match="systemctl is not on this system"):
        SystemdFetch().fetch()
