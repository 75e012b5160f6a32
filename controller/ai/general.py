"""The general search (MCTS) as each game gets it: its playout policy and, for a game with many
moves a turn and throws of many outcomes, progressive widening and one shared child per chance
step — the choices ``kaskade bench ai`` measured (``docs/ai.md``, "Against flat Monte Carlo")."""

from __future__ import annotations

from controller.ai.mcts import Mcts
from controller.ai.playouts import playout_for, uniform
from controller.ai.priors import PRIORS

WIDENING = {"colliding-circles": 2.0}
"""Progressive widening's factor by game (children ≤ factor · √visits)."""
SHARED_CHANCE = {"colliding-circles"}
"""Games whose chance steps (throws of several dice) share one child for all outcomes."""


FRESH_TREE = {"cascades"}
"""Games whose search starts a fresh tree every move: keeping Cascades' tree between a turn's
two stones won 34 of 40 against flat Monte Carlo, a fresh one 39 of 40 on the same games."""

EXPLORATION = {"big-balls": 1.0}
"""UCT's constant where MCTS's default is not the best measured: Big Balls' playouts, cut short
and judged, are steadier than its playouts to the end were (those wanted 2.0), and a search
that explores a little less of them won more."""


def general_search(game: str, policy: bool = True, prior: bool = True) -> Mcts:
    """The MCTS that plays ``game``; without ``policy`` its playouts are uniformly random, and
    without ``prior`` widening adds untried moves in random order (how a weaker level is set
    apart where a smaller share of the time alone does not: ``controller.ai.levels``)."""
    search = Mcts(playout=playout_for(game) if policy else uniform,
                  widening=WIDENING.get(game), shared_chance=game in SHARED_CHANCE,
                  prior=PRIORS.get(game) if prior else None, reuse=game not in FRESH_TREE)
    search.exploration = EXPLORATION.get(game, search.exploration)
    return search
