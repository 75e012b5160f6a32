"""Computer players by game and level, and the baselines they are measured against.

Levels run from 1 (gentle) to 5 (the strongest), all within the same time per move:

* Kaskade has its own specialist: 1 plays at random but never misses a win in one; 2 looks one
  ply deep with the classical evaluation; 3 searches two plies; 4 deepens to four plies on half
  the time; 5 deepens as far as the time allows — within it on average, paced to think less in
  the opening and more late (:mod:`controller.ai.kaskade.pacing`) —, plays its first moves on
  6 x 9 from a book (:mod:`controller.ai.kaskade.openings`) and plays perfectly on the
  boards small enough to solve (:mod:`controller.ai.solved`).
* The Decktet solitaire has one player and no levels: its "computer" is the solver, which
  gives hints (the first move of a winning line) and says whether the deal can still be won.
* Every other game gets the general search (MCTS): level 1 plays at random, level 5 is the
  game's whole search on the whole time, and levels 2-4 search on a share of the time
  (:data:`MCTS_SHARES`) — some also without a part of the search, as a share alone left a
  level barely stronger than the one below on a Raspberry Pi's budget (:data:`GENERAL_LEVELS`):
  Cascades' levels 2 and 3 finish games with uniformly random playouts (2 % and 10 % of the
  time) and 4 with the game's playouts (10 %); Big Balls' level 2 plays uniformly random
  playouts to the end, without the judge (1 %), and 3 and 4 search on 1.5 % and 6 % (its search
  gains little past a few hundred playouts, so halves of a Pi's budget played alike); Colliding
  Circles' levels 2, 3 and 4 widen in random order instead of by the circles a move completes
  (3 %, 8 % and 25 %). Cascades' level 5 plays the small boards it solves perfectly
  (:mod:`controller.ai.cascades_perfect`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from controller.ai.base import Budget, Player, Thought
from controller.ai.cascades_perfect import CascadesPerfect
from controller.ai.cascades_perfect import solved as solved_cascades
from controller.ai.flat import FlatMonteCarlo
from controller.ai.general import general_search
from controller.ai.kaskade.classic import ClassicMinimax
from controller.ai.kaskade.pacing import SPENDING
from controller.ai.kaskade.players import Gentle, Greedy, Searcher
from controller.ai.mcts import Mcts
from controller.ai.parallel import RootParallel
from controller.ai.solitaire import Solver
from controller.ai.solved.perfect import Perfect, solved
from controller.errors import KaskadeError
from controller.games import GameState

LEVELS = (1, 2, 3, 4, 5)
STRONGEST = LEVELS[-1]
MAX_THREADS = 64
"""The most threads a search takes (the compiled core's limit)."""
QUIESCENCE = 2
"""Plies of captures Kaskade's level 5 follows past its horizon: a capture and the answer to
it (one ply alone favours whoever captures last; ``docs/ai.md``)."""
MCTS_SHARES = {1: 0.0, 2: 0.05, 3: 0.2, 4: 0.5, 5: 1.0}
"""The general search's share of the time by level, in a game without levels of its own in
:data:`GENERAL_LEVELS`."""


@dataclass(frozen=True)
class Rung:
    """A level of the general search: its share of the time, and whether it plays with the
    game's playout policy and prior (:func:`controller.ai.general.general_search`)."""

    share: float
    policy: bool = True
    prior: bool = True


GENERAL_LEVELS: dict[str, dict[int, Rung]] = {
    "cascades": {2: Rung(0.02, policy=False), 3: Rung(0.1, policy=False), 4: Rung(0.1)},
    "colliding-circles": {2: Rung(0.03, prior=False), 3: Rung(0.08, prior=False),
                          4: Rung(0.25, prior=False)},
    "big-balls": {2: Rung(0.01, policy=False), 3: Rung(0.015), 4: Rung(0.06)},
}
"""Levels 2-4 where a share of the time alone did not keep each level at 75 % or more against
the one below on a Raspberry Pi's budget (``docs/ai.md``, "Levels"); level 5 is always the whole
search with the whole time, and level 1 plays at random."""
CLASSIC_PLIES = (2, 4, 6)
"""The classic bot's baselines, in plies: the published program's depths 1, 2 and 3."""
SHIPPED_RANDOMNESS = 3
"""The published program's own setting: a weighted draw among its best three moves
(``classic-2r3``, as it ships: depth 1, randomness 3)."""


class LevelError(KaskadeError, ValueError):
    """A level or player name that does not exist."""


class Share(Player):
    """``player`` thinking with ``share`` of each budget given; with no share, a random move."""

    def __init__(self, name: str, player: Player, share: float) -> None:
        self.name = name
        self.player = player
        self.share = share

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        if self.share <= 0:
            moves = state.legal_moves()
            return Thought(moves[int(rng.random() * len(moves))], steps=1)
        thought = self.player.think(state, budget.share(self.share), rng)
        budget.step(thought.steps)
        return thought


def computer(game: str, level: int, threads: int = 1) -> Player:
    """The computer player of ``game`` at ``level`` (1-5); the strongest level searches on
    ``threads`` threads (the machine's cores), the others on one."""
    if not 1 <= threads <= MAX_THREADS:
        raise LevelError(f"threads: 1 to {MAX_THREADS}, not {threads}")
    if level not in LEVELS:
        raise LevelError(f"level {level} does not exist; the levels are 1 (gentle) to 5")
    if game == "kaskade":
        kaskade: dict[int, Player] = {
            1: Gentle(),
            2: Searcher("searcher-1", max_depth=1),
            3: Searcher("searcher-2", max_depth=2),
            4: Share("searcher-4", Searcher("searcher-4", max_depth=4), 0.5),
            5: Perfect(Searcher("searcher", paced=True, keep_table=True, threads=threads,
                                quiescence=QUIESCENCE, book=True)),
        }
        player = kaskade[level]
        if level == STRONGEST:
            player.peak = SPENDING
    elif game == "cascades-decktet":
        player = Solver()
    else:
        rung = GENERAL_LEVELS.get(game, {}).get(level, Rung(MCTS_SHARES[level]))
        search: Player = general_search(game, rung.policy, rung.prior)
        if level == STRONGEST and threads > 1:
            search = RootParallel(game, rung.policy, rung.prior, threads)
        player = Share(f"mcts-{level}", search, rung.share)
        if game == "cascades" and level == STRONGEST:
            player = CascadesPerfect(player)
    player.name = f"level-{level}"
    return player


def baseline(game: str, name: str) -> Player:
    """A baseline opponent: ``random``, ``flat-mc`` (flat Monte Carlo: the same number of random
    playouts for every legal move), ``greedy`` (one ply, most cells), ``minimax2`` (two plies of
    the searcher with the classical evaluation), or ``classic-2``, ``classic-4`` and
    ``classic-6`` (the published Chain Reaction program at two, four and six plies: what it
    calls depth 1, 2 and 3, a move of each side per depth, always its best move) and
    ``classic-2r3``, ``classic-4r3``, ``classic-6r3`` (the same drawing among its best three,
    as it ships); all but random and flat-mc are Kaskade's."""
    players: dict[str, Player] = {"random": Share("random", Mcts(), 0.0),
                                  "flat-mc": FlatMonteCarlo()}
    if game == "kaskade":
        players["greedy"] = Greedy()
        players["minimax2"] = Searcher("minimax2", max_depth=2)
        for plies in CLASSIC_PLIES:
            players[f"classic-{plies}"] = ClassicMinimax(plies)
            players[f"classic-{plies}r{SHIPPED_RANDOMNESS}"] = ClassicMinimax(
                plies, SHIPPED_RANDOMNESS)
    if name not in players:
        raise LevelError(f"no baseline {name!r} for {game}; there are {', '.join(players)}")
    return players[name]


def level_name(state: GameState[Any], level: int, seat: int | None = None) -> str:
    """A level as players read it: ``level 3``, and ``level 5 (perfect)`` on a board where the
    strongest level plays from an exact solution (small Kaskade and Cascades boards) — on 4x4
    only in the second seat (``seat``, default the side to move), the one it plays perfectly."""
    perfect = level == STRONGEST and (solved(state, seat) or solved_cascades(state))
    return f"level {level} (perfect)" if perfect else f"level {level}"
