"""The aarch64 stage's steps, in the arm64 tree (:mod:`sim.pi.chroot`): README's Pi steps as a
Pi owner types them, the compiled cores built with every warning an error, the tests that
matter on a Pi, and the moves the computer plays for the cross-architecture check.

    python -m sim.pi.stage DIR     # the steps in a tree of its own under DIR, one line each
"""

from __future__ import annotations

import argparse
import json
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from controller.errors import KaskadeError
from sim.pi import rootfs
from sim.pi.chroot import Chroot
from sim.pi.readme import ROOT, Step, pi_steps

SOURCE = "/srv/kaskade-board"
"""Where "this repository" is, inside the tree: a git repository of the checkout as it is."""
CLONE = "kaskade-board"
"""The folder README's ``git clone`` makes, in the user's home."""
PIP_CACHE = "/home/maker/.cache/pip"
"""pip's cache, kept on this machine between runs: its downloads, and the wheels it built on
arm64 from their sources (rpi_ws281x: compiled the first time, taken from here later). The
program's own cores are compiled every run (an editable install is never cached)."""
CORES = ("controller/ai/kaskade/_core.c", "controller/ai/_solitaire_core.c",
         "controller/ai/solved/_exact.c", "controller/ai/_cascades_core.c",
         "controller/games/colliding_circles/_playout.c")
WARNINGS = ("-Wall", "-Wextra", "-Werror", "-Wno-unused-parameter",
            "-Wno-missing-field-initializers")
"""Every warning of -Wall and -Wextra an error, but two that CPython's own idioms raise in
every extension (the unused ``self`` of a module function, a ``PyModuleDef`` given only its
first fields)."""
COMPILED = ("controller.ai.kaskade._core", "controller.ai._solitaire_core",
            "controller.ai.solved._exact", "controller.ai._cascades_core",
            "controller.games.colliding_circles._playout")
PI_LIBRARIES = ("_rpi_ws281x", "lgpio", "gpiozero")
"""What the pi extra must have put in the environment, importable on arm64."""
TEST_TOOLS = ("pytest", "pytest-xdist", "hypothesis")
ON_THE_PI = (
    # the compiled cores against the Python they stand in for: integer widths, the compiler's
    # floating point, the order of hashed tables, threads
    "tests/controller/ai/test_core.py",
    "tests/controller/ai/test_core_search.py",
    "tests/controller/ai/test_solitaire_core.py",
    "tests/controller/ai/test_solitaire_core_rules.py",
    "tests/controller/ai/test_cascades_core.py",
    "tests/controller/ai/solved/test_exact.py",
    # every game's golden transcripts: the rules' results, move for move
    "tests/controller/games/kaskade/test_golden.py",
    "tests/controller/games/cascades/test_cascades_golden.py",
    "tests/controller/games/big_balls/test_big_balls_golden.py",
    "tests/controller/games/colliding_circles/test_colliding_circles_golden.py",
    "tests/controller/games/cascades_decktet/test_decktet_golden.py",
    # the service's files, and systemd-analyze's verdict on them, with Debian 12's systemd
    "tests/hw/pi/test_install.py",
)
"""The tests that run on arm64: those whose result the architecture can change — the compiled
cores (and the computer's moves, :mod:`sim.pi.moves`), the games' transcripts — and the
service's files as the Pi's own systemd reads them. Pure Python's rules, records, the app's
loop and the solvers' searches give the same results on every machine CPython runs on: the
native suite runs them."""
LONG = ("whose_turns_are_solved", "tops_4_and_6",
        "table_kept_through_a_game", "check_that_says_stop_stops", "late_positions_of_top")
"""Tests of those files left out here, each a minute or more under emulation: exhaustive
searches and timings, which the suite runs natively."""
BUILD = {"KASKADE_CORE_CFLAGS": " ".join(WARNINGS), "PIP_NO_COMPILE": "1"}
"""README's steps run as written, in an environment that (1) compiles the cores with
:data:`WARNINGS` — the install's own compile is the check, nothing compiles them twice — and
(2) leaves the byte compilation of the libraries installed to their first import (pip's
default compiles every module of every library, minutes under emulation, seconds on a Pi)."""


