"""A touch firmware that crashes: every start raises once it has been up a second, as a
firmware whose sensor bus fails would (``crashing``, a fixture)."""

from __future__ import annotations

import pytest

from firmware.board import TouchBoard


@pytest.fixture
def crashing(monkeypatch):
    """Every start of the firmware raises once it has been up a second."""
    step = TouchBoard.step

    def failing(self, elapsed):
        if self.uptime >= 1:
            raise ValueError("the sensor bus failed")
        step(self, elapsed)

    monkeypatch.setattr(TouchBoard, "step", failing)
