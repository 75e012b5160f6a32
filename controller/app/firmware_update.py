"""The touch board's firmware against the one this installation bundles, and its update: offered
when they differ, put off until the app starts again, asked for (on the board or from the web
page), under way with its progress, ended with its outcome.

The app feeds it what the touch board says (``SensorsFirmware``, ``UpdateProgress``,
``UpdateFinished``); the update screens and the web page read and ask it; the driver takes the
request to the touch link. Nothing here waits or touches the board.
"""

from __future__ import annotations

from typing import Any

from controller.devices.firmware import Comparison, bundled, compare
from controller.devices.interfaces import SensorsFirmware
from controller.errors import KaskadeError


class UpdateRefusedError(KaskadeError, RuntimeError):
    """An update asked for that cannot start now (one is under way, the board has not said
    its firmware, or it runs the bundled one already)."""


class FirmwareUpdate:
    """The touch board's firmware and its update, for one run of the app."""

    def __init__(self) -> None:
        self.board: SensorsFirmware | None = None
        """The touch board's firmware, once it has connected (boards that can update it)."""
        self.declined = False
        """"Later" was chosen, or an update failed: it is not offered again until the next
        start of the app."""
        self.share: float | None = None
        """How far the update under way has come (0-1), while one is."""
        self.outcome: str | None = None
        """How the last update since the app started ended, in words."""
        self._wanted = False

    def board_said(self, firmware: SensorsFirmware) -> None:
        """The touch board has said which firmware it runs."""
        self.board = firmware

    @property
    def standing(self) -> Comparison | None:
        """The touch board's firmware against the bundled one, once the board has said."""
        said = self.board
        return None if said is None else compare(said.version, said.content_hash)

    @property
    def offered(self) -> bool:
        """Whether the touch board runs other firmware than the bundled one — older, newer,
        changed or foreign — and the update was not put off."""
        standing = self.standing
        return standing is not None and standing.differs and not self.declined

    def refusal(self) -> str | None:
        """Why an update cannot start now, or ``None`` when it can."""
        if self.share is not None:
            return "an update is already under way"
        firmware, standing = self.board, self.standing
        if firmware is None or standing is None:
            return "the touch board has not said which firmware it runs"
        if not standing.differs:
            return (f"the touch board already runs firmware {firmware.version} "
                    f"({firmware.content_hash}), the one this software brings")
        return None

    def start(self) -> None:
        """Ask for the update (the driver passes it on to the touch link)."""
        self._wanted = True
        self.share = 0.0

    def decline(self) -> None:
        """Put the update off until the app starts again."""
        self.declined = True

    def take(self) -> bool:
        """Whether the update was asked for since the last call (for the driver)."""
        wanted, self._wanted = self._wanted, False
        return wanted

    def progress(self, share: float) -> None:
        """The update has written ``share`` (0-1) of its bytes."""
        self.share = share

    def finished(self, error: str | None) -> str | None:
        """The update ended (``error`` says why it failed); what a person should know of it:
        a failed update is not offered again until the next start."""
        self.share = None
        self.outcome = "updated" if error is None else f"did not finish: {error}"
        if error is None:
            return None
        self.declined = True
        return f"the firmware update did not finish: {error}"

    def report(self) -> dict[str, Any]:
        """The board's firmware, the bundled one, and the update, for the health page."""
        firmware, standing, ours = self.board, self.standing, bundled()
        return {"board": firmware.version if firmware else None,
                "board_hash": firmware.content_hash if firmware else None,
                "bundled": ours.version, "bundled_hash": ours.content_hash,
                "standing": standing.words() if standing else None,
                "update_offered": self.offered,
                "updating": self.share, "last_update": self.outcome}
