"""Monte Carlo tree search for every game on the board, through the shared game interface.

* **Decisions** are chosen by UCT: each child's mean result for the player who made the move,
  plus an exploration bonus.
* **Chance** (dice, shuffles) is sampled from the game's own ``sample_chance`` with the search's
  generator; the tree keeps a child per outcome seen, so common outcomes get visited most — or,
  with ``shared_chance``, one child for all outcomes, for throws with too many to branch on.
* **Hidden information** (a shuffled deck): each iteration searches a fresh ``determinize`` of
  the position, as the player to move could imagine it; a child is only chosen among moves
  legal in that imagined position, and its exploration bonus counts how often it was available
  (information-set MCTS).
* **Progressive widening** (``widening``), for games with many moves: a decision's children are
  added as its visits grow, not all at once.
* **Priors** (``prior``): where a game has a quick judge of single moves
  (:mod:`controller.ai.priors`), widening adds a decision's untried moves best first instead of
  at random.
* **Chance steps with few outcomes** (a die) are drawn stratified: each iteration takes the
  outcome furthest behind its share of the visits, so a node's children follow the die's
  odds from the first few visits instead of by luck.
* **Playouts** use the game's playout policy (:mod:`controller.ai.playouts`), by default its
  ``random_playout`` (Kaskade's runs at thousands per second). A policy may cut its playout
  short and return a judge's guess (an ``Estimate``), summed as an ending's result is.
* **The tree is kept between moves** (``reuse``): when the next position follows from the last
  root by moves the tree holds (the rest of a turn, the opponent's reply, a throw), the search
  goes on below them with what it had learnt.

The search runs until its budget is spent and plays the most visited move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from controller.ai.base import Budget, Player, Thought
from controller.ai.playouts import Playout, uniform
from controller.games import CHANCE, GameState
from controller.games.base import Outcome

Prior = Callable[[GameState[Any], Any], float]
"""A quick judge of one move in a position, for the player making it: larger is better."""
STRATIFIED = 36
"""Chance steps with at most this many outcomes are drawn stratified, not sampled."""


def settled(state: GameState[Any], counts: dict[Any, tuple[int, float]]) -> Any:
    """The move to play from a search's root ``counts`` (each move's visits and summed
    result): the most visited — unless it ends the game at once short of a win (a pass back
    in Cascades, ending it drawn or lost) while another move that plays on promises at least
    as much, which is played instead. A search that sees an ending's exact value beside
    playouts' noisy ones visits a certain draw as often as an even game it would win."""
    me = state.to_move
    assert me is not None
    players = len(state.info.players)
    ranked = sorted(counts, key=lambda move: counts[move], reverse=True)
    best = ranked[0]
    end = _ending(state, best)
    if end is None:
        return best
    settles = end.utility(me, players)
    if settles >= 1:
        return best
    for move in ranked[1:]:
        visits, total = counts[move]
        if visits and total / visits >= settles and _ending(state, move) is None:
            return move
    return best


def _ending(state: GameState[Any], move: Any) -> Outcome | None:
    """How the game ends if ``move`` is played now (``None``: it goes on)."""
    after = state.copy()
    after.play(move)
    return after.outcome()


class Node:
    """A position in the tree, reached by ``move`` made by ``player`` (``CHANCE`` for chance)."""

    __slots__ = ("available", "children", "move", "player", "priors", "total", "visits")

    def __init__(self, move: Any, player: int | None) -> None:
        self.move = move
        self.player = player
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.available = 0
        """Iterations in which this node's move was legal (differs from the parent's visits
        only when hidden information changes what is legal)."""
        self.total = 0.0
        """Sum of results for ``player``, each -1 … +1."""
        self.priors: dict[Any, float] | None = None
        """The prior of each move met here (widening with a prior), computed once."""


