"""Playout policies: how the general search (MCTS) finishes a game from a leaf, by game.

A uniformly random playout is a poor judge where most random moves are ones no player would
make. In Cascades half of a uniform playout's actions are passes and one-stone turns, which
throw tempo away; the policy here places two stones whenever it can and passes only when it
must, and keeps each player's open cells up to date instead of asking the full rules for them
after every stone (many times faster). In Big Balls a uniform choice rolls big balls eleven
times in twelve and stones barely move; the policy throws the die half the time and takes a
step onto a7 when it is there, and a playout is cut short after a few turns, the rest guessed
by a judge of the board (:mod:`controller.ai.judges`), for the die makes where it would end a
lottery. In Colliding Circles a placement that completes a circle for its player is taken and
one that completes a circle for the opponent avoided. Games without a policy of their own play
their ``random_playout``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from controller.ai import judges
from controller.games import CHANCE, GameState, Outcome
from controller.games.big_balls.pieces import CHOOSE, THROW, StoneStep
from controller.games.big_balls.state import BigBallsState
from controller.games.big_balls.triangle import APEX
from controller.games.cascades.moves import PASS, Move, Place
from controller.games.cascades.state import EMPTY, CascadesState
from controller.games.colliding_circles.playout import random_playout as circles_playout
from controller.games.colliding_circles.state import CollidingCirclesState


@dataclass(frozen=True)
class Estimate:
    """A playout cut short: ``chance`` that ``player`` (to move) wins, as a judge guessed it.
    A search sums its :meth:`utility` as it sums an ending's."""

    player: int
    chance: float

    def utility(self, player: int, players: int) -> float:
        """The expected result for ``player`` of two, -1 … +1: ``2 · chance − 1`` for the
        player to move, its negation for the other."""
        assert players == 2
        mine = 2 * self.chance - 1
        return mine if player == self.player else -mine


Playout = Callable[[GameState[Any], random.Random], Outcome | Estimate]
"""A playout's result: the game's ending, or a judge's guess where it was cut short."""


def uniform(state: GameState[Any], rng: random.Random) -> Outcome:
    """The game's own uniformly random playout."""
    return state.random_playout(rng)


def cascades(state: GameState[Any], rng: random.Random) -> Outcome:
    """Cascades played out two stones a turn, passing only when no stone can be placed."""
    return cascades_actions(state, rng)[0]


def cascades_actions(state: GameState[Any], rng: random.Random) -> tuple[Outcome, list[Move]]:
    """:func:`cascades`' outcome and the actions that reach it (stones and passes), so a test
    can replay them through the rules."""
    assert isinstance(state, CascadesState)
    if state.slope.shape != "widening" or state.placement != "each" or \
            state.scoring != "bottom" or state.is_over() or state.plies == 0:
        return state.random_playout(rng), []
    slope = state.slope
    cells = list(state.cells)
    below = slope.below
    bottom_start = slope.bottom.start
    need = len(slope.bottom) // 2 + 1
    score = [sum(1 for c in slope.bottom if cells[c] == p) for p in (0, 1)]
    open_cells: list[list[int]] = [[], []]
    for stone, owner in enumerate(cells):
        if owner >= 0:
            open_cells[owner].extend(c for c in below[stone] if cells[c] == EMPTY)
    player = state.to_move
    assert player is not None
    second = state.first is not None
    passes = state.passes
    actions: list[Move] = []

    def pick(player: int) -> int | None:
        """A random open cell of ``player`` (filled ones are dropped as they are met)."""
        choices = open_cells[player]
        while choices:
            index = int(rng.random() * len(choices))
            cell = choices[index]
            if cells[cell] == EMPTY:
                return cell
            choices[index] = choices[-1]
            choices.pop()
        return None

    while True:
        cell = pick(player)
        if cell is None:  # at the start of a turn: a second stone always has a place
            actions.append(PASS)
            passes += 1
            if passes >= 2 or pick(1 - player) is None:
                return _by_score(score, "no stone to place"), actions
            player = 1 - player
            continue
        cells[cell] = player
        actions.append(Place(cell))
        passes = 0
        if cell >= bottom_start:
            score[player] += 1
            if score[player] >= need:
                return Outcome(player, "a majority of the bottom row", tuple(score)), actions
        else:
            open_cells[player].extend(c for c in below[cell] if cells[c] == EMPTY)
        if not second and pick(player) is not None:
            second = True
            continue
        player, second = 1 - player, False  # two stones, or one with no place for another
        if pick(0) is None and pick(1) is None:
            return _by_score(score, "neither can place a stone"), actions


def _by_score(score: list[int], why: str) -> Outcome:
    """The end without a majority: more bottom cells wins, equal is a draw."""
    white, black = score
    return Outcome(None if white == black else 0 if white > black else 1, why, (white, black))


BIG_BALLS_CUT = 8
"""Actions a Big Balls playout plays (throws, the die's numbers, steps and rolls, one each)
before it finishes the turn under way and lets the judge guess the rest."""


def big_balls(state: GameState[Any], rng: random.Random) -> Outcome | Estimate:
    """Big Balls played :data:`BIG_BALLS_CUT` actions on by :func:`big_balls_to_end`'s policy,
    to the end of the turn under way, and judged there (:func:`controller.ai.judges.big_balls`)
    — or its ending, if it came first. The die makes a playout's end a lottery; the judge's
    guess of the board after a few turns is a steadier judge of the moves before them."""
    assert isinstance(state, BigBallsState)
    position = state.copy()
    actions = 0
    while (outcome := position.outcome()) is None:
        if actions >= BIG_BALLS_CUT and position.phase == CHOOSE:
            return Estimate(position.turn_player(), judges.big_balls(position))
        position.play(_big_balls_action(position, rng))
        actions += 1
    return outcome


def big_balls_to_end(state: GameState[Any], rng: random.Random) -> Outcome:
    """Big Balls played out to its end by the playout policy: the die thrown half the time it
    may be (a uniform choice throws it once in a dozen chances and rolls big balls instead, so
    stones barely move), and a stone that can step onto a7 always does (a win a uniform choice
    mostly misses). What :mod:`controller.ai.judges` was fitted to."""
    position = state.copy()
    for _ in range(state.playout_limit or 1000):
        outcome = position.outcome()
        if outcome is not None:
            return outcome
        position.play(_big_balls_action(position, rng))
    return position.outcome() or Outcome(None, "no end within the playout's limit")


def _big_balls_action(position: GameState[Any], rng: random.Random) -> Any:
    """The playout policy's next action (a chance step drawn from the game's odds)."""
    if position.to_move == CHANCE:
        return position.sample_chance(rng)
    moves = position.legal_moves()
    winning = [m for m in moves if isinstance(m, StoneStep) and m.target == APEX]
    if winning:
        return winning[0]
    if THROW in moves and (len(moves) == 1 or rng.random() < 0.5):
        return THROW
    rolls = [m for m in moves if m != THROW]
    return rolls[int(rng.random() * len(rolls))]


def colliding_circles(state: GameState[Any], rng: random.Random) -> Outcome:
    """Colliding Circles played out on the game's quick path, its placements judged by the
    circles they complete (:func:`controller.games.colliding_circles.playout.random_playout`
    with ``greedy``)."""
    assert isinstance(state, CollidingCirclesState)
    return circles_playout(state, rng, state.playout_limit or 600, greedy=True)


POLICIES: dict[str, Playout] = {"cascades": cascades, "big-balls": big_balls,
                                "colliding-circles": colliding_circles}


def playout_for(game: str) -> Playout:
    """The playout policy of ``game``."""
    return POLICIES.get(game, uniform)
