"""Upgrading the Pi with a way back: the new release is installed beside the running one,
``current`` switched to it, the service restarted — and unless the new release's app reports
ready in time, ``current`` is switched back and the release before restarted, on its own.
A rollback by hand is the same switch, to the release before, with the same safety.

The service manager is a small interface: systemd on the Pi, a plain process in the tests;
so is the app's ready report (``controller.app.ready``), which the runner hands in.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from controller.errors import KaskadeError
from hw.pi.installer import Installer
from hw.pi.releases import Layout, Release

READY_SECONDS = 120.0
"""How long a release may take to report ready after the restart (a Pi Zero 2 starting
the app from a cold card takes well under a minute)."""
UNIT = "kaskade-board"
LOCK_FILE = ".upgrade.lock"


class UpgradeError(KaskadeError, RuntimeError):
    """An upgrade or rollback that could not be made; the message says what runs now."""


class ServiceError(KaskadeError, RuntimeError):
    """The service manager could not restart the app."""


class Report(Protocol):
    """The ready report of a running app."""

    @property
    def version(self) -> str: ...
    @property
    def pid(self) -> int: ...
    @property
    def prefix(self) -> str:
        """The installation it runs from (a release's directory)."""
    @property
    def since(self) -> str: ...


Reports = Callable[[], Report | None]
"""The latest ready report, if there is one."""


class Service(Protocol):
    """What runs the board app: restarts it from the current release and names its
    process."""

    def restart(self) -> None:
        """Stop the app and start it again from ``current``; ``ServiceError`` when the
        manager says the start failed."""

    def main_pid(self) -> int | None:
        """The app's process, ``None`` while none runs."""


@dataclass(frozen=True)
class Systemd:
    """The systemd service ``unit``. With ``Type=notify`` a restart returns once the app
    said READY=1 (or failed); with a simple unit, once it started."""

    unit: str = UNIT

    def restart(self) -> None:
        result = _systemctl("restart", self.unit)
        if result is None:
            raise ServiceError("systemctl is not on this system: the board's service runs "
                               "under systemd (kaskade install)")
        if result.returncode != 0:
            raise ServiceError(f"systemctl restart {self.unit} failed: "
                               f"{result.stderr.strip()[-300:]}")

    def main_pid(self) -> int | None:
        result = _systemctl("show", "--property=MainPID", "--value", self.unit)
        text = result.stdout.strip() if result is not None and result.returncode == 0 else ""
        return int(text) if text.isdigit() and int(text) else None


def _systemctl(*arguments: str) -> subprocess.CompletedProcess[str] | None:
    """``systemctl`` with ``arguments``; ``None`` where there is no systemctl."""
    try:
        return subprocess.run(("systemctl", *arguments), capture_output=True, text=True,
                              check=False, timeout=300)
    except FileNotFoundError:
        return None
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(("systemctl", *arguments), 1, "",
                                           "no answer within 300 s")


@dataclass
class Upgrader:
    """Switches the releases of ``layout`` that ``service`` runs; ``ready`` reads the app's
    ready report."""

    layout: Layout
    service: Service
    ready: Reports
    timeout: float = READY_SECONDS
    say: Callable[[str], None] = print
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)
    pause: Callable[[float], None] = field(default=time.sleep, repr=False)

    def upgrade(self, source: Path, installer: Installer) -> Release:
        """Install ``source`` (a wheel or a checkout) and switch to it; the release that runs
        afterwards. ``UpgradeError`` when it did not come up (the one before runs again)."""
        with self._locked():
            running = self.layout.current()
            if running is None:
                raise UpgradeError(f"no release is installed in {self.layout.prefix}; "
                                   "install the board first: sudo kaskade install")
            release = installer.install(source, self.layout)
            if release.path == running.path:
                raise UpgradeError(f"{release.name} is the release that runs already")
            self.say(f"installed {release.name} beside {running.name}")
            self._switch(release, running, self.layout.previous())
            for name in self.layout.prune():
                self.say(f"removed the old release {name}")
            return release

    def rollback(self) -> Release:
        """Switch back to the release before the running one; the one that runs afterwards."""
        with self._locked():
            running, before = self.layout.current(), self.layout.previous()
            if running is None or before is None or not before.complete:
                raise UpgradeError("there is no release to go back to (kaskade upgrade "
                                   "--status lists what is kept)")
            self._switch(before, running, None)
            return before

    def _switch(self, release: Release, running: Release, before: Release | None) -> None:
        """Run ``release`` with ``running`` to go back to; if it does not report ready, back
        to ``running`` (with ``before`` as the one before it, as it was)."""
        self.layout.switch(release, running)
        self.say(f"switched to {release.name}; restarting the board")
        problem = self._restart(release)
        if problem is None:
            release.mark_good()
            self.say(f"{release.name} runs and reported ready; "
                     f"kaskade upgrade --rollback goes back to {running.name}")
            return
        release.mark_failed(problem)
        self.say(f"{release.name} {problem}; switching back to {running.name}")
        self.layout.switch(running, before)
        again = self._restart(running)
        if again is not None:
            raise UpgradeError(f"{release.name} {problem}; back on {running.name}, which "
                               f"{again} either: see journalctl -u {UNIT}")
        raise UpgradeError(f"{release.name} {problem}; {running.name} runs again")

    def _restart(self, release: Release) -> str | None:
        """Restart the service and wait for ``release``'s ready report; ``None`` once it
        came, else what went wrong, in words that follow the release's name."""
        try:
            self.service.restart()
        except ServiceError as error:
            return f"did not start ({error})"
        deadline = self.clock() + self.timeout
        first = self.service.main_pid()
        while True:
            pid = self.service.main_pid()
            if pid is None or (first is not None and pid != first):
                return "stopped while starting"
            first = pid
            if _reports(self.ready(), pid, release):
                return None
            if self.clock() > deadline:
                return f"did not report ready within {self.timeout:g} s"
            self.pause(0.2)

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """One upgrade at a time (from the command line and from the web page)."""
        try:
            self.layout.prefix.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(self.layout.prefix / LOCK_FILE,
                                 os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError as error:
            raise UpgradeError(f"{self.layout.prefix}: {error.strerror or error}; upgrades "
                               "change system folders: run sudo $(command -v kaskade) upgrade") \
                from None
        try:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise UpgradeError("another upgrade is under way; wait for it to finish") \
                    from None
            yield
        finally:
            os.close(descriptor)


def _reports(ready: Report | None, pid: int, release: Release) -> bool:
    """Whether ``ready`` is the report of process ``pid`` running ``release``."""
    return ready is not None and ready.pid == pid and \
        Path(ready.prefix).resolve() == release.path.resolve()


def status(layout: Layout, service: Service, reports: Reports) -> list[str]:
    """What runs and what is kept, in lines of words."""
    current, before = layout.current(), layout.previous()
    lines: list[str] = []
    ready = reports()
    pid = service.main_pid()
    if current is None:
        lines.append(f"no release is installed in {layout.prefix}")
    elif pid is not None and _reports(ready, pid, current):
        assert ready is not None
        lines.append(f"running: {current.name} (version {ready.version}, process {pid}, "
                     f"ready since {ready.since})")
    else:
        lines.append(f"current: {current.name} (not running: the service has no ready app "
                     "from it)")
    for release in reversed(layout.installed()):
        roles = [role for role, linked in (("current", current), ("previous", before))
                 if linked is not None and linked.path == release.path]
        failed = release.failed
        if failed:
            roles.append(f"failed: {failed}")
        installed = release.info.get("installed", "?")
        lines.append(f"  {release.name:<24} installed {installed}"
                     + (f"  [{'; '.join(roles)}]" if roles else ""))
    if before is not None:
        lines.append(f"kaskade upgrade --rollback goes back to {before.name}")
    leftovers = layout.legacy()
    if leftovers:
        lines.append(f"an install from before the releases is still in {layout.prefix}")
    return lines


def remove_legacy(layout: Layout) -> list[str]:
    """Remove the single virtual environment an install before the releases left in the
    prefix (the service runs ``current`` now); what was removed."""
    removed = []
    for path in layout.legacy():
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
        removed.append(path.name)
    return removed
