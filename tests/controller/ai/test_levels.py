"""Each level of the games the general search plays is built as docs/ai.md describes it: its
share of the time and whether it has the game's playout policy and prior. Level 5 is the whole
search on the whole time in every game; below it Cascades and Colliding Circles leave out parts
of the search that the ladder measured at a Raspberry Pi's budget showed a share alone could not
separate (``kaskade bench ai --pairs level-2:level-1,…``)."""

from __future__ import annotations

import random

import pytest

from controller.ai.base import Budget
from controller.ai.cascades_perfect import CascadesPerfect
from controller.ai.general import general_search
from controller.ai.levels import Share, computer
from controller.ai.mcts import Mcts
from controller.ai.playouts import big_balls, cascades, uniform
from controller.ai.playouts import colliding_circles as circles_playout
from controller.ai.priors import colliding_circles as circles_prior
from controller.games import get_game

LADDERS = {
    "cascades": {2: (0.02, uniform, None), 3: (0.1, uniform, None), 4: (0.1, cascades, None),
                 5: (1.0, cascades, None)},
    "colliding-circles": {2: (0.03, circles_playout, None), 3: (0.08, circles_playout, None),
                          4: (0.25, circles_playout, None),
                          5: (1.0, circles_playout, circles_prior)},
    "big-balls": {2: (0.01, uniform, None), 3: (0.015, big_balls, None),
                  4: (0.06, big_balls, None), 5: (1.0, big_balls, None)},
}
"""Per game and level: the share of the time, the playouts and the prior (docs/ai.md)."""


def search_of(game: str, level: int) -> tuple[Share, Mcts]:
    """The level's player (its share) and the search it shares the time with."""
    player = computer(game, level)
    if isinstance(player, CascadesPerfect):
        player = player.fallback
    assert isinstance(player, Share)
    assert isinstance(player.player, Mcts)
    return player, player.player


@pytest.mark.parametrize(("game", "level"),
                         [(game, level) for game, ladder in LADDERS.items() for level in ladder])
def test_each_level_gets_its_share_playouts_and_prior(game, level):
    share, playout, prior = LADDERS[game][level]
    player, search = search_of(game, level)
    assert (player.share, search.playout, search.prior) == (share, playout, prior)
    assert computer(game, level).name == f"level-{level}"


@pytest.mark.parametrize("game", list(LADDERS))
def test_level_5_is_the_games_whole_search(game):
    """Level 5 is measured against flat Monte Carlo: it must be the search those figures are of."""
    whole = general_search(game)
    _, search = search_of(game, 5)
    assert vars(search) == vars(whole)


@pytest.mark.parametrize("game", list(LADDERS))
def test_the_levels_below_5_differ_from_it_only_in_what_the_ladder_names(game):
    """Widening, shared throws, the kept tree and exploration stay the game's at every level."""
    whole = vars(general_search(game))
    for level in (2, 3, 4):
        _, search = search_of(game, level)
        same = {key: value for key, value in vars(search).items()
                if key not in ("playout", "prior")}
        assert same == {key: value for key, value in whole.items()
                        if key not in ("playout", "prior")}


@pytest.mark.parametrize("game", list(LADDERS))
def test_level_1_plays_at_random_without_searching(game):
    state = get_game(game).new({"size": "4"} if game == "cascades" else {})
    player, _ = search_of(game, 1)
    budget = Budget(steps=100)
    thought = player.think(state, budget, random.Random(1))
    assert player.share == 0
    assert state.is_legal(thought.move)
    assert (thought.steps, budget.used) == (1, 0)


def test_a_level_searches_its_share_of_the_steps():
    player, _ = search_of("colliding-circles", 4)
    state = get_game("colliding-circles").new({})
    rng = random.Random(1)
    while state.to_move == -1:
        state.play(state.sample_chance(rng))
    budget = Budget(steps=40)
    assert player.think(state, budget, rng).steps == budget.used == int(40 * player.share) > 0
