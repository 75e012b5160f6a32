"""Tournaments between computer players of any game, and how fast they search.

Every pairing plays ``games`` games on each board size (Kaskade: ``6x9``; Cascades: the top
width, ``8``; Big Balls has one board, ``standard``) with colours alternating, each move
thought within the same time or number of search steps. Games run in parallel processes when
asked (one per core), so a player's think time is its own. A pairing's Elo difference comes
with its 95 % interval, and the rating list is the maximum-likelihood fit of all games with
95 % intervals, the random player (or the weakest) at 0 (:mod:`controller.ai.ratings`); a
sequential test can stop a pairing as soon as its games decide it.

**A Raspberry Pi 4's second** (``--pi``): the strongest level on its four cores for one second,
played here as a step budget, the same on any machine: four threads of 500,000 nodes a
Kaskade move (a Pi 4's core runs the compiled search at about a sixth of this machine's, some
600,000 nodes a second mid-game: 500,000 errs on the cautious side), and four times a core's
playouts in the other games (:data:`PI4_STEPS_PER_CORE`, measured the same way:
``docs/ai.md``, "A Raspberry Pi's budget"). The other players get the same steps a move; those
that search on one thread spend them on one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from controller.ai.base import Budget, Player
from controller.ai.levels import LEVELS, LevelError, baseline, computer
from controller.ai.ratings import pair_interval, rating_list, sprt
from controller.ai.tournament import GameResult, play_game, score_table
from controller.games import CHANCE, GameState, get_game

BASELINES = ("random", "flat-mc", "greedy", "minimax2", "classic-2", "classic-4", "classic-6")
ALL_PLAYERS = (*(f"level-{level}" for level in LEVELS), *BASELINES)
ANCHOR = "random"
EVERY_GAMES_BASELINES = ("random", "flat-mc")
"""The baselines of every game: the rest are Kaskade's."""
SPEED_SIZES = {"kaskade": ("6x9", "8x8", "16x16"), "cascades": ("4", "8")}
DEFAULT_SIZES = {"kaskade": "6x9,8x8", "cascades": "4,8"}
STANDARD = "standard"
"""The size of a game that has one board."""
PI4_CORES = 4
PI4_STEPS_PER_CORE = {"kaskade": 500_000, "cascades": 1_000, "big-balls": 800,
                      "colliding-circles": 300}
"""Search steps one core of a Raspberry Pi 4 makes in a second, by game: Kaskade's compiled
search's nodes, the general search's playouts (``docs/ai.md``, "A Raspberry Pi's budget")."""


def pi4_budget(game: str) -> tuple[int, int]:
    """A Raspberry Pi 4's second for ``game``: (steps of all its cores, threads)."""
    return PI4_CORES * PI4_STEPS_PER_CORE[game], PI4_CORES


def players_of(game: str) -> tuple[str, ...]:
    """The player names a tournament of ``game`` knows (the baselines beyond random and flat
    Monte Carlo are Kaskade's)."""
    return ALL_PLAYERS if game == "kaskade" else \
        (*ALL_PLAYERS[: len(LEVELS)], *EVERY_GAMES_BASELINES)


def player(name: str, game: str = "kaskade", threads: int = 1) -> Player:
    """A player of ``game`` by name: ``level-1`` … ``level-5`` (the strongest on ``threads``)
    or a baseline."""
    if name.startswith("level-") and name[6:].isdigit():
        return computer(game, int(name[6:]), threads)
    try:
        found = baseline(game, name)
    except LevelError:
        raise LevelError(f"no player {name!r}; the players are "
                         f"{', '.join(players_of(game))}") from None
    found.name = name
    return found


def start(game: str, size: str) -> GameState[Any]:
    """A new game of ``game`` on board ``size`` (``standard`` for a game with one board)."""
    return get_game(game).new({} if size == STANDARD else {"size": size})


Job = tuple[str, str, str, str, int, float, int | None, int]


