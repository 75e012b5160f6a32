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
from controller.ai.playouts import big_balls, cascades
from controller.ai.playouts import colliding_circles as circles_playout
from controller.ai.priors import colliding_circles
from controller.games import CHANCE, get_game
from controller.games.colliding_circles.playout import completion_gain
from tests.support.games import DiceRace


class Watched(Mcts):
    """MCTS that keeps its root, to count the root's children."""

    root: Node | None = None

    def _descend(self, node, position, rng, first_legal=None):
        self.root = self.root or node
        return super()._descend(node, position, rng, first_legal)


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
    assert general_search("big-balls").exploration == 1.0
    assert general_search("cascades").exploration == 1.2
    assert general_search("cascades").playout is cascades
    assert general_search("big-balls").playout is big_balls
    assert general_search("colliding-circles").playout is circles_playout
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


class Rooted(Mcts):
    """MCTS that keeps each search's root."""

    roots: list[Node]

    def _root(self, state):
        root = super()._root(state)
        self.roots = [*getattr(self, "roots", []), root]
        return root


def test_the_tree_is_kept_for_the_next_move():
    """After a move and its throw, the search goes on below them in the tree it had."""
    search = Rooted()
    state = DiceRace()
    rng = random.Random(3)
    state.play(search.choose(state, Budget(steps=200), rng))
    while state.to_move == CHANCE:
        state.play(state.sample_chance(rng))
    first = search.roots[0]
    expected = first.children[state.moves[0]]
    if len(state.moves) > 1:
        expected = expected.children[state.moves[1]]
    search.choose(state, Budget(steps=50), rng)
    assert search.roots[1] is expected
    assert search.roots[1].visits >= 50


@pytest.mark.parametrize("change", ["undo", "other game", "no reuse"])
def test_a_tree_that_does_not_lead_to_the_position_is_dropped(change):
    search = Rooted(reuse=change != "no reuse")
    state = DiceRace()
    rng = random.Random(4)
    state.play("roll")
    state.play("2")
    search.choose(state, Budget(steps=100), rng)
    if change == "undo":
        state.undo()
        state.undo()
    elif change == "other game":
        state = DiceRace()
        state.play("roll")
        state.play("3")
    search.choose(state, Budget(steps=10), rng)
    assert search.roots[1].visits == 10


def test_a_die_is_drawn_in_proportion_from_the_first_visits():
    """Stratified chance: below "roll" each face's child has a third of the draws, give or
    take one, however few they are."""
    search = Rooted(reuse=False)
    search.choose(DiceRace(), Budget(steps=40), random.Random(5))
    roll = search.roots[0].children["roll"]
    draws = sum(child.visits for child in roll.children.values())
    assert draws == roll.visits - 1
    assert all(abs(child.visits - draws / 3) <= 1 for child in roll.children.values())


def test_widening_adds_the_priors_best_moves_first():
    state = get_game("kaskade").new({"size": "6x9"})
    order = {move: index for index, move in enumerate(state.legal_moves())}
    search = Rooted(widening=1.0, prior=lambda position, move: -order[move], reuse=False)
    search.think(state, Budget(steps=30), random.Random(1))
    children = set(search.roots[0].children)
    assert children == set(list(order)[: len(children)])
    assert len(children) > 2


def test_colliding_circles_widens_by_the_circles_a_move_completes():
    assert general_search("colliding-circles").prior is colliding_circles
    assert general_search("cascades").prior is None


def test_colliding_circles_tries_first_the_placement_that_wins_the_most_in_circles():
    """In positions where a placement completes a circle its player wins, the first move the
    widened search adds is one gaining the most points."""
    rng = random.Random(11)
    found = 0
    for _ in range(200):
        state = get_game("colliding-circles").new({})
        while not state.is_over() and found < 3:
            if state.to_move == CHANCE:
                state.play(state.sample_chance(rng))
                continue
            player = state.to_move
            gains = {move: completion_gain(state.board, move.field, move.value, player)
                     for move in state.placements()}
            if gains and max(gains.values()) > 0:
                search = Rooted(widening=2.0, shared_chance=True, prior=colliding_circles,
                                reuse=False)
                search.think(state, Budget(steps=1), random.Random(1))
                (first,) = search.roots[0].children
                assert gains.get(first) == max(gains.values())
                found += 1
            places = list(gains)
            state.play(rng.choice(places) if places else rng.choice(state.legal_moves()))
        if found >= 3:
            return
    pytest.fail("no position with a placement completing a circle")


def test_cascades_searches_a_fresh_tree_each_move_and_the_others_keep_theirs():
    """Measured: Cascades' kept tree lost games against flat Monte Carlo that a fresh one won."""
    assert not general_search("cascades").reuse
    assert general_search("colliding-circles").reuse
    assert general_search("big-balls").reuse
