"""The Pi stage's tests run with the rest of the suite (``make test``), alone (``make
test-arm64``, ``make test-system``) and in CI. They need the arm64 root filesystem (built on
first use: many minutes under emulation, as root; cached afterwards in
~/.cache/kaskade-board/arm64; processes that start together wait on its lock, so CI starts the
build in the background first) and root for its mounts. Without them they are skipped naming
the fix; in CI, where every test must run, they fail instead.

The stage's steps run once a run (:func:`stage`), in one process whichever asks first, in a
tree of the run's own; its tests read what they did. The whole-board test then makes its
machine's disk from that tree.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, NoReturn

import pytest

from controller.errors import KaskadeError
from sim.pi import rootfs
from sim.pi import stage as steps
from sim.pi.chroot import Chroot
from sim.pi.readme import pi_steps

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The Pi stage's tests after all the others (a stable sort keeps each group's order):
    the root filesystem they need has then had the whole run to build."""
    items.sort(key=lambda item: HERE in Path(item.path).parents)


def missing(error: Exception) -> NoReturn:
    if os.environ.get("CI"):
        pytest.fail(str(error))
    pytest.skip(str(error))


@pytest.fixture(scope="session")
def built() -> rootfs.Rootfs:
    """The arm64 root filesystem, from the cache (built the first time, or waited for while
    another process builds it)."""
    if os.geteuid() != 0:
        missing(rootfs.MissingHostError("the Pi stage mounts the arm64 tree: run it as root, "
                                         "as CI does"))
    try:
        return rootfs.build()
    except rootfs.MissingHostError as error:
        missing(error)


@pytest.fixture(scope="session")
def run_folder(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """A folder every process of this run shares (the run's temporary folder)."""
    base = tmp_path_factory.getbasetemp()
    return base if worker_id == "master" else base.parent


def made_once(path: Path, make: Callable[[Path], None]) -> Path:
    """``path``, made by ``make(new_path)`` in the first process that asks for it (the others
    wait for it)."""
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            making = path.with_suffix(".new")
            making.unlink(missing_ok=True)
            make(making)
            making.rename(path)
    return path


@dataclass(frozen=True)
class Stage:
    """What the aarch64 stage did: the tree it did it in, and its results."""

    tree: Chroot
    work: Path
    results: dict[str, Any]


def _recorded(steps_of: Callable[[], dict[str, Any]]) -> Callable[[Path], None]:
    def make(into: Path) -> None:
        """The results of ``steps_of`` into ``into``; a step that fails is recorded too, so
        that every test of the run reports it (rather than each process trying again)."""
        try:
            results = steps_of()
        except (KaskadeError, OSError, subprocess.SubprocessError) as error:
            results = {"error": f"{type(error).__name__}: {error}"}
        into.write_text(json.dumps(results, indent=2))
    return make


def _results(record: Path, what: str) -> dict[str, Any]:
    results: dict[str, Any] = json.loads(record.read_text())
    if "error" in results:
        pytest.fail(f"{what} failed: {results['error']}")
    return results


@pytest.fixture(scope="session")
def readme(built: rootfs.Rootfs, run_folder: Path) -> Stage:
    """README's Pi steps in the arm64 tree, once this run: the clone with its environment,
    the pi extra installed and the cores compiled. The aarch64 stage goes on from there, and
    the whole-board test boots that tree (so a run of both does these steps once)."""
    work = run_folder / "pi-stage"

    def steps_of() -> dict[str, Any]:
        tree = steps.prepare(work, built)
        started = time.monotonic()
        ran = steps.run_readme_steps(tree, pi_steps())
        return {"readme": [asdict(step) for step in ran],
                "seconds": time.monotonic() - started}

    record = made_once(run_folder / "pi-readme.json", _recorded(steps_of))
    return Stage(steps.readme_tree(work, built), work, _results(record, "README's Pi steps"))


@pytest.fixture(scope="session")
def stage(readme: Stage, run_folder: Path) -> Stage:
    """The aarch64 stage, once this run, after README's steps: the cores, the libraries, the
    tests that run on arm64, the moves — in a layer of its own over README's tree, so that the
    whole-board test, which boots that tree, can run beside it."""
    tree = steps.layer(readme.tree, "checks")

    def steps_of() -> dict[str, Any]:
        started = time.monotonic()
        modules = steps.installed(tree, ("controller", *steps.COMPILED, *steps.PI_LIBRARIES))
        cores = steps.core_warnings(tree, modules)
        version = tree.run(".venv/bin/kaskade --version && .venv/bin/python -c "
                           "'import platform; print(platform.machine())'",
                           "kaskade --version", cwd=steps.clone(tree)).stdout
        steps.install_test_tools(tree)
        tests = steps.run_tests(tree)
        moves = steps.moves(tree)
        return {**readme.results, "cores": cores, "modules": modules, "version": version,
                "tests": asdict(tests), "moves": moves,
                "stage_seconds": time.monotonic() - started}

    record = made_once(run_folder / "pi-stage.json", _recorded(steps_of))
    return Stage(tree, readme.work, _results(record, "the aarch64 stage"))
