"""The ready report: once the board app's loop has made its first step, it writes
``ready.json`` into its state directory — its version, its process and the installation it
runs from. ``kaskade upgrade`` waits for the report of the new release's process before it
calls an upgrade done, and goes back to the release before when none comes.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from controller import __version__
from controller.app.driver import Driver
from controller.app.loop import Call, Companion, hold
from controller.app.storage import StorageError, read_text, write_atomically
from controller.devices.interfaces import InputEvent

READY_FILE = "ready.json"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Ready:
    """What a running app reported."""

    version: str
    pid: int
    prefix: str
    """The installation (virtual environment) it runs from: a release's directory."""
    since: str


def report() -> Ready:
    """This process's report."""
    return Ready(__version__, os.getpid(), sys.prefix,
                 datetime.now(UTC).isoformat(timespec="seconds"))


def write_ready(directory: Path) -> None:
    """Write this process's ready report into ``directory``."""
    ready = report()
    write_atomically(directory / READY_FILE, json.dumps(
        {"version": ready.version, "pid": ready.pid, "prefix": ready.prefix,
         "since": ready.since}) + "\n")


def read_ready(directory: Path) -> Ready | None:
    """The last ready report in ``directory``; ``None`` when there is none or it is not one."""
    try:
        found = json.loads(read_text(directory / READY_FILE))
        return Ready(str(found["version"]), int(found["pid"]), str(found["prefix"]),
                     str(found["since"]))
    except (StorageError, ValueError, TypeError, KeyError):
        return None


class ReadyReport:
    """A companion of the loop that writes the ready report into ``directory`` after the
    loop's first step, and passes everything on to ``inner`` (the web companion), if any."""

    def __init__(self, directory: Path, inner: Companion | None = None) -> None:
        self.directory = directory
        self.inner = inner
        self.written = False

    def attach(self, post: Callable[[InputEvent | Call], None]) -> None:
        if self.inner is not None:
            self.inner.attach(post)

    def hold(self, problem: str) -> None:
        if self.inner is not None:
            hold(self.inner, problem)

    def publish(self, driver: Driver, now: float) -> None:
        if self.inner is not None:
            self.inner.publish(driver, now)
        if not self.written:
            self.written = True
            try:
                write_ready(self.directory)
            except StorageError as error:
                log.warning("the ready report was not written: %s", error)

