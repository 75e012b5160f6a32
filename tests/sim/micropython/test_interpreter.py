"""Where the MicroPython interpreter (an npm package) is found: the checkout's
sim/micropython/node_modules, else the user's data folder where ``kaskade sim device
--install-interpreter`` puts it with npm — and what a person is told when it is in neither."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from controller.cli import main
from sim.micropython import interpreter
from sim.micropython.interpreter import DIR_VARIABLE, LOCK_FILES, EmulatorError


@pytest.fixture
def installed(tmp_path, monkeypatch) -> Path:
    """A program installed from a package: its JavaScript without node_modules beside it, and
    an empty data folder."""
    here = tmp_path / "site-packages" / "sim" / "micropython"
    here.mkdir(parents=True)
    for name in LOCK_FILES:
        (here / name).write_bytes((interpreter.HERE / name).read_bytes())
    monkeypatch.setattr(interpreter, "HERE", here)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return here


def fake_npm(folder: Path, status: int = 0) -> Path:
    """An npm that records its arguments and installs a stand-in of the package."""
    npm = folder / "npm"
    npm.write_text(f"""#!/bin/sh
echo "$@" > "{folder}/npm-args"
[ {status} -eq 0 ] || {{ echo "npm ERR! network" >&2; exit {status}; }}
mkdir -p "$3/node_modules/@micropython"
""")
    npm.chmod(npm.stat().st_mode | stat.S_IXUSR)
    return npm


def test_a_checkout_uses_its_own_node_modules():
    if not (interpreter.HERE / "node_modules" / "@micropython").is_dir():
        pytest.fail("make test installs the interpreter in sim/micropython (npm ci)")
    assert interpreter.modules_dir() == interpreter.HERE


def test_an_installed_program_without_it_says_what_to_run(installed):
    assert interpreter.modules_dir() is None
    with pytest.raises(EmulatorError, match="kaskade sim device --install-interpreter") as error:
        interpreter.environment()
    assert str(interpreter.data_dir()) in str(error.value)


def test_install_puts_it_in_the_data_folder_from_the_packages_lock_file(installed, tmp_path,
                                                                       monkeypatch, capsys):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake_npm(bin_dir)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    assert main(["sim", "device", "--install-interpreter"]) == 0
    folder = tmp_path / "data" / "kaskade-board" / "micropython"
    assert f"installed in {folder}" in capsys.readouterr().out
    assert (bin_dir / "npm-args").read_text().split()[:3] == ["ci", "--prefix", str(folder)]
    for name in LOCK_FILES:
        assert (folder / name).read_bytes() == (installed / name).read_bytes()
    assert interpreter.modules_dir() == folder
    assert interpreter.environment()[DIR_VARIABLE] == str(folder)

    (installed / "package-lock.json").write_text("{}\n")  # another release's lock file
    assert interpreter.modules_dir() is None, "installed again for the new release"


def test_install_without_npm_or_when_npm_fails_is_a_clear_error(installed, tmp_path,
                                                                monkeypatch, capsys):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir))
    assert main(["sim", "device", "--install-interpreter"]) == 2
    assert "needs npm (on Debian: sudo apt install nodejs npm)" in capsys.readouterr().err
    fake_npm(bin_dir, status=1)
    assert main(["sim", "device", "--install-interpreter"]) == 2
    error = capsys.readouterr().err
    assert "npm ci in" in error
    assert "npm ERR! network" in error
    assert interpreter.modules_dir() is None


def test_install_goes_with_device(capsys):
    assert main(["sim", "--install-interpreter"]) == 2
    assert "go with kaskade sim device" in capsys.readouterr().err
