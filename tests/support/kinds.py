"""The slow kinds of test, kept honest: a test that starts a program of a slow kind (node
running MicroPython or the emulated Pico, Chromium, Mosquitto, Xvfb, QEMU, pip from PyPI)
without that kind's marker fails, naming the marker to add. ``make check`` leaves the slow
kinds out by their markers, so an unmarked one would slow the inner loop without anyone
noticing; this makes forgetting the marker a failure in every run, ``make test`` and CI's.

Every program a test process starts passes through ``subprocess.Popen`` (``subprocess.run``,
asyncio's subprocesses and Selenium's driver service included); the plugin looks at each one
while a test runs. What a program started by another program starts is not seen: the first
one is (``kaskade`` run as a command is Python and of no kind; a test that starts it to reach
a browser starts the browser itself).
"""

from __future__ import annotations

import shlex
import subprocess
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import PurePath
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
KINDS = frozenset({*PROGRAMS.values(), *FOLDERS.values(), "network"})
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
    return None


_running: pytest.Item | None = None
"""The test this process runs now."""
_unmarked: dict[str, set[str]] = {}
"""Test id -> the kinds it started without their markers."""


def _watch(original: Callable[..., Any]) -> Callable[..., Any]:
    def execute_child(self: subprocess.Popen[Any], args: Any, *rest: Any, **named: Any) -> Any:
        item = _running
        if item is not None:
            kind = kind_of(args)
            if kind is not None and item.get_closest_marker(kind) is None:
                _unmarked.setdefault(item.nodeid, set()).add(kind)
        return original(self, args, *rest, **named)

    return execute_child


def pytest_configure(config: pytest.Config) -> None:
    del config
    execute = subprocess.Popen._execute_child  # type: ignore[attr-defined]
    if not getattr(execute, "watches_kinds", False):
        watched = _watch(execute)
        watched.watches_kinds = True  # type: ignore[attr-defined]
        subprocess.Popen._execute_child = watched  # type: ignore[attr-defined]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    global _running  # noqa: PLW0603  (one test at a time in a process)
    _running = item
    try:
        yield
    finally:
        _running = None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item,
                               call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    kinds = _unmarked.pop(item.nodeid, None) if call.when == "teardown" else None
    if kinds:
        report = outcome.get_result()
        report.outcome = "failed"
        marks = ", ".join(f"pytest.mark.{kind}" for kind in sorted(kinds))
        report.longrepr = (
            f"{item.nodeid} starts a program of a slow kind ({', '.join(sorted(kinds))}) "
            f"without its marker: add {marks} to the test, or pytestmark = {marks} to its "
            "module (make check leaves the slow kinds out by their markers)")
