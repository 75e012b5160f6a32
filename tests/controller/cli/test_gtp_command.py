"""``kaskade gtp``: the command serves the engine on standard input and output and refuses
options out of range (the engine's commands: tests/controller/ai/test_gtp.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def test_the_command_speaks_gtp_on_standard_input_and_output():
    kaskade = str(Path(sys.executable).parent / "kaskade")
    result = subprocess.run([kaskade, "gtp", "--level", "3", "--seconds", "0.05"],
                            input="1 boardsize 4x4\n2 play white a1\n3 genmove black\n4 quit\n",
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0
    responses = result.stdout.split("\n\n")
    assert responses[:2] == ["=1", "=2"]
    assert responses[2].startswith("=3 ")
    assert responses[3] == "=4"


@pytest.mark.parametrize("seconds", ["nan", "inf", "0", "-1", "61"])
def test_seconds_out_of_range_is_a_one_line_error(seconds, capsys):
    from controller.cli import main

    assert main(["gtp", "--seconds", seconds]) == 2
    assert "--seconds must be above 0 and at most 60" in capsys.readouterr().err


def test_nodes_and_threads_are_taken_and_checked(capsys):
    from controller.cli import main

    kaskade = str(Path(sys.executable).parent / "kaskade")
    result = subprocess.run([kaskade, "gtp", "--nodes", "3000", "--threads", "2"],
                            input="1 boardsize 6x9\n2 genmove white\n3 genmove black\n4 quit\n",
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0
    assert result.stdout.split("\n\n")[1].startswith("=2 ")
    assert main(["gtp", "--nodes", "0"]) == 2
    assert "--nodes must be at least 1" in capsys.readouterr().err
    assert main(["gtp", "--threads", "0"]) == 2
    assert "--threads must be 1 to 64" in capsys.readouterr().err
