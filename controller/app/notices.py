"""What a person should know about the board (a damaged file set aside, a save that failed, the
touch board restarting), kept for the front ends to show: the newest last, each once, a few."""

from __future__ import annotations

import logging

MAX_NOTICES = 20
"""Notices kept (the oldest go first); one already kept is not added again, so a failure that
repeats (a full card) neither grows the list nor fills the log."""

log = logging.getLogger("controller.app")


class Notices(list[str]):
    """The notices, oldest first."""

    def note(self, text: str | None) -> None:
        """Keep ``text`` (and log it), unless it is kept already: then it only moves to the
        end. ``None`` or ``""``: nothing to say."""
        if not text:
            return
        if text in self:
            log.debug("%s (again)", text)
            self.remove(text)
            self.append(text)
            return
        log.warning("%s", text)
        self.append(text)
        del self[:-MAX_NOTICES]
