"""Tournaments between computer players of any game, and how fast they search.

Every pairing plays ``games`` games on each board size (Kaskade: ``6x9``; Cascades: the top
width, ``8``; Big Balls has one board, ``standard``) with colours alternating, each move
thought within the same time. Games run in parallel processes when asked (one per core), so a
player's think time is its own. Ratings are Elo, fitted to all games, the random player at 0.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from controller.ai.base import Budget, Player
from controller.ai.levels import LEVELS, LevelError, baseline, computer
from controller.ai.tournament import GameResult, elo, play_game, score_table
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


def players_of(game: str) -> tuple[str, ...]:
    """The player names a tournament of ``game`` knows (the baselines beyond random and flat
    Monte Carlo are Kaskade's)."""
    return ALL_PLAYERS if game == "kaskade" else \
        (*ALL_PLAYERS[: len(LEVELS)], *EVERY_GAMES_BASELINES)


def player(name: str, game: str = "kaskade") -> Player:
    """A player of ``game`` by name: ``level-1`` … ``level-5`` or a baseline."""
    if name.startswith("level-") and name[6:].isdigit():
        return computer(game, int(name[6:]))
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


def _game(job: tuple[str, str, str, str, int, float, int | None]) -> GameResult:
    game, first, second, size, seed, seconds, nodes = job
    players = [player(first, game), player(second, game)]

    def budget() -> Budget:
        return Budget(steps=nodes) if nodes else Budget(seconds=seconds)

    return play_game(start(game, size), players, [budget] * 2, seed)


def tournament(pairs: Sequence[tuple[str, str]], sizes: Sequence[str], games: int,
               seconds: float, seed: int, jobs: int, game: str = "kaskade",
               nodes: int | None = None) -> dict[str, list[GameResult]]:
    """Play every pairing ``games`` times per size, colours alternating; results per size.
    Each move is thought within ``seconds``, or — given ``nodes`` — within that many search
    steps, the same on any machine (how a slower machine's budget is played here)."""
    for name in {name for pair in pairs for name in pair}:
        player(name, game)
    for size in sizes:
        start(game, size)
    work = [
        (size, (game, a, b, size, seed + index, seconds, nodes) if index % 2 == 0
         else (game, b, a, size, seed + index, seconds, nodes))
        for size in sizes for a, b in pairs for index in range(games)
    ]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_game, [job for _, job in work]))
    else:
        results = [_game(job) for _, job in work]
    by_size: dict[str, list[GameResult]] = {size: [] for size in sizes}
    for (size, _), result in zip(work, results):
        by_size[size].append(result)
    return by_size


def anchor_of(names: Sequence[str]) -> str:
    """The player rated 0: the random player if it played, else the weakest level."""
    if ANCHOR in names:
        return ANCHOR
    return sorted(names, key=lambda n: (ALL_PLAYERS.index(n) if n in ALL_PLAYERS else 99, n))[0]


def summary(by_size: dict[str, list[GameResult]], pairs: Sequence[tuple[str, str]]) \
        -> dict[str, Any]:
    """Win rates per pairing (in all and by seat: ``first`` moved first) and Elo per size, and
    over all sizes."""
    anchor = anchor_of(sorted({name for pair in pairs for name in pair}))
    report: dict[str, Any] = {"anchor": anchor}
    everything: list[GameResult] = []
    for size, results in by_size.items():
        everything += results
        table = score_table(results)
        first = score_table(results, seat=0)
        second = score_table(results, seat=1)
        report[size] = {
            "pairs": [
                {"player": a, "opponent": b, "score": table[a, b][0], "games": table[a, b][1],
                 "win_rate": round(table[a, b][0] / table[a, b][1], 3),
                 "first": list(first.get((a, b), (0.0, 0))),
                 "second": list(second.get((a, b), (0.0, 0))),
                 "longest_think": round(max(
                     r.seconds[r.players.index(a)] for r in results if set(r.players) == {a, b}
                 ), 3)}
                for a, b in pairs if (a, b) in table
            ],
            "elo": elo(results, anchor),
        }
    report["all"] = {"elo": elo(everything, anchor)}
    return report


def speed(level: int, seconds: float, seed: int, moves: int = 3, game: str = "kaskade") \
        -> dict[str, Any]:
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
            thought = computer(game, level).think(state, Budget(seconds=seconds), rng)
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
