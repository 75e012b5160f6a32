"""Games between computer players, and their scores (ratings: :mod:`controller.ai.ratings`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from controller.ai.base import Budget, Player
from controller.games import CHANCE, GameState


@dataclass(frozen=True)
class GameResult:
    """One finished game: who played which side and who won (``None``: a draw)."""

    players: tuple[str, ...]
    winner: int | None
    plies: int
    seconds: tuple[float, ...]
    """The longest think of each player."""
    moves: tuple[str, ...] = ()
    """Every move in the game's notation, chance steps included, so that the game can be
    replayed (``kaskade replay GAME --moves``)."""


def play_game(
    start: GameState[Any],
    players: Sequence[Player],
    budgets: Sequence[Callable[[], Budget]],
    seed: int,
) -> GameResult:
    """Play ``start`` to its end, seat ``i`` taken by ``players[i]`` thinking within a fresh
    ``budgets[i]()`` each move; chance steps come from the seed as well."""
    state = start.copy()
    rng = random.Random(seed)
    longest = [0.0] * len(players)
    moves: list[str] = []
    while not state.is_over():
        mover = state.to_move
        if mover == CHANCE:
            move = state.sample_chance(rng)
        else:
            assert mover is not None
            budget = budgets[mover]()
            move = players[mover].choose(state, budget, rng)
            longest[mover] = max(longest[mover], budget.elapsed)
        moves.append(state.move_name(move))
        state.play(move)
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(tuple(p.name for p in players), outcome.winner, state.plies,
                      tuple(longest), tuple(moves))


def score_table(results: Sequence[GameResult], seat: int | None = None) \
        -> Mapping[tuple[str, str], tuple[float, int]]:
    """For each pair (a, b): a's score (wins + half draws) against b, and games played — in
    every game, or only those where a sat in ``seat`` (0: moved first)."""
    table: dict[tuple[str, str], list[float]] = {}
    for result in results:
        first, second = result.players
        for me, other, mine in ((first, second, 0), (second, first, 1)):
            if seat is not None and mine != seat:
                continue
            entry = table.setdefault((me, other), [0.0, 0])
            entry[0] += 0.5 if result.winner is None else float(result.winner == mine)
            entry[1] += 1
    return {pair: (value[0], int(value[1])) for pair, value in table.items()}
