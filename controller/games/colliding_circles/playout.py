"""A fast random playout for searches: each turn places random dice where they fit (attached or
attracted) and ends, or rethrows when nothing fits; no manoeuvres. Every action is legal, so
the result is a possible end of the game, reached many times faster than through ``play``.

With ``greedy`` (the general search's policy) a placement is judged by the circles it
completes: the best gain for the player placing is taken when there is one, and a placement
that completes a circle for the opponent is avoided, so playouts judge positions by games in
which circles are fought over rather than handed away.

Where it was built at install, the playout runs compiled (``_playout.c``): the same actions from
the same random numbers, some thirty times faster; the search plays one for every step it takes,
so a Raspberry Pi thinks several times as far in its second. This module's playout is the
reference it is tested against, and the path where no C compiler was present.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, Self, runtime_checkable

from controller.errors import KaskadeError
from controller.games.base import CHANCE, Outcome, Rng
from controller.games.colliding_circles.board import CIRCLES, CIRCLES_OF, NEIGHBOURS, PRINTED
from controller.games.colliding_circles.pieces import HAND, IDLE_TURNS, die, owner_of, value_of
from controller.games.colliding_circles.rules import FOX, GOOSE, WOLF, scores

_compiled: Any
try:
    from controller.games.colliding_circles import _playout as _compiled
except ImportError:  # no C compiler at install: the playout in Python below
    _compiled = None
else:
    _compiled.configure(NEIGHBOURS, [PRINTED.get(field, 0) for field in range(len(NEIGHBOURS))],
                        CIRCLES, CIRCLES_OF, (WOLF, FOX, GOOSE), HAND, IDLE_TURNS)
_ENDS = ("every free field is a hole", "the last die is placed",
         f"{IDLE_TURNS} turns in a row without a die placed")
"""Why a playout ended, by the code the compiled one gives (3: no end within its limit)."""
SEED_BITS = 53
"""A compiled playout's seed: as many bits as one draw of the search's generator holds."""


class PlayoutError(KaskadeError, RuntimeError):
    """The compiled playout asked for where it was not built."""


@runtime_checkable
class Position(Protocol):
    """What a playout reads of a position (the state's public face; the playout names no
    state, so the two import each other in no circle)."""

    @property
    def to_move(self) -> int | None: ...
    @property
    def board(self) -> list[int]: ...
    @property
    def hands(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def pools(self) -> list[int]: ...
    @property
    def player(self) -> int: ...
    @property
    def stage(self) -> str: ...
    @property
    def idle(self) -> int: ...
    def copy(self) -> Self: ...
    def play(self, move: Any) -> Any: ...
    def sample_chance(self, rng: Rng) -> Any: ...

_FIT = tuple(0 if v == 0 else (1 << ((v % 6) + 1)) | (1 << (((v - 2) % 6) + 1))
             for v in range(7))
"""For a value 1-6, the bits (1 << value) of the values that may stand next to it."""
_ALL = 0b1111110


def random_playout(state: Position, rng: Rng, limit: int, greedy: bool = False) -> Outcome:
    """Play the rest of ``state``'s game as described above, on copies of its board: compiled
    where it was built (seeded by one draw of ``rng``), else in Python."""
    if state.to_move == CHANCE:
        state = state.copy()
        while state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
    if _compiled is not None:
        return compiled_playout(state, limit, greedy, int(rng.random() * (1 << SEED_BITS)))
    return python_playout(state, rng, limit, greedy)


def compiled_playout(state: Position, limit: int, greedy: bool, seed: int,
                     source: Callable[[], float] | None = None) -> Outcome:
    """The compiled playout of ``state`` (no chance step pending), its random numbers from
    ``seed``, or from ``source`` (floats in [0, 1), drawn as the Python playout draws them)."""
    if _compiled is None:
        raise PlayoutError("the compiled playout was not built (no C compiler at install)")
    end, red, black = _compiled.playout(
        state.board, state.hands, state.pools, state.player, 1 if state.stage == "second" else 0,
        state.stage == "opening", state.idle, limit, greedy, seed, source)
    if end == len(_ENDS):
        return _unfinished(limit)
    return _ended((red, black), _ENDS[end])


def python_playout(state: Position, rng: Rng, limit: int, greedy: bool) -> Outcome:
    """The playout in Python, from a position with no chance step pending: the compiled one's
    reference."""
    board = state.board[:]
    hands = [list(h) for h in state.hands]
    pools = state.pools[:]
    player = state.player
    stage = state.stage
    placed = 1 if stage == "second" else 0
    idle = state.idle
    for _ in range(limit):
        hand = hands[player]
        options = _placements(board, hand, stage == "opening")
        if options is None:
            return _ended(scores(board), _ENDS[0])
        if options and (placed == 0 or rng.random() < 0.8):
            field, value = _greedy(board, options, player, rng) if greedy else \
                options[int(rng.random() * len(options))]
            board[field] = die(player, value)
            hand.remove(value)
            placed += 1
            if not hand and not pools[player]:
                return _ended(scores(board), _ENDS[1])
            if placed < 2 and stage != "opening":
                continue
        elif hand and not options:
            hand.pop(int(rng.random() * len(hand)))
            pools[player] += 1
        _refill(hand, pools, player, rng)
        idle = 0 if placed else idle + 1
        if idle == IDLE_TURNS:
            return _ended(scores(board), _ENDS[2])
        player, stage, placed = 1 - player, "manoeuvre", 0
    return _unfinished(limit)


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


def _greedy(board: list[int], options: list[tuple[int, int]], player: int,
            rng: Rng) -> tuple[int, int]:
    """The option completing circles with the best gain for ``player`` if one gains, else a
    random one of those that give the opponent nothing (else any)."""
    best, best_gain = None, 0
    safe = []
    for option in options:
        gain = completion_gain(board, option[0], option[1], player)
        if gain > best_gain:
            best, best_gain = option, gain
        elif gain == 0:
            safe.append(option)
    if best is not None:
        return best
    pool = safe or options
    return pool[int(rng.random() * len(pool))]


def completion_gain(board: list[int], field: int, value: int, player: int) -> int:
    """What a die of ``player`` showing ``value`` on free ``field`` gains ``player`` in the
    circles it completes: their worth when ``player`` owns them, minus it when the opponent
    does (0 when it completes none)."""
    gain = 0
    for circle in CIRCLES_OF[field]:
        totals = [0, 0]
        seen = 1 << value
        complete = True
        for other in CIRCLES[circle]:
            if other == field:
                continue
            cell = board[other]
            if not cell:
                complete = False
                break
            totals[owner_of(cell)] += value_of(cell)
            seen |= 1 << value_of(cell)
        if not complete:
            continue
        totals[player] += value
        kinds = seen.bit_count()
        worth = WOLF if kinds == 6 else FOX if kinds == 2 else GOOSE
        gain += worth if totals[player] > totals[1 - player] else -worth
    return gain


def _ended(totals: tuple[int, int], why: str) -> Outcome:
    red, black = totals
    return Outcome(None if red == black else 0 if red > black else 1, why, (red, black))


def _unfinished(limit: int) -> Outcome:
    return Outcome(None, f"no end after {limit} more actions")
