"""The silicon stage's tests run with the rest of the suite (``make test``) and in CI. They
build MicroPython's rp2 image on first use (minutes on two cores, as root installing the
Debian packages the build needs; cached afterwards in ~/.cache/kaskade-board/rp2; processes
that start together wait on its lock, so CI starts the build in the background first) and run
it on the emulated RP2040 under node. On a machine without those packages (and not root to
install them), or without node and rp2040js, they are skipped naming the fix; in CI, where
every test must run, they fail instead.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import pytest

from sim.silicon import image as images
from sim.silicon.emulator import SiliconError, node

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The silicon stage's tests after all the others (a stable sort keeps each group's order):
    the image they need has then had the whole run to build."""
    items.sort(key=lambda item: HERE in Path(item.path).parents)


def _missing(error: Exception) -> NoReturn:
    if os.environ.get("CI"):
        pytest.fail(str(error))
    pytest.skip(str(error))


@pytest.fixture(scope="session")
def rp2_image() -> images.Image:
    """The rp2 image and the boot ROM, from the cache (built the first time, or waited for while
    another process builds it)."""
    try:
        node()
        return images.build()
    except (images.MissingPackagesError, SiliconError) as error:
        _missing(error)


@pytest.fixture(autouse=True)
def _silicon_here(rp2_image: images.Image) -> None:
    """Every test of the stage needs node, rp2040js and the image (or skips, outside CI)."""


@pytest.fixture(scope="session")
def run_folder(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """A folder that every process of this run shares (the run's temporary folder): what one
    makes there with :func:`made_once`, the others find."""
    base = tmp_path_factory.getbasetemp()
    return base if worker_id == "master" else base.parent


def made_once(path: Path, make: Callable[[Path], None]) -> Path:
    """``path``, made by ``make(new_path)`` in the first process that asks for it (the others
    wait for it): an emulated Pico's flash with a firmware installed, say, which takes a minute
    to make and a moment to copy."""
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            making = path.with_suffix(".new")
            making.unlink(missing_ok=True)
            make(making)
            making.rename(path)
    return path
