"""Where the board's two updates stand — the touch board's firmware and the program itself —
in one form for everyone who shows them (the board's health screen, the web page, Home
Assistant): a newer one known, one under way, one done, one that did not take and was rolled
back, with why.

The firmware's comes from the app's :class:`~controller.app.firmware_update.FirmwareUpdate`
(what the touch board said, the update asked for on the board or the page, how it ended). The
program's comes from the release upload folder (:mod:`controller.app.upgrades`): a release
uploaded from the page waits there for the upgrade service, which says how it went — it runs
the new release, or the new one did not come up and the one before runs again (why in its
words). A board that takes no uploads has only the release it runs.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from controller.app.firmware_update import FirmwareUpdate
from controller.app.upgrades import OUTCOMES, WHEEL_NAME, Spool
from controller.devices.firmware import Standing, bundled

UNKNOWN, CURRENT, NEWER, RUNNING, DONE, ROLLED_BACK = (
    "unknown", "current", "newer", "running", "done", "rolled back")
NOTABLE = (NEWER, RUNNING, DONE, ROLLED_BACK)
"""The states worth saying across the LEDs when the health screen opens."""


@dataclass(frozen=True)
class UpdateStatus:
    """One part's update: ``part`` (``firmware`` or ``program``), the version ``running``
    (``None`` before the touch board said), the ``latest`` known, its ``state``, in ``words``
    for a person; ``progress`` (0-1) while one runs, ``why`` one was rolled back."""

    part: str
    running: str | None
    latest: str | None
    state: str
    words: str
    progress: float | None = None
    why: str | None = None

    def json(self) -> dict[str, Any]:
        return asdict(self)


def firmware_status(update: FirmwareUpdate) -> UpdateStatus:
    """The touch board's firmware and its update."""
    ours = bundled().version
    said = update.board
    running = said.version if said is not None else None
    if update.share is not None:
        return UpdateStatus("firmware", running, ours, RUNNING,
                            f"updating the touch board's firmware to {ours}: "
                            f"{round(update.share * 100)} % — keep it plugged in",
                            progress=update.share)
    outcome = update.outcome
    if outcome is not None and outcome != "updated":
        why = outcome.removeprefix("did not finish: ")
        still = f"; the touch board runs firmware {running} as before" if running else ""
        return UpdateStatus("firmware", running, ours, ROLLED_BACK,
                            f"the firmware update to {ours} did not take ({why}){still}",
                            why=why)
    comparison = update.standing
    if comparison is None:
        return UpdateStatus("firmware", None, ours, UNKNOWN,
                            "the touch board has not said which firmware it runs")
    if outcome == "updated" and not comparison.differs:
        return UpdateStatus("firmware", running, ours, DONE,
                            f"the touch board was updated to firmware {running}")
    if comparison.standing is Standing.OLDER:
        return UpdateStatus("firmware", running, ours, NEWER,
                            f"firmware {ours} is ready for the touch board, which runs "
                            f"{running}: update it (the board offers it at home)")
    if comparison.differs:
        return UpdateStatus("firmware", running, ours, NEWER, comparison.words())
    return UpdateStatus("firmware", running, ours, CURRENT,
                        f"the touch board runs firmware {running}, the one this program brings")


def program_status(state: Path, running: str, outcomes: Path = OUTCOMES) -> UpdateStatus:
    """The program: ``running`` (its version) and the releases uploaded into the state
    directory ``state`` for the upgrade service, with how the last one went (which the
    upgrade service, as root, writes into ``outcomes``)."""
    spool = Spool(state, outcomes)
    waiting = spool.waiting()
    if waiting:
        match = WHEEL_NAME.fullmatch(waiting[0].name)
        version = match["version"] if match else waiting[0].name
        return UpdateStatus("program", running, version, NEWER,
                            f"release {version} was uploaded and waits to be installed "
                            f"(the board runs {running})")
    last = spool.outcome()
    if last is None:
        return UpdateStatus("program", running, running, CURRENT, f"the board runs {running}")
    wheel = str(last.get("wheel") or "")
    match = WHEEL_NAME.fullmatch(wheel)
    version = match["version"] if match else None
    message = str(last.get("message") or "")
    if last.get("state") == "installing":
        return UpdateStatus("program", running, version, RUNNING,
                            f"installing release {version or wheel}: the board restarts with "
                            "it, or goes back to this one")
    if last.get("state") == "failed":
        return UpdateStatus("program", running, version, ROLLED_BACK,
                            f"release {version or wheel} did not take ({message}); the board "
                            f"runs {running}", why=message)
    if last.get("state") == "done" and version == running:
        return UpdateStatus("program", running, version, DONE,
                            f"the board was upgraded to {running}")
    return UpdateStatus("program", running, running, CURRENT, f"the board runs {running}")
