"""One tree, playouts on several processes: a virtual loss steers walks apart and is replaced by
the result (or taken back); every playout counts against the budget; a cancel leaves no held
visit in the tree it keeps; the tree carries over to the next move; Colliding Circles' strongest
level searches this way, and the games that do not widen keep root parallelism."""

from __future__ import annotations

import random
from typing import Any

from controller.ai.base import Budget
from controller.ai.cascades_perfect import CascadesPerfect
from controller.ai.levels import Share, computer
from controller.ai.mcts import Mcts, Node
from controller.ai.parallel import RootParallel
from controller.ai.tree_parallel import TreeParallel
from controller.games import CHANCE, GameState, get_game


def _path() -> list[Node]:
    """A root and two moves below it, one by each player."""
    return [Node(None, None), Node("a", 0), Node("b", 1)]


def _counts(path: list[Node]) -> list[tuple[int, float]]:
    return [(node.visits, node.total) for node in path]


def test_a_held_path_counts_as_visited_and_lost_by_each_mover():
    path = _path()
    Mcts.hold(path)
    assert _counts(path) == [(1, 0.0), (1, -1.0), (1, -1.0)]


def test_the_result_replaces_the_virtual_loss_as_if_counted_at_once():
    held, direct = _path(), _path()
    Mcts.hold(held)
    Mcts.release(held, (1.0, -1.0))
    Mcts.back_up(direct, (1.0, -1.0))
    assert _counts(held) == _counts(direct) == [(1, 0.0), (1, 1.0), (1, -1.0)]


def test_an_abandoned_playout_leaves_the_path_as_it_was():
    path = _path()
    Mcts.back_up(path, (-1.0, 1.0))
    before = _counts(path)
    Mcts.hold(path)
    Mcts.release(path, None)
    assert _counts(path) == before


def test_a_held_move_is_not_chosen_again_while_an_equal_one_is_free():
    search = Mcts()
    root = Node(None, None)
    root.visits = 2
    for move in ("a", "b"):
        child = root.children[move] = Node(move, 0)
        child.visits = child.available = 1
    Mcts.hold([root, root.children["a"]])
    assert search._select(root, ["a", "b"]).move == "b"


def _decision(seed: int = 1) -> GameState[Any]:
    """Colliding Circles from its start, past the throw, with a player to decide."""
    state = get_game("colliding-circles").new()
    rng = random.Random(seed)
    while state.to_move == CHANCE:
        state.play(state.sample_chance(rng))
    return state


def test_every_playout_counts_against_the_budget_and_the_move_is_legal():
    state = _decision()
    player = TreeParallel("colliding-circles", threads=2)
    budget = Budget(steps=60)
    thought = player.think(state, budget, random.Random(1))
    assert state.is_legal(thought.move)
    assert thought.steps == budget.used == 60
    visits = sum(visits for visits, _ in player.search.counts.values())
    assert visits == 60, "one tree holds every playout of both processes"


def test_a_cancel_stops_at_once_and_leaves_no_virtual_loss_behind():
    state = _decision()
    player = TreeParallel("colliding-circles", threads=2)
    budget = Budget(seconds=300)
    budget.cancel.set()
    thought = player.think(state, budget, random.Random(1))
    assert state.is_legal(thought.move)
    assert thought.seconds < 120
    root = player.search._last[1] if player.search._last else None
    assert root is not None
    assert root.visits == thought.steps, "the root counts only playouts that came back"
    assert all(child.total >= -child.visits for child in root.children.values())


def test_the_tree_carries_over_to_the_next_move():
    state = _decision()
    player = TreeParallel("colliding-circles", threads=2)
    player.think(state, Budget(steps=80), random.Random(2))
    kept = player.search._last
    assert kept is not None
    _, root = kept
    move = max(root.children.values(), key=lambda child: child.visits).move
    state.play(move)
    reached = player.search.begin(state)
    assert reached is root.children[move]
    assert reached.visits > 0


def test_on_one_thread_it_is_the_search_itself():
    state = _decision()
    one = TreeParallel("colliding-circles", threads=1)
    alone = TreeParallel("colliding-circles", threads=1).search
    thought = one.think(state, Budget(steps=40), random.Random(3))
    assert thought.move == alone.think(state, Budget(steps=40), random.Random(3)).move


def test_a_game_that_widens_gets_one_tree_and_the_others_root_parallelism():
    circles = computer("colliding-circles", 5, threads=4)
    assert isinstance(circles, Share)
    assert isinstance(circles.player, TreeParallel)
    assert circles.player.threads == 4
    big_balls = computer("big-balls", 5, threads=4)
    assert isinstance(big_balls, Share)
    assert isinstance(big_balls.player, RootParallel)
    cascades = computer("cascades", 5, threads=4)
    assert isinstance(cascades, CascadesPerfect)  # on the boards it solves; else the search
    assert isinstance(cascades.fallback, Share)
    assert isinstance(cascades.fallback.player, RootParallel)
