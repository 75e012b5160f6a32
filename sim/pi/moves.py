"""The same seeds give the same moves on every architecture: every game played to its end by
the computer at every level, each move thought with a fixed number of search steps (never a
time: a clock would make the moves depend on the machine's speed), chance drawn from a fixed
seed, and the moves of each game folded into one digest. Run it on x86-64 and on the Pi's
aarch64 (the Pi stage does both) and the digests must be equal: the compiled cores (integer
widths, the compiler's choices for floating point, the order of hashed tables) and the pure
Python players alike.

    python -m sim.pi.moves          # one line a game: plies, digest
    python -m sim.pi.moves --json   # the same for a machine
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import random
import sys
from dataclasses import asdict, dataclass
from typing import Any

from controller.ai.base import Budget
from controller.ai.levels import LEVELS, computer
from controller.games import CHANCE, game_names, get_game

STEPS = 64
"""Search steps (nodes or playouts) per move: enough for every search to choose by what it
found rather than at random, little enough for a whole run to take seconds natively and a few
minutes under emulation."""
OPTIONS: dict[str, dict[str, str]] = {
    "kaskade": {"size": "5x5"},
    "cascades": {"size": "5"},
}
"""Boards smaller than the default, where a game's default is long: every game still plays
through its compiled core and every rule, in fewer moves."""
SEED = 2024
MOST_PLIES = 250
"""Where a game is cut off, if it has not ended: the digest covers the moves up to there, the
same check on every machine (the longest game that ends is 207 plies; Colliding Circles'
strongest level against itself can go on without end, neither side ending it into a draw)."""


@dataclass(frozen=True)
class Played:
    """One game played through: its name, options, levels, how many moves, and the digest."""

    game: str
    options: dict[str, str]
    level: int
    plies: int
    winner: int | None
    digest: str


def play(game: str, level: int, seed: int = SEED, steps: int = STEPS) -> Played:
    """``game`` played to its end by the computer at ``level`` in every seat."""
    options = OPTIONS.get(game, {})
    state = get_game(game).new(options)
    players = [computer(game, level) for _ in state.info.players]
    rng = random.Random(seed * 10 + level)
    digest = hashlib.sha256(f"{game} {sorted(options.items())} {level} {seed}".encode())
    while not state.is_over() and state.plies < MOST_PLIES:
        mover = state.to_move
        if mover == CHANCE:
            move = state.sample_chance(rng)
        else:
            assert mover is not None
            move = players[mover].choose(state, Budget(steps=steps), rng)
        digest.update(state.move_name(move).encode() + b"\n")
        state.play(move)
    outcome = state.outcome()
    return Played(game, options, level, state.plies, outcome.winner if outcome else None,
                  digest.hexdigest()[:16])


def play_all(seed: int = SEED, steps: int = STEPS) -> list[Played]:
    """Every game at every level (the solitaire's one player, the solver, once)."""
    played = []
    for game in game_names():
        levels = (LEVELS[-1],) if len(get_game(game).new().info.players) == 1 else LEVELS
        played += [play(game, level, seed, steps) for level in levels]
    return played


def summary(played: list[Played]) -> dict[str, Any]:
    """The run as plain data: the machine, each game, and one digest of them all."""
    whole = hashlib.sha256("".join(p.digest for p in played).encode()).hexdigest()[:16]
    return {"machine": platform.machine(), "moves": sum(p.plies for p in played),
            "digest": whole, "games": [asdict(p) for p in played]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sim.pi.moves",
        description="Play every game at every level with fixed seeds and search steps, and "
        "print the digest of each game's moves: equal on every architecture.")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--steps", type=int, default=STEPS, help="search steps per move")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    result = summary(play_all(args.seed, args.steps))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    for game in result["games"]:
        print(f"{game['game']:<18} level {game['level']}  {game['plies']:>4} plies  "
              f"{game['digest']}")
    print(f"{result['machine']}: {result['moves']} moves, digest {result['digest']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
