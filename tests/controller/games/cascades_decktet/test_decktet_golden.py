"""Golden Decktet solitaire games (the deal written in the record): won and lost, each version
and pass limit; every event and position as written in ``golden/``."""

from __future__ import annotations

from pathlib import Path

import pytest

from controller.games.cascades_decktet.cards import CARDS
from tests.support.golden import check_golden

RECORDS = sorted((Path(__file__).parent / "golden").glob("*.record"))


def codes(cards: tuple[int, ...]) -> str:
    return " ".join(CARDS[c].code for c in cards)


def test_there_are_golden_games():
    assert len(RECORDS) >= 4


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_the_game_replays_exactly_as_written(path):
    check_golden(path, lambda start: str,
                 {"card": lambda c: CARDS[c].code, "top": lambda c: CARDS[c].code,
                  "cards": codes})
