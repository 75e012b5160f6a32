"""``kaskade sim device``: the MicroPython board emulator started from the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.micropython import needs_interpreter

KASKADE = str(Path(sys.executable).with_name("kaskade"))


@pytest.mark.micropython
def test_the_emulator_starts_answers_commands_and_keeps_its_flash(tmp_path):
    needs_interpreter()
    process = subprocess.run([KASKADE, "sim", "device", "--flash", str(tmp_path / "flash")],
                             input="help\nfly\ncycle\nquit\n", capture_output=True, text=True,
                             timeout=60, check=False)
    assert process.returncode == 0, process.stderr
    lines = process.stdout.splitlines()
    assert lines[0].startswith("MicroPython board on /dev/")
    assert "commands: off" in lines[1]
    assert "unknown command 'fly'" in lines[2]
    assert lines[3].startswith("board on /dev/")
    assert (tmp_path / "flash").is_dir()


def test_device_options_go_with_device(tmp_path, capsys):
    from controller.cli import main

    assert main(["sim", "--flash", str(tmp_path)]) == 2
    assert "go with kaskade sim device" in capsys.readouterr().err
