"""The Decktet solitaire's solver and hint: is this deal still winnable, and how.

The solver sees every card (face-down ones too: it answers "can this deal be won", not "what
would a player guess"). It searches depth first through plays, draws and turns, remembering
every position it has entered, so a position reached by two orders of the same moves is searched
once. A position is the set of cards played, the tiers' end cards, the counts of the ranks a
tier may hold twice, how far the talon is turned and the passes — the talon and the reserves
follow from which cards are played; without a pass limit the stops of a round of the talon,
which the player may go round without playing, are one position. No line of moves comes back
to a position it left, so a position searched to the end is lost however it was reached. It
stops when its budget runs out and then says "unknown" rather than guess.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from typing import Any

from controller.ai.base import Budget, Player, Thought
from controller.ai.solitaire_board import (
    RANK_SLOTS,
    Shuffle,
    SolverBoard,
    as_move,
)
from controller.errors import KaskadeError
from controller.games import GameState
from controller.games.cascades_decktet.cards import MASKS, RANKS, broken_rank_rule, tier_room
from controller.games.cascades_decktet.moves import DRAW, TURN, Move, Play
from controller.games.cascades_decktet.state import CascadesDecktetState

MAX_LINE = 8192
"""The longest line of moves a search follows (the compiled solver's too)."""

_compiled: Any
try:
    from controller.ai import _solitaire_core as _compiled
except ImportError:  # no C compiler at install: the Python solver alone
    _compiled = None

WINNABLE, LOST, UNKNOWN = "winnable", "lost", "unknown"


@dataclass
class Verdict:
    """What the solver found: ``winnable`` (with a winning ``line`` of moves), ``lost`` (no
    order of moves wins) or ``unknown`` (the budget ran out first)."""

    answer: str
    line: list[Move] = field(default_factory=list)
    positions: int = 0
    """Positions searched."""
    seconds: float = 0.0


class _OutOfBudgetError(KaskadeError, RuntimeError):
    """Raised inside the search when the budget is spent (caught there: the answer is
    "unknown")."""


def _stranded(board: SolverBoard) -> bool:
    """In the Ace version a tier's suits never change, so a win needs every card still out to
    have a tier that shares a suit and has room for its rank — all cards of a rank at once
    (a matching of cards to tier slots) — and the talon's first cards to be playable in the
    only order it lets them go (:func:`_buried`). ``True`` when not: the deal is lost whatever
    is played."""
    if not board.ace:
        return False
    if _buried(board):
        return True
    out: dict[int, list[int]] = {}
    for card in (*board.talon, *(c for pile in board.reserves for c in pile)):
        out.setdefault(RANKS[card], []).append(card)
    for rank, cards in out.items():
        slots = [t for t in range(3)
                 for _ in range(tier_room(rank, t) - board.counts[t * RANK_SLOTS + rank])]
        if not _matches(cards, slots, list(board.suits)):
            return True
    return False


def _buried(board: SolverBoard) -> bool:
    """The talon's first cards never move while they are there, and the waste's top is the
    third only at a stop: the first is reached only by playing the second just before it (or
    as the talon's last card), the second only by playing the third just before it (or once
    the talon holds two cards). So the third must be played before the second, the second
    before the first. ``True`` when two of them share a rank whose rules cannot have its
    cards played in such an order (the Ace version: its tiers take a card by their suits
    alone)."""
    talon = board.talon
    if len(talon) < 2 or board.turned == 1:
        return False
    front = 3 if len(talon) >= 3 and board.turned != 2 else 2  # the second on top: it may go
    ranks = [RANKS[card] for card in talon[:front]]
    for rank in dict.fromkeys(ranks):
        sharing = ranks.count(rank)
        if sharing < 2:
            continue
        cards = [card for card in talon if RANKS[card] == rank]  # the front ones first
        after = [set(range(index + 1, sharing)) if index < sharing else set()
                 for index in range(len(cards))]
        counts = [board.counts[tier * RANK_SLOTS + rank] for tier in range(3)]
        if not _orders(board, counts, cards, set(), after):
            return True
    return False


def _orders(board: SolverBoard, counts: list[int], cards: list[int], placed: set[int],
            after: list[set[int]]) -> bool:
    """Whether the ``cards`` (of one rank, its ``counts`` in the three tiers) not yet
    ``placed`` can all be played, each after the cards ``after`` names (indexes)."""
    if len(placed) == len(cards):
        return True
    for index, card in enumerate(cards):
        if index in placed or not after[index] <= placed:
            continue
        for tier in range(3):  # the Ace version: a tier takes a card by its Aces' suits
            if broken_rank_rule(RANKS[card], tier, counts[tier], counts[tier - 1] if tier else 0,
                                counts[2]) is not None or not MASKS[card] & board.suits[tier]:
                continue
            counts[tier] += 1
            found = _orders(board, counts, cards, placed | {index}, after)
            counts[tier] -= 1
            if found:
                return True
    return False


def _matches(cards: list[int], slots: list[int], suits: list[int]) -> bool:
    """Whether every card can take its own slot (a tier sharing a suit): augmenting paths."""
    taken: dict[int, int] = {}

    def place(card: int, tried: set[int]) -> bool:
        for index, tier in enumerate(slots):
            if index in tried or not MASKS[card] & suits[tier]:
                continue
            tried.add(index)
            if index not in taken or place(taken[index], tried):
                taken[index] = card
                return True
        return False

    return all(place(card, set()) for card in cards)


def _ordered_moves(state: CascadesDecktetState) -> list[Move]:
    """Moves most likely to lead to a win first: reserve cards (they free the next one), then
    the waste, lower tiers before higher (they are the hardest to feed), then draw and turn."""
    moves = state.legal_moves()
    plays = [m for m in moves if isinstance(m, Play)]
    sources = state.sources()
    plays.sort(key=lambda m: (sources[m.card] == "waste", -m.tier))
    return plays + [m for m in moves if not isinstance(m, Play)]


def _ordered(board: SolverBoard) -> list[int]:
    """The solver's moves, likeliest to win first (as :func:`_ordered_moves`; the compiled
    solver lists them in this order too, so both search the same tree)."""
    moves = board.moves()
    waste = board.talon[board.turned - 1] if board.turned else -1
    plays = [m for m in moves if m >= 0]
    plays.sort(key=lambda m: (m // 3 == waste, -(m % 3)))
    return plays + [m for m in moves if m < 0]


FIRST_LIMIT = 20_000
"""New positions the first search may enter before it starts again in another order; each
restart may enter twice as many as the one before…"""
LAST_LIMIT = 640_000
"""… up to this many, and then this many each time. Restarts cost a lost deal nothing (what
one searched to the end stays known), so they go on: each new order is another chance at a
win its predecessors' orders kept far away."""


def solve(state: CascadesDecktetState, budget: Budget, engine: str = "auto") -> Verdict:
    """Whether ``state`` (dealt) can still be won, searched within ``budget``: by the compiled
    solver where it was built (``engine="auto"``), else — or with ``engine="python"`` — in
    Python; both search the same positions in the same order.

    A depth-first search that takes a wrong turn early can spend its whole budget below it
    while a win lies one choice away, so the search starts again with the moves in another
    order whenever it has entered ``FIRST_LIMIT`` new positions, twice as many each time up to
    ``LAST_LIMIT``, then that many each time: the first search keeps the solver's own order,
    the others shuffle it (seeded: the same answer every time). What a stopped search searched
    to the end stays known (no line of moves comes back to a position, so a position's answer
    does not depend on how it was reached): a restart searches only what is new to it, and a
    search that ends within its allowance has searched everything — its answer is final,
    "lost" included."""
    if engine not in ("auto", "python"):
        raise ValueError(f"engine: auto or python, not {engine!r}")
    board = SolverBoard(state)
    if engine == "auto" and _compiled is not None:
        won, line, positions = _solve_compiled(board, budget)
    else:
        won, line, positions = _Search(board, budget).restarting()
    if won is None:
        return Verdict(UNKNOWN, [], positions, budget.elapsed)
    return Verdict(WINNABLE if won else LOST, [as_move(move) for move in line], positions,
                   budget.elapsed)


class _Search:
    """The solver in Python: depth-first search with restarts, as :func:`solve` says."""

    def __init__(self, board: SolverBoard, budget: Budget) -> None:
        self.board, self.budget = board, budget
        self.entered: set[tuple[int, ...]] = set()
        self.path: list[tuple[int, ...]] = []
        """The positions being searched: forgotten when a restart stops."""
        self.line: list[int] = []
        self.count = self.limit = 0
        self.seed = 0
        """A restart's: 0 keeps the solver's order of moves, others shuffle it."""

    def restarting(self) -> tuple[bool | None, list[int], int]:
        """(won, its line, positions searched), won ``None`` when the budget ran out."""
        limit, seed, total = FIRST_LIMIT, 0, 0
        recursion = sys.getrecursionlimit()
        sys.setrecursionlimit(max(recursion, 2 * MAX_LINE + 200))  # two frames a move
        try:
            while True:
                self.seed = seed
                self.limit, self.count = limit, 0
                try:
                    won = self.search()
                except _OutOfBudgetError:
                    while self.line:
                        self.board.undo()
                        self.line.pop()
                    self.entered.difference_update(self.path)
                    self.path.clear()
                    won = None
                self.budget.step(self.count % 256)  # the budget hears of every position
                total += self.count
                if won is not None:
                    return won, self.line if won else [], total
                if self.budget.spent():
                    return None, [], total
                seed, limit = seed + 1, min(limit * 2, LAST_LIMIT)
        finally:
            sys.setrecursionlimit(recursion)

    def remember(self, key: tuple[int, ...]) -> bool:
        """Enter a position with a choice: ``True`` to search it, ``False`` when it is lost
        because a card is stranded; raises when the budget or the restart's limit is spent
        (the position stays on the path, to be forgotten)."""
        self.entered.add(key)
        if _stranded(self.board):
            return False
        self.path.append(key)
        self.count += 1
        if self.count % 256 == 0:
            self.budget.step(256)
            if self.budget.spent():
                raise _OutOfBudgetError
        if self.count == self.limit:
            raise _OutOfBudgetError
        return True

    def search(self) -> bool:
        board = self.board
        if board.won():
            return True
        if len(self.line) >= MAX_LINE:
            return False
        if board.in_round():
            key = board.key()
            if key in self.entered or not self.remember(key):
                return False
            if self.search_round():
                return True
            self.path.pop()
            return False
        moves = _ordered(board)
        if len(moves) == 1 and moves[0] < 0:  # nothing to play, one way on: unremembered
            return self.follow([moves[0]])
        key = board.key()
        if key in self.entered or any(better in self.entered for better in board.better_keys()):
            return False
        if not self.remember(key):
            return False
        if self.seed:
            Shuffle(self.seed, board)(moves)
        for move in moves:
            if self.follow([move]):
                return True
        self.path.pop()
        return False

    def search_round(self) -> bool:
        """A stop of a round (:meth:`SolverBoard.in_round`), searched as the whole round: every
        play offered at any of its stops, each after the draws and turns that reach its stop,
        in the order a player going round meets them."""
        board, start = self.board, self.board.turned
        found: list[list[int]] = []
        ways: list[int] = []
        while True:
            found.extend([*ways, move] for move in _ordered(board) if move >= 0)
            way = board.way_on()
            if way is None:
                break
            board.play(way)
            ways.append(way)
            if board.turned == start:
                break
        for _ in ways:
            board.undo()
        if self.seed:
            Shuffle(self.seed, board)(found)
        for moves in found:
            if len(self.line) + len(moves) <= MAX_LINE and self.follow(moves):
                return True
        return False

    def follow(self, moves: list[int]) -> bool:
        """Play ``moves`` and search on; taken back unless they lead to a win."""
        for move in moves:
            self.board.play(move)
            self.line.append(move)
        if self.search():
            return True
        for _ in moves:
            self.board.undo()
            self.line.pop()
        return False


def _solve_compiled(board: SolverBoard, budget: Budget) -> tuple[bool | None, list[int], int]:
    """The search of :class:`_Search` in the compiled solver."""

    def check(positions: int) -> bool:
        budget.step(positions)
        return budget.spent()

    every = 4096 if budget.steps is None else max(1, min(4096, budget.steps // 16))
    won, line, positions = _compiled.solve(
        RANKS, MASKS, board.ace, -1 if board.pass_limit is None else board.pass_limit,
        board.talon, board.turned, board.reserves, board.opened, board.passes, board.offered,
        board.ends, board.suits, board.counts, check, every, FIRST_LIMIT, LAST_LIMIT)
    return won, line, positions


def fallback(state: CascadesDecktetState) -> Move:
    """The move a careful player would make without a solver: play a reserve card, else the
    waste card, to the lowest tier that takes it; else draw; else turn."""
    return _ordered_moves(state)[0]


class Solver(Player):
    """The solitaire's hint: the first move of a winning line if the solver finds one within
    the budget, else :func:`fallback`."""

    name = "solver"

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        del rng
        assert isinstance(state, CascadesDecktetState)
        verdict = solve(state, budget)
        if verdict.answer == WINNABLE:
            return Thought(verdict.line[0], 1.0, verdict.positions, seconds=verdict.seconds)
        score = -1.0 if verdict.answer == LOST else 0.0
        return Thought(fallback(state), score, verdict.positions, seconds=verdict.seconds)


def winnable(state: CascadesDecktetState, seconds: float) -> bool | None:
    """``True``/``False`` when the solver decides within ``seconds``, ``None`` when not."""
    answer = solve(state, Budget(seconds=seconds)).answer
    return None if answer == UNKNOWN else answer == WINNABLE


__all__ = ["DRAW", "LOST", "TURN", "UNKNOWN", "WINNABLE", "Solver", "Verdict", "fallback",
           "solve", "winnable"]
