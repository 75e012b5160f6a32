"""The silicon stage's tests build MicroPython's rp2 image on first use (minutes on two cores;
cached afterwards in ~/.cache/kaskade-board/rp2) and run it on the emulated RP2040
(``make silicon-image`` builds it ahead; processes that start together wait on its lock).
They are collected only when ``KASKADE_SILICON_TESTS=1`` (``make test-silicon`` sets it): the
stage's tests join the default run and CI once every reference build keeps its scan budget,
so that the build's minutes on a fresh machine buy a check that passes:

    KASKADE_SILICON_TESTS=1 .venv/bin/python -m pytest tests/sim/silicon -q
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sim.silicon import image as images

HERE = Path(__file__).resolve().parent

if os.environ.get("KASKADE_SILICON_TESTS") != "1":
    collect_ignore_glob = ["test_*.py"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The silicon stage's tests after all the others (a stable sort keeps each group's order)."""
    items.sort(key=lambda item: HERE in Path(item.path).parents)


@pytest.fixture(scope="session")
def rp2_image() -> images.Image:
    """The rp2 image and the boot ROM, from the cache (built the first time, or waited for while
    another process builds it)."""
    return images.build()