def _game(job: Job) -> GameResult:
    game, first, second, size, seed, seconds, nodes, threads = job
    players = [player(first, game, threads), player(second, game, threads)]

    def budget() -> Budget:
        return Budget(steps=nodes) if nodes else Budget(seconds=seconds)

    return play_game(start(game, size), players, [budget] * 2, seed)


@dataclass(frozen=True)
class Sequential:
    """Stop a pairing early by the SPRT: ``elo1`` (the first player that much stronger)
    against ``elo0``, with error rates ``alpha`` and ``beta``."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05


def tournament(pairs: Sequence[tuple[str, str]], sizes: Sequence[str], games: int,
               seconds: float, seed: int, jobs: int, game: str = "kaskade",
               nodes: int | None = None, threads: int = 1,
               sequential: Sequential | None = None,
               finished: Callable[[str, GameResult], None] | None = None) \
        -> dict[str, list[GameResult]]:
    """Play every pairing ``games`` times per size, colours alternating; results per size.
    Each move is thought within ``seconds``, or — given ``nodes`` — within that many search
    steps, the same on any machine (how a slower machine's budget is played here); the
    strongest level searches on ``threads``. With ``sequential``, a pairing stops as soon as
    the SPRT decides it (checked after each round of ``jobs`` games, two at least: a game
    from each seat). ``finished(size, result)`` hears of every game as soon as it and the
    games before it have ended."""
    for name in {name for pair in pairs for name in pair}:
        player(name, game)
    for size in sizes:
        start(game, size)
    by_size: dict[str, list[GameResult]] = {size: [] for size in sizes}
    rounds = max(2, jobs + jobs % 2) if sequential else games
    pool = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None
    try:
        for size in sizes:
            for a, b in pairs:
                played: list[GameResult] = []
                for first in range(0, games, rounds):
                    work: list[Job] = [
                        (game, a, b, size, seed + i, seconds, nodes, threads) if i % 2 == 0
                        else (game, b, a, size, seed + i, seconds, nodes, threads)
                        for i in range(first, min(games, first + rounds))]
                    for result in pool.map(_game, work) if pool else map(_game, work):
                        if finished:  # each game as it comes, in order
                            finished(size, result)
                        played.append(result)
                    if sequential and decided(played, a, b, sequential):
                        break
                by_size[size] += played
    finally:
        if pool:
            pool.shutdown()
    return by_size


def decided(results: Sequence[GameResult], a: str, b: str, test: Sequential) -> str | None:
    """The SPRT's verdict on ``a`` against ``b`` so far: ``elo1``, ``elo0`` or ``None``."""
    score, count = score_table(results).get((a, b), (0.0, 0))
    return sprt(score, count, test.elo0, test.elo1, test.alpha, test.beta).verdict if count \
        else None


def anchor_of(names: Sequence[str]) -> str:
    """The player rated 0: the random player if it played, else the weakest level."""
    if ANCHOR in names:
        return ANCHOR
    return sorted(names, key=lambda n: (ALL_PLAYERS.index(n) if n in ALL_PLAYERS else 99, n))[0]


def summary(by_size: dict[str, list[GameResult]], pairs: Sequence[tuple[str, str]],
            sequential: Sequential | None = None) -> dict[str, Any]:
    """Per size, each pairing's score in all and by seat (``first`` moved first), its Elo
    difference with a 95 % interval (and the SPRT's verdict, with ``sequential``), and the
    rating list with 95 % intervals; the rating list over all sizes; and every game."""
    anchor = anchor_of(sorted({name for pair in pairs for name in pair}))
    report: dict[str, Any] = {"anchor": anchor}
    everything: list[GameResult] = []
    for size, results in by_size.items():
        everything += results
        table = score_table(results)
        first = score_table(results, seat=0)
        second = score_table(results, seat=1)
        rows = []
        for a, b in pairs:
            if (a, b) not in table:
                continue
            score, games = table[a, b]
            interval = pair_interval(score, games)
            row = {"player": a, "opponent": b, "score": score, "games": games,
                   "win_rate": round(score / games, 3),
                   "first": list(first.get((a, b), (0.0, 0))),
                   "second": list(second.get((a, b), (0.0, 0))),
                   "elo": interval.elo, "elo_low": interval.low, "elo_high": interval.high,
                   "elo_text": interval.text(),
                   "longest_think": round(max(
                       r.seconds[r.players.index(a)] for r in results if set(r.players) == {a, b}
                   ), 3)}
            if sequential:
                row["sprt"] = sprt(score, games, sequential.elo0, sequential.elo1,
                                   sequential.alpha, sequential.beta).verdict
            rows.append(row)
        report[size] = {"pairs": rows, "ratings": _ratings(results, anchor)}
    report["all"] = {"ratings": _ratings(everything, anchor)}
    report["games"] = [{"size": size, "players": list(r.players), "winner": r.winner,
                        "plies": r.plies} for size, results in by_size.items() for r in results]
    return report


def _ratings(results: Sequence[GameResult], anchor: str) -> dict[str, dict[str, float]]:
    if not results:
        return {}
    names = {name for r in results for name in r.players}
    ratings = rating_list(score_table(results), anchor if anchor in names else min(names))
    return {name: {"elo": round(r.elo), "error": round(r.error)} for name, r in ratings.items()}


def speed(level: int, seconds: float, seed: int, moves: int = 3, game: str = "kaskade",
          threads: int = 1) -> dict[str, Any]:
    """How fast ``level`` searches (nodes, or playouts for the general search), and its
    longest think, a few random moves into a game on each size."""
    figures: dict[str, Any] = {}
    for size in SPEED_SIZES.get(game, (STANDARD,)):
        state = start(game, size)
        rng = random.Random(seed)
        opening = len(state.legal_moves()) // 2 if game == "kaskade" else 6
        while state.plies < opening and not state.is_over():
            legal = state.legal_moves()
            state.play(state.sample_chance(rng) if state.to_move == CHANCE else
                       legal[int(rng.random() * len(legal))])
        steps = longest = total = 0.0
        depth = 0
        for _ in range(moves):
            while state.to_move == CHANCE:
                state.play(state.sample_chance(rng))
            if state.is_over():
                break
            thought = computer(game, level, threads).think(state, Budget(seconds=seconds), rng)
            steps += thought.steps
            total += thought.seconds
            longest = max(longest, thought.seconds)
            depth = max(depth, thought.depth)
            state.play(thought.move)
        figures[size] = {"nodes_per_s": round(steps / total), "longest_think_s": round(longest, 3),
                         "budget_s": seconds, "depth": depth}
    return figures


PUBLISHED_DEPTHS = {"classic-4": 2, "classic-6": 3}
"""The classic bot's baselines as the published program names them: its "depth D" searches 2D
plies (a move of each side per depth), so ``classic-4`` is its depth 2, ``classic-6`` its 3."""
PUBLISHED_GOALS = {"classic-4": 0.95, "classic-6": 0.90}
"""The share of games the strongest level must win against each, in all and from each seat."""


def published_pairs() -> list[tuple[str, str]]:
    """The strongest level against the published bot's depths 2 and 3 (``--published``)."""
    return [(f"level-{LEVELS[-1]}", name) for name in PUBLISHED_DEPTHS]


def published_strength(report: dict[str, Any]) -> list[dict[str, Any]]:
    """How the strongest level fared against the published bot in a ``summary``: per size and
    depth its score in all, as White (moving first) and as Black, and whether it met the goal
    in all three."""
    strongest = f"level-{LEVELS[-1]}"
    rows = []
    for size, figures in report.items():
        if not isinstance(figures, dict) or "pairs" not in figures:
            continue
        for row in figures["pairs"]:
            goal = PUBLISHED_GOALS.get(row["opponent"])
            if row["player"] != strongest or goal is None:
                continue
            shares = [row["win_rate"]] + [score / games if games else 1.0
                                          for score, games in (row["first"], row["second"])]
            rows.append({"size": size, "opponent": row["opponent"],
                         "depth": PUBLISHED_DEPTHS[row["opponent"]],
                         "score": [row["score"], row["games"]], "white": row["first"],
                         "black": row["second"], "goal": goal,
                         "met": all(share >= goal for share in shares)})
    return rows