class StageError(KaskadeError, RuntimeError):
    """A step of the stage failed; the message says which and how."""


def repository(into: Path, uid: int, gid: int) -> Path:
    """A git repository of this checkout as it is now (its files tracked or new, not those
    git ignores), for README's ``git clone``: what a Pi owner clones is what was committed, and
    a run with changes not yet committed tests those."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, capture_output=True, check=True)
    shutil.rmtree(into, ignore_errors=True)
    into.mkdir(parents=True)
    for name in filter(None, listed.stdout.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    git = ["git", "-C", str(into), "-c", "user.name=Kaskade Board", "-c",
           "user.email=board@kaskade.invalid"]
    for step in (["init", "-q", "-b", "main"], ["add", "-A"],
                 ["commit", "-q", "-m", "the checkout as it is"]):
        subprocess.run([*git, *step], check=True, capture_output=True)
    for path in [into, *into.rglob("*")]:
        if not path.is_symlink():
            shutil.chown(path, uid, gid)
    return into


def prepare(work: Path, built: rootfs.Rootfs) -> Chroot:
    """A tree of this run's own in ``work``, with this checkout to clone and pip's download
    cache of this machine."""
    probe = Chroot(built, work / "tree")
    repository(work / "source", probe.uid, probe.gid)
    downloads = pip_cache()
    downloads.mkdir(parents=True, exist_ok=True)
    shutil.chown(downloads, probe.uid, probe.gid)
    probe.make_folder(PIP_CACHE)
    return readme_tree(work, built)


def readme_tree(work: Path, built: rootfs.Rootfs) -> Chroot:
    """The tree :func:`prepare` made in ``work`` (README's steps run in it), from any process."""
    return Chroot(built, work / "tree", {work / "source": SOURCE, pip_cache(): PIP_CACHE})


def layer(readme: Chroot, name: str) -> Chroot:
    """A tree of its own over README's (which then changes no more), in a folder ``name``
    beside it: the stage's checks and the emulated machine's disk each change only theirs."""
    return Chroot(readme.rootfs, readme.work.parent / name, below=readme)


def pip_cache() -> Path:
    """Where pip's cache of the arm64 tree is kept on this machine."""
    return rootfs.cache_root() / "pip"


@dataclass(frozen=True)
class Ran:
    """A step run: its command as written, how long it took, what it printed at the end."""

    command: str
    seconds: float
    output: str


def run_readme_steps(tree: Chroot, steps: list[Step]) -> list[Ran]:
    """README's steps up to the first that needs the board's hardware, each as written
    (``git clone``'s address put in); a step written with sudo is run as root (see
    :mod:`sim.pi.chroot`). The user's steps run in one shell, as typed one after another."""
    ran = []
    before_hardware = []
    for step in steps:
        if step.needs_hardware:
            break
        before_hardware.append(step)
    user_steps: list[Step] = []

    def flush() -> None:
        if not user_steps:
            return
        script = "set -e\n" + "\n".join(step.with_repository(SOURCE) for step in user_steps)
        started = time.monotonic()
        done = tree.run(script, "README's steps " + "; ".join(s.command for s in user_steps),
                        env=BUILD)
        ran.append(Ran(" && ".join(s.command for s in user_steps),
                       time.monotonic() - started, done.stdout[-2000:] + done.stderr[-2000:]))
        user_steps.clear()

    for step in before_hardware:
        if step.words[0] == "sudo":
            flush()
            started = time.monotonic()
            done = tree.run(shlex.join(step.words[1:]), f"README's step {step.command}",
                            root=True, env={"DEBIAN_FRONTEND": "noninteractive", **BUILD})
            ran.append(Ran(step.command, time.monotonic() - started,
                           done.stdout[-2000:] + done.stderr[-2000:]))
        else:
            user_steps.append(step)
    flush()
    return ran


def clone(tree: Chroot) -> str:
    return f"{tree.home}/{CLONE}"


def core_warnings(tree: Chroot, modules: dict[str, str]) -> dict[str, str]:
    """What the compiler says of each core: ``""`` for a core README's install built for arm64
    (with :data:`WARNINGS`, see :data:`BUILD`: a core with a warning is not built, the install
    going on without it), else the core compiled alone again, its words kept."""
    said = {}
    for core, name in zip(CORES, COMPILED, strict=True):
        if modules.get(name, "").endswith("-aarch64-linux-gnu.so"):
            said[core] = ""
            continue
        done = tree.run(f"cc $(python3-config --includes) {' '.join(WARNINGS)} -O2 -c {core} "
                        "-o /dev/null", f"compiling {core}", cwd=clone(tree), check=False)
        said[core] = (done.stdout + done.stderr).strip() or f"exit {done.returncode}"
    return said


def installed(tree: Chroot, modules: tuple[str, ...]) -> dict[str, str]:
    """Where each of ``modules`` is imported from in the clone's environment (``""``: it does
    not import)."""
    script = ("import importlib, json, sys\nfound = {}\nfor name in sys.argv[1:]:\n"
              "    try:\n        found[name] = importlib.import_module(name).__file__ or '?'\n"
              "    except Exception as error:\n        found[name] = ''\n"
              "print(json.dumps(found))")
    done = tree.run(f".venv/bin/python -c {shlex.quote(script)} {' '.join(modules)}",
                    "importing the libraries", cwd=clone(tree))
    loaded: dict[str, str] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


def install_test_tools(tree: Chroot) -> None:
    tree.run(f".venv/bin/pip install --quiet -c constraints-dev.txt {' '.join(TEST_TOOLS)}",
             "installing the test tools", cwd=clone(tree), env=BUILD)


@dataclass(frozen=True)
class TestRun:
    """The tests run on arm64: how many, how many failed or were skipped, how long."""

    tests: int
    failures: int
    skipped: int
    seconds: float
    output: str


def run_tests(tree: Chroot, paths: tuple[str, ...] = ON_THE_PI, jobs: int = 2) -> TestRun:
    """``paths`` run with pytest in the clone, in CI's settings, but for :data:`LONG`."""
    report = f"{tree.home}/pi-tests.xml"
    deselect = " or ".join(LONG)
    started = time.monotonic()
    done = tree.run(f".venv/bin/python -m pytest -p no:cacheprovider -q -n {jobs} "
                    f"--junitxml={report} -k {shlex.quote(f'not ({deselect})')} "
                    f"{' '.join(paths)}", "the tests on arm64", cwd=clone(tree),
                    env={"CI": "true"}, check=False)
    seconds = time.monotonic() - started
    try:
        root = ElementTree.fromstring(tree.read(report))
    except FileNotFoundError:
        raise StageError("pytest wrote no report on arm64:\n"
                         + (done.stdout + done.stderr)[-3000:]) from None
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    count = {key: sum(int(suite.get(key, 0)) for suite in suites)
             for key in ("tests", "failures", "errors", "skipped")}
    return TestRun(count["tests"], count["failures"] + count["errors"], count["skipped"],
                   seconds, (done.stdout + done.stderr)[-4000:])


def moves(tree: Chroot) -> dict[str, Any]:
    """The cross-architecture check's result on arm64 (:mod:`sim.pi.moves`)."""
    done = tree.run(".venv/bin/python -m sim.pi.moves --json", "the moves on arm64",
                    cwd=clone(tree))
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sim.pi.stage",
        description="Run the aarch64 stage's steps in an arm64 tree of their own under DIR: "
        "README's Pi steps, the cores with warnings as errors, the tests that matter on a Pi, "
        "the moves for the cross-architecture check.")
    parser.add_argument("work", type=Path, metavar="DIR")
    args = parser.parse_args(argv)
    tree = prepare(args.work, rootfs.build())
    for ran in run_readme_steps(tree, pi_steps()):
        print(f"{ran.seconds:7.1f} s  {ran.command}", flush=True)
    modules = installed(tree, (*COMPILED, *PI_LIBRARIES))
    print(json.dumps(core_warnings(tree, modules), indent=2))
    print(json.dumps(modules, indent=2))
    install_test_tools(tree)
    tests = run_tests(tree)
    print(f"{tests.tests} tests, {tests.failures} failed, {tests.skipped} skipped in "
          f"{tests.seconds:.0f} s")
    result = moves(tree)
    print(f"{result['machine']}: {result['moves']} moves, digest {result['digest']}")
    return 0 if tests.failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
