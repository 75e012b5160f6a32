"""Golden Colliding Circles games (every throw written in the record): each ending, and the
original rules' example opening continued; every event and position as written in ``golden/``."""

from __future__ import annotations

from pathlib import Path

import pytest

from controller.games.colliding_circles.board import CIRCLE_NAMES, NAMES
from tests.support.golden import check_golden

RECORDS = sorted((Path(__file__).parent / "golden").glob("*.record"))


def test_there_are_golden_games():
    assert len(RECORDS) >= 4


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_the_game_replays_exactly_as_written(path):
    check_golden(path, lambda start: NAMES.__getitem__,
                 {"circle": CIRCLE_NAMES.__getitem__})
