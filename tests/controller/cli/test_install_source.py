"""Where ``kaskade install`` takes the program from: the checkout or the release it runs
from, or the wheel given — never a name looked up in a package index."""

from __future__ import annotations

import zipfile

from controller.cli import main
from hw.pi import installer


def test_outside_a_checkout_and_a_release_it_asks_for_the_wheel(monkeypatch, capsys):
    monkeypatch.setattr(installer, "running_checkout", lambda: None)
    monkeypatch.setattr(installer, "running_wheel", lambda: None)
    assert main(["install", "--print", "--any-pico"]) == 2
    error = capsys.readouterr().err
    assert "give the wheel it was installed from (--wheel FILE)" in error
    assert "pip install" not in error


def test_a_wheel_given_is_what_is_installed(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(installer, "running_checkout", lambda: None)
    monkeypatch.setattr(installer, "running_wheel", lambda: None)
    wheel = tmp_path / "kaskade_board-0.5.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("kaskade_board-0.5.0.dist-info/METADATA", "Name: kaskade-board\n")
        archive.writestr("controller/__init__.py", "")
    assert main(["install", "--print", "--any-pico", "--wheel", str(wheel)]) == 0
    out = capsys.readouterr().out
    release = installer.read_wheel(wheel).release_name()
    assert f"/opt/kaskade-board/releases/{release}/bin/python -m pip install" in out
    # Pinned by the constraints, the wheel is named with its hash in the release's own list.
    assert f"--requirement /opt/kaskade-board/releases/{release}/program.txt" in out
    assert f"ln -sfn releases/{release} /opt/kaskade-board/current" in out
    assert "kaskade-board[pi]==" not in out
    assert "pip wheel" not in out


def test_a_release_installs_from_the_wheel_it_keeps(monkeypatch, tmp_path):
    release = tmp_path / "releases" / "0.5.0-abcdef12"
    release.mkdir(parents=True)
    (release / "kaskade_board-0.5.0-py3-none-any.whl").write_bytes(b"")
    (release / "release.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(installer.sys, "prefix", str(release))
    monkeypatch.setattr(installer, "running_checkout", lambda: None)
    assert installer.program_source() == release / "kaskade_board-0.5.0-py3-none-any.whl"
