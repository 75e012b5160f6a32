"""The general search as each game gets it: Cascades' playout policy, Colliding Circles'
progressive widening, which bounds a decision's children by its visits, and its shared chance
children."""

from __future__ import annotations

import math
import random

import pytest

from controller.ai.base import Budget
from controller.ai.general import general_search
from controller.ai.mcts import Mcts, Node
from controller.ai.playouts import big_balls, cascades, uniform
from controller.games import CHANCE, get_game
from tests.support.games import DiceRace


class Watched(Mcts):
    """MCTS that keeps its root, to count the root's children."""

    root: Node | None = None

    def _descend(self, node, position, rng):
        self.root = self.root or node
        return super()._descend(node, position, rng)


@pytest.mark.parametrize(("widening", "most"), [(1.0, int(math.sqrt(300)) + 1), (None, 54)])
def test_widening_adds_a_decisions_children_as_its_visits_grow(widening, most):
    state = get_game("kaskade").new({"size": "6x9"})
    search = Watched(widening=widening)
    search.think(state, Budget(steps=300), random.Random(1))
    assert search.root is not None
    assert len(search.root.children) == most


def test_each_game_gets_its_settings():
    assert general_search("colliding-circles").widening == 2.0
    assert general_search("colliding-circles").shared_chance
    assert not general_search("big-balls").shared_chance
    assert general_search("big-balls").exploration == 2.0
    assert general_search("cascades").exploration == 1.2
    assert general_search("cascades").playout is cascades
    assert general_search("big-balls").playout is big_balls
    assert general_search("colliding-circles").playout is uniform
    assert general_search("big-balls").widening is None


def test_a_widened_search_plays_legal_moves_through_the_throws():
    """Colliding Circles' level 5 plays whole games with the die throws as chance steps."""
    state = get_game("colliding-circles").new({})
    rng = random.Random(2)
    for _ in range(3):
        while state.to_move == -1:
            state.play(state.sample_chance(rng))
        move = general_search("colliding-circles").choose(state, Budget(steps=30), rng)
        assert state.is_legal(move)
        state.play(move)


def chance_children(node: Node) -> list[int]:
    """For every node of the tree, how many of its children are chance outcomes."""
    counts = [sum(1 for child in node.children.values() if child.player == CHANCE)]
    for child in node.children.values():
        counts += chance_children(child)
    return counts


@pytest.mark.parametrize("shared", [True, False])
def test_shared_chance_gives_every_throw_one_child(shared):
    search = Watched(shared_chance=shared)
    state = DiceRace()
    assert search.choose(state, Budget(steps=300), random.Random(1)) in state.legal_moves()
    assert search.root is not None
    most = max(chance_children(search.root))
    assert most == 1 if shared else most > 1
