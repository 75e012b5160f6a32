"""``PUT /api/settings`` on a full card, against the real server: the page is told that the
settings were not saved (they still apply until the board restarts), never a 200."""

from __future__ import annotations

import errno
import os


def test_settings_that_cannot_be_saved_are_a_507_with_the_reason(served, monkeypatch):
    served.pair()
    real = os.fsync

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    status, answer = served.request("PUT", "/api/settings", {"sound": False})
    assert status == 507, answer
    assert answer["error"].startswith("the settings were not saved: ")
    assert "No space left on device" in answer["error"]
    assert answer["error"].endswith("they apply until the board restarts")
    assert answer["settings"]["sound"] is False
    assert served.app.settings.sound is False
    monkeypatch.setattr(os, "fsync", real)
    status, answer = served.request("PUT", "/api/settings", {"sound": False})
    assert status == 200, answer
    assert served.app.store.settings.load().sound is False
