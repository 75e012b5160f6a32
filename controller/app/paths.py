"""Where the app keeps its state: the game in progress, the settings and the match history.

``$KASKADE_STATE_DIR`` if set (tests, several boards on one machine), else
``$XDG_STATE_HOME/kaskade``, else ``~/.local/state/kaskade``.
"""

from __future__ import annotations

import os
from pathlib import Path

from controller.app.storage import StorageError


def state_dir(override: str | None = None) -> Path:
    """The state directory, created if needed."""
    chosen = override or os.environ.get("KASKADE_STATE_DIR")
    if chosen:
        path = Path(chosen)
    else:
        base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
        path = Path(base) / "kaskade"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(f"{path}: cannot use as the state directory: "
                           f"{error.strerror or error}") from None
    return path
