"""The running simulated board's serial device name."""

from __future__ import annotations

from controller.profile import load_profile
from sim.touch_board.serve import default_link


def test_every_board_a_process_starts_gets_a_name_of_its_own(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    profile = load_profile("kaskade-mini")
    first, second = default_link(profile), default_link(profile)
    assert first != second, "a link still looking for the first must not find the second"
    assert first.parent == second.parent == tmp_path / "kaskade"
