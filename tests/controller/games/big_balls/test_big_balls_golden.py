"""Golden Big Balls games (deals and dice written in the record, Black or White first): every
event and position as written in ``golden/``."""

from __future__ import annotations

from pathlib import Path

import pytest

from controller.games.big_balls import hole_name
from tests.support.golden import check_golden

RECORDS = sorted((Path(__file__).parent / "golden").glob("*.record"))


def test_there_are_golden_games():
    assert len(RECORDS) >= 3


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_the_game_replays_exactly_as_written(path):
    check_golden(path, lambda start: hole_name)
