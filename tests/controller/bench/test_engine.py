"""The engine benchmark's late position: where level 5's pacing spends, and always a game still
to play, even on boards whose random games end sooner."""

from __future__ import annotations

import pytest

from controller.ai.kaskade.pacing import phases
from controller.bench.engine import late_position
from controller.games import get_game


@pytest.mark.parametrize("size", ["6x9", "8x8", "16x16"])
def test_the_late_position_is_where_the_pacing_spends(size):
    start = get_game("kaskade").new({"size": size})
    state = late_position(start, seed=1)
    assert state.plies == phases(start.grid)[1]
    assert not state.is_over()


def test_the_same_seed_gives_the_same_position():
    start = get_game("kaskade").new({"size": "8x8"})
    assert late_position(start, seed=3).cells == late_position(start, seed=3).cells


def test_a_board_whose_games_end_sooner_gives_its_latest_open_position():
    start = get_game("kaskade").new({"size": "2x2"})
    state = late_position(start, seed=1, tries=20)
    assert not state.is_over()
    assert 0 < state.plies <= phases(start.grid)[1]
