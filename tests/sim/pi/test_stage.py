"""The aarch64 stage: on Debian 12 arm64 (the base of Raspberry Pi OS Lite 64-bit), under
emulation, README's Pi steps as written install the program with its pi extra — rpi_ws281x
compiled from its source, lgpio from PyPI — the compiled cores build with warnings as errors,
the tests that matter on a Pi pass, and the computer plays the same moves as on this machine."""

from __future__ import annotations

import platform

import pytest

from sim.pi import moves
from sim.pi import stage as steps
from sim.pi.readme import pi_steps

# One process runs the stage's tests, then the whole board's, which boots the stage's tree: never
# both at once (the tree would change under the disk image made from it).
pytestmark = [pytest.mark.arm64, pytest.mark.xdist_group("pi-stage")]


def test_the_tree_is_debian_12_for_arm64(built):
    tree = built.tree
    release = (tree / "etc" / "os-release").read_text()
    assert 'VERSION_ID="12"' in release
    assert "ID=debian" in release.splitlines()
    elf = (tree / "usr" / "bin" / "bash").read_bytes()[:20]
    assert elf[:4] == b"\x7fELF"
    assert int.from_bytes(elf[18:20], "little") == 183, "EM_AARCH64"
    record = built.record
    versions = record["versions"]
    for package in ("git", "build-essential", "python3-venv", "python3-dev", "swig", "iproute2",
                    "systemd", "linux-image-arm64"):
        assert package in versions, package
    assert versions["python3.11"].startswith("3.11")
    assert built.kernel.is_file()
    assert built.initrd.is_file()


def test_readme_steps_run_as_written(stage):
    ran = [step["command"] for step in stage.results["readme"]]
    written = [step.command for step in pi_steps() if not step.needs_hardware]
    assert ran[0] == written[0], "the apt line first, alone (as root)"
    assert ran[1] == " && ".join(written[1:4])
    version, machine = stage.results["version"].strip().rsplit("\n", 1)
    assert version.startswith("kaskade ")
    assert "touch firmware" in version
    assert machine == "aarch64"


def test_the_pi_extra_is_there_built_for_arm64(stage):
    """rpi_ws281x compiled here from its source (no wheel exists for ARM), lgpio from PyPI
    (Debian has no python3-lgpio), gpiozero."""
    modules = stage.results["modules"]
    for name in steps.PI_LIBRARIES:
        assert modules[name], f"{name} does not import on arm64"
        assert "/kaskade-board/.venv/" in modules[name], modules[name]
    assert modules["_rpi_ws281x"].endswith("-aarch64-linux-gnu.so")
    assert modules["controller"].startswith("/home/maker/kaskade-board/controller/")


def test_the_compiled_cores_build_with_warnings_as_errors(stage):
    assert stage.results["cores"] == dict.fromkeys(steps.CORES, "")
    for name in steps.COMPILED:
        assert stage.results["modules"][name].endswith("-aarch64-linux-gnu.so"), \
            f"pip built {name} for arm64"


def test_the_tests_that_matter_on_a_pi_pass_there(stage):
    tests = stage.results["tests"]
    assert tests["tests"] >= 150, tests["output"]
    assert (tests["failures"], tests["skipped"]) == (0, 0), tests["output"]


def test_the_same_seeds_give_the_same_moves_on_both_architectures(stage):
    there = stage.results["moves"]
    here = moves.summary(moves.play_all())
    assert there["machine"] == "aarch64"
    assert here["machine"] == platform.machine()
    assert [(g["game"], g["level"], g["plies"], g["digest"]) for g in there["games"]] == \
        [(g["game"], g["level"], g["plies"], g["digest"]) for g in here["games"]]
    assert there["digest"] == here["digest"]
