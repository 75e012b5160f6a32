"""The project as a newcomer meets it: the quick start, the layout, the style, the errors."""

from __future__ import annotations

import importlib
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import controller
from controller.devices.firmware import bundled
from controller.errors import KaskadeError
from firmware.identity import VERSION

ROOT = Path(__file__).resolve().parent.parent


def quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(?:sh|bash|console)?\n(.*?)```", section, re.S)
    assert len(blocks) == 1, "the quick start is one code block"
    return [line for line in blocks[0].splitlines() if line.strip()]


def test_the_quick_start_is_two_make_targets_that_exist():
    commands = quick_start_commands()
    assert commands == ["make sim", "make test"]
    for command in commands:
        result = subprocess.run(["make", "-n", *command.split()[1:]], cwd=ROOT,
                                capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr


def test_ci_runs_the_readme_test_command_and_the_linter():
    """The suite does not run ruff and mypy (make lint does, once): CI runs both."""
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert quick_start_commands()[1] in script
    assert re.search(r"^make lint\b", script, re.M)


def test_the_top_level_layout_is_the_documented_one():
    expected = {"controller", "hw", "sim", "firmware", "wiring", "tests", "docs"}
    present = {p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".")}
    assert expected <= present
    for package in ("controller/games", "controller/ai", "controller/render", "controller/app"):
        assert (ROOT / package / "__init__.py").is_file(), package


PACKAGES = ("controller", "hw", "sim", "firmware", "wiring")
MICROPYTHON_ONLY = ("firmware.viper", "sim.micropython.ram")
"""Viper code, which only MicroPython with a native emitter compiles (the firmware takes its
plain-Python loops elsewhere), and the script the firmware's heap is measured with on
MicroPython."""


def project_modules() -> list[str]:
    names = []
    for package in PACKAGES:
        module = importlib.import_module(package)
        names.append(package)
        names += [info.name for info in pkgutil.walk_packages(module.__path__, f"{package}.")
                  if not info.name.endswith(".__main__") and info.name not in MICROPYTHON_ONLY]
    return names


def test_every_project_error_is_also_a_builtin_error():
    errors = []
    for name in project_modules():
        module = importlib.import_module(name)
        errors += [value for value in vars(module).values()
                   if isinstance(value, type) and issubclass(value, Exception)
                   and value.__module__ == name]
    assert len(errors) >= 12
    for error in errors:
        if error is KaskadeError:
            continue
        assert issubclass(error, KaskadeError), f"{error.__name__} does not inherit KaskadeError"
        builtin = [base for base in error.__mro__
                   if base.__module__ == "builtins" and base not in (Exception, BaseException,
                                                                     object)]
        assert builtin, f"{error.__name__} inherits no built-in error such as ValueError"


def test_the_package_runs_as_a_module():
    result = subprocess.run([sys.executable, "-m", "controller", "--version"],
                            capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode == 0
    touch = bundled()
    assert result.stdout.splitlines() == [
        f"kaskade {controller.__version__}",
        f"touch firmware {touch.version} ({touch.content_hash})"]


def test_the_program_version_is_semantic_and_released_in_the_changelog():
    version = controller.__version__
    assert re.fullmatch(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)", version), version
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\]", changelog, re.M)
    assert headings[0] == "Unreleased", "others' changes gather under [Unreleased]"
    assert headings[1] == version, "the newest release is the program's version"
    assert f"touch firmware {VERSION}" in changelog.lower(), "the changelog names the firmware"
