"""The slow kinds of test, kept honest: a test that starts a program of a slow kind (node
running MicroPython or the emulated Pico, Chromium, Mosquitto, Xvfb, QEMU, pip from PyPI, the
build of a wheel or its install into a fresh environment) without that kind's marker fails,
naming the marker to add. ``make check`` leaves the slow kinds out by their markers, so an
unmarked one would slow the inner loop without anyone noticing; this makes forgetting the
marker a failure in every run, ``make test`` and CI's.

Two watches see every start while a test runs. In the test's own process every program goes
through ``subprocess.Popen`` (``subprocess.run``, asyncio's subprocesses and Selenium's driver
service included). What its children start (``kaskade sim device`` starting node, say) they
find on the ``PATH``, where each process of the suite puts a folder of stand-ins first: each
writes its arguments to the process's log and runs the real program. Tests that use the
``broker``, ``browser`` or ``display`` fixtures need the marker too, even where another test of
the module started the fixture's program.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path, PurePath
from typing import Any

import pytest

PROGRAMS: dict[str, str] = {
    "chromium": "browser",
    "chromium-browser": "browser",
    "chromedriver": "browser",
    "google-chrome": "browser",
    "mosquitto": "broker",
    "mosquitto_passwd": "broker",
    "Xvfb": "display",
    "xvfb-run": "display",
    "xdotool": "display",
    "xwd": "display",
    "qemu-aarch64": "arm64",
    "qemu-aarch64-static": "arm64",
    "qemu-system-aarch64": "arm64",
    "mmdebstrap": "arm64",
    "arm-none-eabi-gcc": "silicon",
    "cmake": "silicon",
}
"""Programs that are of one kind whatever they are asked to do."""
FOLDERS = {"micropython": "micropython", "silicon": "silicon"}
"""Node and npm run MicroPython or the emulated Pico from these folders of ``sim/``; node
running anything else (the web page's scripts, a moment each) is of no kind."""
FIXTURES = {"broker": "broker", "browser": "browser", "display": "display"}
"""The fixtures (``tests/support``) that start a program of a slow kind, once per module."""
KINDS = frozenset({*PROGRAMS.values(), *FOLDERS.values(), "network", "install"})
"""Every slow kind the plugin recognises: the markers pyproject.toml declares."""


def kind_of(args: str | bytes | Sequence[Any]) -> str | None:
    """The slow kind of the program ``args`` starts (as ``subprocess.Popen`` takes them), or
    ``None``."""
    if isinstance(args, (str, bytes)):
        words = shlex.split(args.decode() if isinstance(args, bytes) else args)
    else:
        words = [str(arg.decode() if isinstance(arg, bytes) else arg) for arg in args]
    if not words:
        return None
    program = PurePath(words[0]).name
    if program in PROGRAMS:
        return PROGRAMS[program]
    if program in ("node", "nodejs", "npm"):
        for word in words[1:]:
            parts = PurePath(word).parts
            for index in range(len(parts) - 1):
                if parts[index] == "sim" and parts[index + 1] in FOLDERS:
                    return FOLDERS[parts[index + 1]]
        return None
    if "pip" in words and "install" in words and not {"--no-index", "--offline"} & set(words):
        return "network"  # pip reaches the package index unless told not to
    if "pip" in words and {"install", "wheel"} & set(words):
        return "install"
    if words[1:3] in (["-m", "build"], ["-m", "venv"]):
        return "install"
    return None


_running: pytest.Item | None = None
"""The test this process runs now."""
_unmarked: dict[str, set[str]] = {}
"""Test id -> the kinds it started without their markers."""
SEPARATOR = "\x1f"
"""Between the arguments a stand-in writes to the log (the ASCII unit separator)."""
STAND_INS = "KASKADE_TEST_STAND_INS"
"""The environment variable naming this process's folder of stand-ins."""
_log: Path | None = None
_read = 0
"""How much of the stand-ins' log has been read."""


def _watch(original: Callable[..., Any]) -> Callable[..., Any]:
    def execute_child(self: subprocess.Popen[Any], args: Any, *rest: Any, **named: Any) -> Any:
        if _running is not None:
            _mark_missing(_running, kind_of(args))
        return original(self, args, *rest, **named)

    return execute_child


def _stand_ins() -> Path:
    """A folder of stand-ins for the programs of a slow kind found on the ``PATH`` (an outer
    suite's stand-ins passed over), put first on it; each logs its arguments and runs the real
    program. The log is ``stand-ins.log`` in the folder."""
    folder = Path(tempfile.mkdtemp(prefix="kinds-"))
    outer = os.environ.get(STAND_INS)
    path = os.pathsep.join(entry for entry in os.environ.get("PATH", "").split(os.pathsep)
                           if entry != outer)
    log = shlex.quote(str(folder / "stand-ins.log"))
    for program in sorted({*PROGRAMS, "node", "nodejs", "npm"}):
        real = shutil.which(program, path=path)
        if real is None:
            continue
        stand_in = folder / program
        stand_in.write_text(
            "#!/bin/sh\n"
            f"unit=$(printf '\\037'); line={program}\n"
            'for arg; do line="$line$unit$arg"; done\n'
            f"printf '%s\\n' \"$line\" >> {log}\n"
            f"exec {shlex.quote(real)} \"$@\"\n", encoding="utf-8")
        stand_in.chmod(0o755)
    os.environ["PATH"] = os.pathsep.join([str(folder), path])
    os.environ[STAND_INS] = str(folder)
    return folder / "stand-ins.log"


def _started_by_children() -> list[str]:
    """The programs the stand-ins ran since the last call, as argument lists joined by
    :data:`SEPARATOR`."""
    global _read  # noqa: PLW0603  (one log per process)
    if _log is None or not _log.exists():
        return []
    with _log.open("rb") as log:
        log.seek(_read)
        data = log.read()
    complete = data[:data.rfind(b"\n") + 1]  # a line being written waits for the next look
    _read += len(complete)
    return complete.decode(errors="replace").splitlines()


def pytest_configure(config: pytest.Config) -> None:
    global _log  # noqa: PLW0603
    if hasattr(config, "workerinput") or config.getoption("dist", "no") == "no":
        _log = _stand_ins()  # a process that runs tests (not the parallel runs' controller)
    execute = subprocess.Popen._execute_child  # type: ignore[attr-defined]
    if not getattr(execute, "watches_kinds", False):
        watched = _watch(execute)
        watched.watches_kinds = True  # type: ignore[attr-defined]
        subprocess.Popen._execute_child = watched  # type: ignore[attr-defined]


def pytest_unconfigure(config: pytest.Config) -> None:
    del config
    if _log is not None:
        shutil.rmtree(_log.parent, ignore_errors=True)


def _mark_missing(item: pytest.Item, kind: str | None) -> None:
    if kind is not None and item.get_closest_marker(kind) is None:
        _unmarked.setdefault(item.nodeid, set()).add(kind)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    global _running  # noqa: PLW0603  (one test at a time in a process)
    _started_by_children()  # what came before this test is not its own
    _running = item
    for name in getattr(item, "fixturenames", ()):
        _mark_missing(item, FIXTURES.get(name))
    try:
        yield
    finally:
        _running = None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item,
                               call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    if call.when != "teardown":
        return
    for line in _started_by_children():
        _mark_missing(item, kind_of(line.split(SEPARATOR)))
    kinds = _unmarked.pop(item.nodeid, None)
    if kinds:
        report = outcome.get_result()
        report.outcome = "failed"
        marks = ", ".join(f"pytest.mark.{kind}" for kind in sorted(kinds))
        report.longrepr = (
            f"{item.nodeid} starts a program of a slow kind ({', '.join(sorted(kinds))}) "
            f"without its marker: add {marks} to the test, or pytestmark = {marks} to its "
            "module (make check leaves the slow kinds out by their markers)")
