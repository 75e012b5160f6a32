"""A fast random playout for searches: each turn places random dice where they fit (attached or
attracted) and ends, or rethrows when nothing fits; no manoeuvres. Every action is legal, so
the result is a possible end of the game, reached many times faster than through ``play``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from controller.games.base import CHANCE, Outcome, Rng
from controller.games.colliding_circles.board import NEIGHBOURS, PRINTED
from controller.games.colliding_circles.pieces import HAND, die, value_of
from controller.games.colliding_circles.rules import scores

if TYPE_CHECKING:
    from controller.games.colliding_circles.state import CollidingCirclesState

_FIT = tuple(0 if v == 0 else (1 << ((v % 6) + 1)) | (1 << (((v - 2) % 6) + 1))
             for v in range(7))
"""For a value 1-6, the bits (1 << value) of the values that may stand next to it."""
_ALL = 0b1111110


def random_playout(state: CollidingCirclesState, rng: Rng, limit: int) -> Outcome:
    """Play the rest of ``state``'s game as described above, on copies of its board."""
    if state.to_move == CHANCE:
        state = state.copy()
        while state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
    board = state.board[:]
    hands = [list(h) for h in state.hands]
    pools = state.pools[:]
    player = state.player
    stage = state.stage
    placed = 1 if stage == "second" else 0
    for _ in range(limit):
        hand = hands[player]
        options = _placements(board, hand, stage == "opening")
        if options is None:
            return _finish(board, "every free field is a hole")
        if options and (placed == 0 or rng.random() < 0.8):
            field, value = options[int(rng.random() * len(options))]
            board[field] = die(player, value)
            hand.remove(value)
            placed += 1
            if not hand and not pools[player]:
                return _finish(board, "the last die is placed")
            if placed < 2 and stage != "opening":
                continue
        elif hand and not options:
            hand.pop(int(rng.random() * len(hand)))
            pools[player] += 1
        _refill(hand, pools, player, rng)
        player, stage, placed = 1 - player, "manoeuvre", 0
    return Outcome(None, f"no end after {limit} more actions")


def _refill(hand: list[int], pools: list[int], player: int, rng: Rng) -> None:
    while len(hand) < HAND and pools[player]:
        hand.append(1 + int(rng.random() * 6))
        pools[player] -= 1


def _placements(board: list[int], hand: list[int], opening: bool) \
        -> list[tuple[int, int]] | None:
    """Every (field, value) a hand die may be placed on; ``None`` when every free field is a
    hole (the game is over)."""
    values = 0
    for value in hand:
        values |= 1 << value
    found = []
    open_field = False
    for field, cell in enumerate(board):
        if cell:
            continue
        fits, near = _ALL, False
        for other in NEIGHBOURS[field]:
            if board[other]:
                near = True
                fits &= _FIT[value_of(board[other])]
        if not near:
            open_field = True
            printed = PRINTED.get(field)
            if printed is not None and values >> printed & 1:
                found.append((field, printed))
            continue
        if fits:
            open_field = True
            if not opening:
                usable = fits & values
                for value in range(1, 7):
                    if usable >> value & 1:
                        found.append((field, value))
    return found if open_field else None


def _finish(board: list[int], why: str) -> Outcome:
    red, black = scores(board)
    winner = None if red == black else 0 if red > black else 1
    return Outcome(winner, why, (red, black))

