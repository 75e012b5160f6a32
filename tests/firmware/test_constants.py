"""The firmware's constants in micropython-lib's style: a constant no other module reads is
private (``_NAME = const(…)``), so MicroPython's compiler folds it into the code instead of
keeping it in the module's globals, in RAM (``kaskade bench firmware`` measures it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
PUBLIC = re.compile(r"^([A-Z][A-Z0-9_]*) = const\(", re.MULTILINE)


def public_constants(path: Path) -> list[str]:
    return PUBLIC.findall(path.read_text(encoding="utf-8"))


def readers(name: str, home: Path) -> list[Path]:
    """The Python files besides ``home`` that mention ``name``."""
    word = re.compile(rf"\b{name}\b")
    return [path for folder in ("firmware", "controller", "hw", "sim", "tests")
            for path in (ROOT / folder).rglob("*.py")
            if path != home and word.search(path.read_text(encoding="utf-8"))]


def test_every_public_constant_is_read_by_another_module():
    lonely = [f"{path.relative_to(ROOT)}: {name}"
              for path in sorted((ROOT / "firmware").rglob("*.py"))
              for name in public_constants(path) if not readers(name, path)]
    assert lonely == [], "make these private: _NAME = const(...)"


def test_the_check_finds_public_constants():
    assert "MAX_THRESHOLD" in public_constants(ROOT / "firmware" / "pads.py")
    assert "_SHIFT" not in public_constants(ROOT / "firmware" / "pads.py")
