"""The published Chain Reaction program as a baseline: held to the program's own score lists
and choices, recorded from it on random 6x9 and 8x8 positions (``published/``, see its
README), number for number and tie for tie; its draw among the best moves as the program
draws; a win taken at once and one in two seen at its depth 2."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from controller.ai.base import Budget
from controller.ai.kaskade.classic import ILLEGAL, WIN, ClassicMinimax, choose, published_scores
from controller.ai.kaskade.core import compiled, compiled_board
from controller.ai.levels import baseline
from controller.games.kaskade import KaskadeState
from tests.controller.ai.test_kaskade_players import WIN_IN_ONE, WIN_IN_TWO

RECORDED = Path(__file__).parent / "published"
SIZES = ("6x9", "8x8")
DEPTH_3_AT_LEAST = 221
"""Positions of each board the program's depth 3 was recorded on (its walk takes up to
minutes a position there; the rest are at depths 1 and 2)."""


@cache
def recorded(size: str) -> list[dict[str, Any]]:
    """The positions recorded from the published program on ``size``, with its score lists
    and choices at depths 1, 2 and 3."""
    with open(RECORDED / f"classic-{size}.jsonl", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def _state(item: dict[str, Any]) -> KaskadeState:
    """The recorded position as a game (its mover: the parity of its balls, one a move)."""
    state = KaskadeState.from_position(item["position"])
    assert list(state.cells) == item["cells"]
    assert state.plies == item["plies"]
    return state


def depths(item: dict[str, Any]) -> list[int]:
    """The depths the program was asked at on this position (depth 3 on a part of them)."""
    return [int(depth) for depth in item["scores"]]


@pytest.mark.parametrize("size", SIZES)
def test_the_recordings_cover_200_positions_a_board_and_many_ties(size):
    items = recorded(size)
    assert len(items) >= 200
    for item in items:
        assert {1, 2} <= set(depths(item))
        assert set(item["choice"]) == set(item["scores"])
    assert sum(3 in depths(item) for item in items) >= DEPTH_3_AT_LEAST
    ties = sum(Counter(item["scores"]["2"])[max(item["scores"]["2"])] > 1 for item in items)
    assert ties > len(items) // 2  # most choices are ties, broken by cell order


@pytest.mark.skipif(not compiled(), reason="the compiled core was not built")
@pytest.mark.parametrize("size", SIZES)
def test_the_compiled_walk_gives_the_programs_score_lists(size):
    """Every number of the lists at depth 1 on every position, at depth 2 on every fourth (at
    depth 3 the program's own walk takes up to minutes a position: its choices are checked
    below, through the quicker search)."""
    for index, item in enumerate(recorded(size)):
        core = compiled_board(_state(item))
        for depth in (1, 2) if index % 4 == 0 else (1,):
            assert core.published(depth)[0] == item["scores"][str(depth)], \
                (item["position"], depth)


@pytest.mark.skipif(not compiled(), reason="the compiled core was not built")
@pytest.mark.parametrize("size", SIZES)
def test_the_baselines_choose_as_the_program_does(size):
    bots = {depth: baseline("kaskade", f"classic-{2 * depth}") for depth in (1, 2, 3)}
    for item in recorded(size):
        state = _state(item)
        for depth in depths(item):
            thought = bots[depth].think(state, Budget(steps=1), random.Random(0))
            assert thought.move.cell == item["choice"][str(depth)], (item["position"], depth)


@pytest.mark.parametrize("size", SIZES)
def test_the_python_walk_gives_the_programs_score_lists(size):
    """The reference where nothing was compiled (slower: depth 1 on every tenth position)."""
    for item in recorded(size)[::10]:
        assert published_scores(_state(item), 1) == item["scores"]["1"]


def test_the_choice_is_the_first_best_score_or_a_weighted_draw_among_the_best():
    scores = [ILLEGAL, 5, 9, 9, -3, 7, 0]
    assert choose(scores, 1, random.Random(1)) == 2
    draws = Counter(choose(scores, 3, random.Random(seed)) for seed in range(3000))
    assert set(draws) == {2, 3, 5}  # the best three above 0, in the program's order
    assert draws[2] > draws[3] > draws[5]  # weights 6, 4, 2
    assert abs(draws[2] / 3000 - 0.5) < 0.04
    assert choose([1, WIN, 3, 0], 3, random.Random(1)) == 1  # a win is never left to chance
    assert choose([-5, -2, 0, ILLEGAL], 3, random.Random(1)) == 2  # nothing above 0: the best


def test_the_draw_follows_the_programs_generator():
    """``random.choices`` with the same seed draws as the program's own call does."""
    scores = [3, 8, 8, 1, ILLEGAL]
    for seed in range(20):
        expected = random.Random(seed).choices([1, 2, 0], [6, 4, 2])[0]
        assert choose(scores, 3, random.Random(seed)) == expected


def test_the_shipped_setting_draws_and_the_baselines_do_not():
    assert baseline("kaskade", "classic-2r3").randomness == 3
    assert baseline("kaskade", "classic-6").randomness == 1
    state = _state(recorded("6x9")[0])
    moves = {baseline("kaskade", "classic-2r3").think(state, Budget(steps=1),
                                                       random.Random(seed)).move
             for seed in range(40)}
    assert len(moves) > 1


def test_it_takes_a_win_in_one_and_sees_a_win_in_two_at_its_depth_2():
    rng = random.Random(3)
    state = KaskadeState.from_position(WIN_IN_ONE[0])
    thought = baseline("kaskade", "classic-2").think(state, Budget(seconds=1), rng)
    assert state.move_name(thought.move) == WIN_IN_ONE[1]
    assert thought.score == 1.0
    state = KaskadeState.from_position(WIN_IN_TWO[0])
    thought = baseline("kaskade", "classic-4").think(state, Budget(seconds=1), rng)
    assert state.move_name(thought.move) == WIN_IN_TWO[1]
    assert thought.depth == 4


def test_the_baselines_are_the_published_depths_in_plies():
    assert [baseline("kaskade", f"classic-{plies}").depth for plies in (2, 4, 6)] == [2, 4, 6]
    with pytest.raises(ValueError, match="even number of plies"):
        ClassicMinimax(3)
    with pytest.raises(ValueError, match="randomness"):
        ClassicMinimax(2, 6)
