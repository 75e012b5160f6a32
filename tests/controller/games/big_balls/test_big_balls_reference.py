"""The engine against a second Big Balls written from the seed alone
(``tests/support/big_balls_reference.py``): over many random games, at every step, the same
legal moves, the same pieces on the same holes, the same ending."""

from __future__ import annotations

import random
from collections import Counter

from controller.games import CHANCE
from controller.games.big_balls import BigBallsState
from tests.support.big_balls_reference import HOLES, ReferenceBigBalls

GAMES = 600
PLY_LIMIT = 300


def pieces(state: BigBallsState) -> dict[str, str]:
    data = state.to_json()
    board = dict.fromkeys(data["balls"], "O")
    for colour, letter in (("black", "B"), ("white", "W")):
        for number, name in data["stones"][colour].items():
            board[name] = letter + number
    return board


def result(state: BigBallsState) -> str | None:
    outcome = state.outcome()
    if outcome is None:
        return None
    return "draw" if outcome.winner is None else state.info.players[outcome.winner]


def play_both(seed: int) -> str:
    """One random game in both; asserts they agree at every step; returns how it ended."""
    rng = random.Random(seed)
    first = "black" if seed % 2 == 0 else "white"
    engine = BigBallsState.new({"first": first})
    reference = ReferenceBigBalls(first)
    while not engine.is_over() and engine.plies < PLY_LIMIT:
        if engine.to_move == CHANCE and engine.phase.startswith("deal"):
            move = engine.sample_chance(rng)
        else:
            legal = engine.legal_moves()
            names = [engine.move_name(m) for m in legal]
            assert sorted(names) == sorted(reference.legal()), \
                f"seed {seed}, ply {engine.plies}: {engine.position()}"
            captures = [m for m, n in zip(legal, names) if "x" in n]
            pool = captures if captures and rng.random() < 0.5 else legal
            move = pool[int(rng.random() * len(pool))]
        reference.play(engine.move_name(move))
        engine.play(move)
        on_board = {name: piece for name, piece in reference.board.items() if piece}
        assert pieces(engine) == on_board, f"seed {seed}, ply {engine.plies}"
        assert result(engine) == reference.result, f"seed {seed}: {engine.outcome()}"
    return "unfinished" if not engine.is_over() else \
        "apex" if "a7" in engine.outcome().reason else \
        "draw" if engine.outcome().winner is None else "stuck"


def test_the_reference_knows_the_board():
    assert len(HOLES) == 28


def test_the_engine_plays_exactly_as_the_seed_reads():
    endings = Counter(play_both(seed) for seed in range(GAMES))
    assert set(endings) >= {"apex", "stuck", "draw"}, f"every ending came up: {endings}"
