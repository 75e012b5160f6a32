"""The MicroPython tools the update works through are checked before they are used."""

from __future__ import annotations

import pytest

from hw.flash import tooling
from hw.flash.errors import FlashError


@pytest.mark.parametrize(("version", "fine"), [
    ("1.22.0", False), ("1.24.1", False), ("1.25.0", True), ("1.29.0", True), ("1.30.0", False),
    ("2.0", False), ("unknown", False),
])
def test_only_the_mpremote_releases_the_update_works_with_are_used(monkeypatch, version, fine):
    monkeypatch.setattr(tooling.metadata, "version", lambda name: version)
    if fine:
        assert tooling.check_mpremote() == version
    else:
        with pytest.raises(FlashError, match=r"pip install 'mpremote>=1.25,<1.30'"):
            tooling.check_mpremote()


def test_the_installed_mpremote_is_one_of_them():
    tooling.check_mpremote()