class Mcts(Player):
    """UCT with chance nodes and determinization; ``exploration`` is UCT's constant."""

    def __init__(self, name: str = "mcts", exploration: float = 1.2,
                 playout: Playout = uniform, widening: float | None = None,
                 shared_chance: bool = False, prior: Prior | None = None,
                 reuse: bool = True) -> None:
        self.name = name
        self.exploration = exploration
        self.playout = playout
        """How a leaf's game is finished (:mod:`controller.ai.playouts`)."""
        self.widening = widening
        """Progressive widening: a decision visited n times has at most ``widening`` · √n
        children (at least one), the rest tried only as its visits grow — so a position with
        many moves is searched deep on a few instead of shallow on all. ``None``: every move is
        tried once before any is tried twice."""
        self.shared_chance = shared_chance
        """Every outcome of a chance step leads to one shared child (each iteration still
        draws its own outcome and plays it): for throws of several dice, whose many outcomes
        would each start a tree of their own that is rarely visited twice. The decisions below
        are then judged across the outcomes, each move only where it was legal (as with hidden
        information)."""
        self.prior = prior
        """With widening: the order in which a decision's untried moves are added."""
        self.reuse = reuse
        self._last: tuple[GameState[Any], Node] | None = None
        """The last search's root position and tree, for :meth:`_root`."""
        self.counts: dict[Any, tuple[int, float]] = {}
        """After a search, each legal move's visits and summed result at the root (what a
        search on several cores adds up: :mod:`controller.ai.parallel`)."""

    def _root(self, state: GameState[Any]) -> Node:
        """The node of the last tree that ``state`` reached by the moves played since that
        search, or a fresh root."""
        last, self._last = self._last, None
        if last is None or not self.reuse or state.info.hidden_information:
            return Node(None, None)
        before, node = last
        played = tuple(state.moves)
        done = len(before.moves)
        if type(before) is not type(state) or len(played) < done or \
                tuple(before.moves) != played[:done]:
            return Node(None, None)
        ancestor = state.copy()
        for _ in played[done:]:
            ancestor.undo()
        if ancestor.position() != before.position():
            return Node(None, None)
        for move in played[done:]:
            found = node.children.get(CHANCE if self.shared_chance and
                                      ancestor.to_move == CHANCE else move)
            if found is None:
                return Node(None, None)
            ancestor.play(move)
            node = found
        return node

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        if state.is_over():
            raise ValueError("the game is over: there is no move to choose")
        me = state.to_move
        assert me is not None
        root = self._root(state)
        players = len(state.info.players)
        hidden = state.info.hidden_information
        # Every iteration starts from the same root position unless hidden information is
        # imagined afresh: its legal moves are worked out once (in Colliding Circles, where a
        # move list means every manoeuvre's paths, that was a third of the search's time).
        root_legal = None if hidden or me == CHANCE else state.legal_moves()
        iterations = 0
        while True:
            position = state.determinize(me, rng) if hidden else state.copy()
            path = self._descend(root, position, rng, root_legal)
            outcome = position.outcome() or self.playout(position, rng)
            for node in path:
                node.visits += 1
                if node.player is not None and node.player >= 0:
                    node.total += outcome.utility(node.player, players)
            iterations += 1
            budget.step()
            if budget.spent():
                break
        legal = set(state.legal_moves() if root_legal is None else root_legal)
        self.counts = {move: (child.visits, child.total) for move, child in root.children.items()
                       if move in legal}
        move = settled(state, self.counts)
        if self.reuse and not hidden:
            self._last = (state.copy(), root)
        visits, total = self.counts[move]
        return Thought(move, total / visits if visits else 0.0, iterations, 0, budget.elapsed)

    def _descend(self, node: Node, position: GameState[Any], rng: random.Random,
                 first_legal: list[Any] | None = None) -> list[Node]:
        """Walk from ``node`` to a new leaf, playing the moves on ``position`` (whose legal
        moves, a decision's, are ``first_legal`` where known)."""
        path = [node]
        while not position.is_over():
            mover = position.to_move
            if mover == CHANCE:
                outcome = self._draw(node, position, rng)
                key = CHANCE if self.shared_chance else outcome
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(key, CHANCE)
                position.play(outcome)
                path.append(child)
                node = child
                continue
            legal = position.legal_moves() if first_legal is None else first_legal
            first_legal = None
            untried = [move for move in legal if move not in node.children]
            for move in legal:
                if move in node.children:
                    node.children[move].available += 1
            if untried and (self.widening is None or
                            len(legal) - len(untried) < self.widening * math.sqrt(node.visits + 1)):
                move = self._widen(node, position, untried, rng)
                child = node.children[move] = Node(move, mover)
                child.available = 1
                position.play(move)
                path.append(child)
                return path
            node = self._select(node, [move for move in legal if move in node.children])
            position.play(node.move)
            path.append(node)
        return path

    def _draw(self, node: Node, position: GameState[Any], rng: random.Random) -> Any:
        """A chance step's outcome: stratified where it has few outcomes (the one furthest
        behind its share of this node's visits, ties at random), else sampled."""
        if self.shared_chance:
            return position.sample_chance(rng)
        outcomes = position.chance_outcomes()
        if outcomes is None or len(outcomes) > STRATIFIED:
            return position.sample_chance(rng)
        best, best_gap = None, -math.inf
        visits = node.visits + 1
        for outcome, chance in outcomes:
            child = node.children.get(outcome)
            gap = chance * visits - (child.visits if child else 0) + rng.random() * 1e-6
            if gap > best_gap:
                best, best_gap = outcome, gap
        return best

    def _widen(self, node: Node, position: GameState[Any], untried: list[Any],
               rng: random.Random) -> Any:
        """The untried move to add: the prior's best (ties at random), or a random one."""
        if self.prior is None or self.widening is None:
            return untried[int(rng.random() * len(untried))]
        if node.priors is None:
            node.priors = {}
        priors = node.priors
        best, best_value = None, -math.inf
        for move in untried:
            value = priors.get(move)
            if value is None:
                value = priors[move] = self.prior(position, move)
            value += rng.random() * 1e-6
            if value > best_value:
                best, best_value = move, value
        return best

    def _select(self, node: Node, legal: list[Any]) -> Node:
        """The child with the best upper confidence bound among the legal moves."""
        best, best_value = None, -math.inf
        for move in legal:
            child = node.children[move]
            value = child.total / child.visits + self.exploration * math.sqrt(
                math.log(max(child.available, 1)) / child.visits)
            if value > best_value:
                best, best_value = child, value
        assert best is not None
        return best
