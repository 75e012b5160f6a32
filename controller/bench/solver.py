"""How often the Decktet solitaire's solver decides a fresh deal, and how long it takes.

Each version deals ``deals`` games from seeds ``seed`` … ``seed + deals − 1`` (the same deals
every run) and asks the solver, within ``seconds`` each, whether the deal can be won: the counts
of winnable, lost and unknown, the time per deal and the positions searched per second.
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from controller.ai.base import Budget
from controller.ai.solitaire import LOST, UNKNOWN, WINNABLE, solve
from controller.games.cascades_decktet import CascadesDecktetState

VERSIONS = {
    "standard": {"version": "standard", "passes": "3"},
    "unlimited": {"version": "standard", "passes": "unlimited"},
    "ace": {"version": "ace"},
    "extended": {"version": "standard", "passes": "3", "pawns": "yes", "courts": "yes"},
    "extended-unlimited": {"version": "standard", "passes": "unlimited", "pawns": "yes",
                           "courts": "yes"},
    "ace-3": {"version": "ace", "passes": "3"},
}
"""The versions measured, by the name the bench uses, and their game options."""


def _verdict(job: tuple[str, int, float]) -> tuple[str, float, int]:
    version, seed, seconds = job
    state = CascadesDecktetState.new(VERSIONS[version])
    state.play(state.sample_chance(random.Random(seed)))
    verdict = solve(state, Budget(seconds=seconds))
    return verdict.answer, verdict.seconds, verdict.positions


def measure_solver(version: str, deals: int, seconds: float, seed: int, jobs: int = 1) \
        -> dict[str, Any]:
    """The solver's verdicts on ``deals`` seeded deals of ``version``, ``jobs`` deals at once
    (one per core: each deal's time is its own)."""
    counts = {WINNABLE: 0, LOST: 0, UNKNOWN: 0}
    times: list[float] = []
    positions = 0
    work = [(version, seed + number, seconds) for number in range(deals)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            verdicts = list(pool.map(_verdict, work))
    else:
        verdicts = [_verdict(job) for job in work]
    for answer, spent, searched in verdicts:
        counts[answer] += 1
        times.append(spent)
        positions += searched
    total = sum(times)
    return {
        "deals": deals,
        "winnable": counts[WINNABLE],
        "lost": counts[LOST],
        "unknown": counts[UNKNOWN],
        "decided_pct": round(100 * (counts[WINNABLE] + counts[LOST]) / deals, 1),
        "mean_s": round(total / deals, 3),
        "max_s": round(max(times), 3),
        "positions_per_s": round(positions / total) if total else 0,
    }
