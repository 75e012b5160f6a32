"""The core is pure: ``controller.games`` and ``controller.render`` import only the standard
library and the pure parts of this package, and none of the standard modules that reach files,
sockets, processes, clocks or global randomness."""

from __future__ import annotations

import ast
import sys
import sysconfig
from importlib.util import find_spec
from pathlib import Path

import pytest

import controller

ROOT = Path(controller.__file__).parent.parent
OWN = {"controller"}
PURE = {
    "controller/games": ("controller.games", "controller.errors"),
    "controller/render": ("controller.render", "controller.games", "controller.profile.model",
                          "controller.errors"),
}
FORBIDDEN = {
    "os", "io", "pathlib", "shutil", "tempfile", "glob", "socket", "ssl", "select", "selectors",
    "asyncio", "subprocess", "threading", "multiprocessing", "signal", "time", "datetime",
    "random", "secrets", "sqlite3", "urllib", "http", "logging", "builtins", "ctypes",
}
STDLIB = Path(sysconfig.get_paths()["stdlib"]).resolve()


def imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}:{node.lineno}: use absolute imports"
            found.append((node.lineno, node.module or ""))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("open", "__import__"):
            found.append((node.lineno, f"<call to {node.func.id}>"))
    return found


def is_standard_library(name: str) -> bool:
    top = name.split(".", maxsplit=1)[0]
    if top in sys.builtin_module_names or top == "__future__":
        return True
    spec = find_spec(top)
    if spec is None or spec.origin in (None, "frozen", "built-in"):
        return spec is not None
    origin = Path(spec.origin).resolve()
    return STDLIB in origin.parents and "site-packages" not in origin.parts


def problems_in(path: Path, root: Path,
                allowed: tuple[str, ...] = PURE["controller/games"]) -> list[str]:
    problems = []
    for line, name in imported_modules(path):
        top = name.split(".")[0]
        where = f"{path.relative_to(root)}:{line}"
        if name.startswith("<call"):
            problems.append(f"{where}: {name}")
        elif top in OWN:
            if not any(name == own or name.startswith(own + ".") for own in allowed):
                problems.append(f"{where}: imports {name}, outside the pure core")
        elif top in FORBIDDEN:
            problems.append(f"{where}: imports {name}, which reaches the outside world")
        elif not is_standard_library(name):
            problems.append(f"{where}: imports {name}, not in the standard library")
    return problems


@pytest.mark.parametrize("package", sorted(PURE))
def test_the_pure_packages_import_only_the_standard_library_and_pure_code(package):
    files = sorted((ROOT / package).rglob("*.py"))
    assert len(files) >= 7, "the scan found the package's modules"
    problems = [p for path in files for p in problems_in(path, ROOT, PURE[package])]
    assert problems == []


def test_the_check_catches_each_kind_of_impurity(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import os\nfrom time import monotonic\nimport hypothesis\n"
        "from controller.app import storage\nimport random\ndata = open('x')\n"
        "from collections import Counter\nfrom controller.games.base import Event\n"
    )
    found = problems_in(bad, tmp_path)
    assert [p.split(":")[1] for p in found] == ["1", "2", "3", "4", "5", "6"]


def test_the_check_itself_tells_standard_from_third_party_modules():
    assert is_standard_library("collections.abc")
    assert is_standard_library("re")
    assert not is_standard_library("hypothesis")
    assert not is_standard_library("pytest")
