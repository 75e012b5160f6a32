"""Types of the compiled solver (``_solitaire_core.c``)."""

from collections.abc import Callable, Sequence

def solve(ranks: Sequence[int], masks: Sequence[int], ace: bool, pass_limit: int,
          talon: Sequence[int], turned: int, reserves: Sequence[Sequence[int]], opened: int,
          passes: int, offered: bool, ends: Sequence[int], suits: Sequence[int],
          counts: Sequence[int], check: Callable[[int], bool], every: int, seed: int,
          limit: int) -> tuple[bool | None, list[int], int]: ...

def rank_room(rank: int, tier: int, here: int, above: int, bottom: int) -> bool: ...

MAX_CARDS: int
RANK_SLOTS: int
RESERVE_PILES: int
ACE: int
CROWN: int
PAWN: int
COURT: int
DRAW_MOVE: int
TURN_MOVE: int
MAX_LINE: int
