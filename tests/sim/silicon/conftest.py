"""The silicon stage's tests build MicroPython's rp2 image on first use (minutes on two cores;
cached afterwards in ~/.cache/kaskade-board/rp2) and run it on the emulated RP2040
(``make silicon-image`` builds it ahead; CI starts that build in the background before the
suite, and these tests wait on its lock). They run last, so that the build has the rest of
the suite's time to finish:

    .venv/bin/python -m pytest tests/sim/silicon -q
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.silicon import image as images

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The silicon stage's tests after all the others (a stable sort keeps each group's order)."""
    items.sort(key=lambda item: HERE in Path(item.path).parents)


@pytest.fixture(scope="session")
def rp2_image() -> images.Image:
    """The rp2 image and the boot ROM, from the cache (built the first time, or waited for while
    another process builds it)."""
    return images.build()
