"""Golden Cascades games (standard board, hexagon with territory scoring, the stricter
placement, an end by passes): every event and position as written in ``golden/``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.golden import check_golden

RECORDS = sorted((Path(__file__).parent / "golden").glob("*.record"))


def test_there_are_golden_games():
    assert len(RECORDS) >= 4


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_the_game_replays_exactly_as_written(path):
    check_golden(path, lambda start: start.slope.name)
