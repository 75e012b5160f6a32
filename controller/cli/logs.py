"""Where the program's log goes: to the journal when systemd runs it (with each line's
priority, so ``journalctl -p warning`` works), to standard error otherwise. Under systemd the
board's comings and goings (the touch board connected, the firmware updated) are logged; on a
terminal only warnings, unless ``-v`` asks for more."""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO

PRIORITY = {logging.DEBUG: 7, logging.INFO: 6, logging.WARNING: 4, logging.ERROR: 3,
            logging.CRITICAL: 2}
"""syslog's priorities, which journald reads from a ``<N>`` at the start of a line."""


class JournalFormatter(logging.Formatter):
    """``<priority>logger: message``, one journal entry per line."""

    def format(self, record: logging.LogRecord) -> str:
        priority = PRIORITY.get(record.levelno, 6)
        text = super().format(record)
        return "\n".join(f"<{priority}>{line}" for line in text.splitlines() or [""])


def to_journal(stream: TextIO) -> bool:
    """Whether ``stream`` is the journal: systemd says which file it connected in
    ``$JOURNAL_STREAM`` (device and inode), and that must be this very stream."""
    wanted = os.environ.get("JOURNAL_STREAM", "")
    try:
        status = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return False
    return wanted == f"{status.st_dev}:{status.st_ino}"


def configure(verbosity: int = 0, stream: TextIO | None = None) -> None:
    """Send the log to ``stream`` (standard error): INFO and above in the journal, WARNING on
    a terminal; each ``-v`` one level more."""
    stream = stream or sys.stderr
    journal = to_journal(stream)
    base = logging.INFO if journal else logging.WARNING
    level = max(logging.DEBUG, base - 10 * verbosity)
    handler = _Handler(stream)
    if journal:
        handler.setFormatter(JournalFormatter("%(name)s: %(message)s"))
    elif verbosity:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: "
                                               "%(message)s"))
    else:
        handler.setFormatter(logging.Formatter("kaskade: %(levelname)s: %(message)s"))
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, _Handler)]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)


class _Handler(logging.StreamHandler[TextIO]):
    """This program's handler (configuring again replaces it, not adds a second)."""
