"""README's Raspberry Pi steps install the program with its ``pi`` extra (gpiozero, Blinka,
the NeoPixel library, and rpi-ws281x on ARM). Those libraries must never break the program on
any machine: Blinka, for one, installs a top-level module named ``micropython``, which once
made the touch firmware take CPython for MicroPython and crash at start.

The extra is installed as a Pi owner installs it — from PyPI, with the pinned constraints —
into a fresh environment outside the checkout, from a copy of the source; the main commands
then run there from another folder. A release is installed as ``kaskade install`` makes one,
with every hash checked, from the system's own Python and pip."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hw.pi.constraints import pinned
from hw.pi.installer import Installer
from hw.pi.releases import Layout
from tests.test_packaging import source_files

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [pytest.mark.network, pytest.mark.install, pytest.mark.xdist_group("pi-extra")]

GAME = """\
# Kaskade's tile twice, two people, a 2x2 board, a touch that skips "White to move", then
# three balls
tap a8
tap a8
tap a8
tap b2
wait 1
tap a1
wait 1
tap a1
wait 1
tap b2
wait 1
tap b1
wait 3
"""


@pytest.fixture(scope="module")
def with_pi_extra(tmp_path_factory) -> Path:
    """A fresh environment holding the program and its ``pi`` extra; its ``bin`` folder."""
    folder = tmp_path_factory.mktemp("pi-extra")
    source = folder / "source"
    for name in source_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    result = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
         "--disable-pip-version-check", "-c", str(source / "constraints-dev.txt"), f"{source}[pi]"],
        capture_output=True, text=True, check=False, timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return venv / "bin"


def kaskade(bin_folder: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(bin_folder / "kaskade"), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, timeout=300)


def test_the_extra_brings_the_libraries_that_shadow_micropython(with_pi_extra):
    """The trap is really there: Blinka's ``micropython`` module imports on CPython."""
    found = subprocess.run([str(with_pi_extra / "python"), "-c",
                            "import micropython, gpiozero; print(micropython.__file__)"],
                           capture_output=True, text=True, check=False)
    assert found.returncode == 0, found.stderr
    assert "site-packages" in found.stdout


def test_kaskade_starts_with_the_pi_extra_installed(with_pi_extra, tmp_path):
    result = kaskade(with_pi_extra, tmp_path, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("kaskade "), result.stdout
    assert "touch firmware" in result.stdout


def test_a_game_is_played_through_the_touch_firmware_with_the_pi_extra(with_pi_extra, tmp_path):
    """The headless simulator's touches go through the real firmware on CPython, which is
    where the shadowing module did its harm."""
    script = tmp_path / "game.txt"
    script.write_text(GAME)
    result = kaskade(with_pi_extra, tmp_path, "sim", "--headless", "--script", str(script),
                     "--state-dir", str(tmp_path / "state"))
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["screen"] == "KaskadeScreen"
    assert summary["game"]["moves"] == ["a1", "b2", "b1"], summary


def test_doctor_runs_its_checks_with_the_pi_extra(with_pi_extra, tmp_path):
    """Off a Pi the doctor finds problems (no Pi, no touch board) and says so; it must not
    crash while importing the hardware libraries it checks."""
    result = kaskade(with_pi_extra, tmp_path, "doctor")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert "not a Raspberry Pi" in result.stdout
    assert "problem(s)" in result.stdout


SYSTEM_PYTHON = Path("/usr/bin/python3")
"""The Python a Pi's release environments are made from (Debian's, as kaskade install on a Pi
uses)."""


def test_a_release_installs_with_hashed_constraints_from_the_systems_own_pip(tmp_path):
    """kaskade install's release: a new environment of the system's Python starts with the
    system's pip (Debian 12's 23.0.1 refuses dependencies that only the hashed constraints
    pin), so the release installs the pinned pip first, then the program with every hash
    checked."""
    if not (SYSTEM_PYTHON.is_file() and subprocess.run(
            [str(SYSTEM_PYTHON), "-c", "import ensurepip"], check=False).returncode == 0):
        message = f"{SYSTEM_PYTHON} with venv is needed (Debian: sudo apt install python3-venv)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    installer = Installer(python=str(SYSTEM_PYTHON), constraints=ROOT / "constraints.txt")
    wheel = installer.wheel_from(ROOT, tmp_path).path
    release = installer.install(wheel, Layout(tmp_path / "opt"))
    result = subprocess.run([str(release.kaskade), "--version"], capture_output=True, text=True,
                            check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("kaskade ")
    pip = subprocess.run([str(release.path / "bin" / "python"), "-m", "pip", "--version"],
                         capture_output=True, text=True, check=True).stdout
    assert pip.startswith(f"pip {pinned(ROOT / 'constraints.txt', 'pip').split()[0][5:]} ")
