"""Level 5's perfect play of Chang's Cascades on the boards solved within a move's time.

Top widths 3, 4 and 5 (:data:`SOLVED_TOPS`) are solved outright: every action's exact value,
and a best one played, in either seat. Top 6 (:data:`PROVED_TOPS`, with the compiled solver) is
too large for that within a move, but a win is cheap to prove there once the first turns are
behind: the player plays its first turns from the opening book (:mod:`controller.ai.
cascades_book`), and then in every position a turn it proves wins — so from the first seat it
wins every game. Where it proves no win (a lost or drawn position, or a proof that did not fit
half the budget) the move is the general search's. On top 8, which no proof settles yet, the
first stone is the fence plan's that wins tops 4 and 6 (:data:`FENCE_OPENINGS`), and the
general search plays from there.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, TypeGuard

from controller.ai import cascades_solve
from controller.ai.base import Budget, Player, Thought
from controller.ai.cascades_book import book, key, winning_turn
from controller.ai.cascades_solve import (
    FIRST_STONES,
    PLAYER_TABLE_BYTES,
    Solver,
    Stopped,
    bits,
    compiled,
    make_solver,
)
from controller.games import GameState
from controller.games.cascades.moves import END, PASS, Move, Place
from controller.games.cascades.state import CascadesState

FENCE_OPENINGS = {8: "h2"}
"""The first stone on the top widths no proof settles yet: the fence plan's, which wins tops 4
and 6 (``docs/games/cascades.md``, "A plan that wins"): below White's rightmost top stone, on
the cell Black's next stone would take. Measured, not proved: at a Raspberry Pi 4's budget
level 5 moving first on top 8 won 13 of 20 games against level 4 and 16 of 20 against flat
Monte Carlo choosing its own first stone, and 20 of 20 against each opening here (``docs/ai.md``,
"How strong they are")."""
SOLVED_TOPS = (3, 4, 5)
"""The top widths the full search solves from any position within a move's time."""
PROVED_TOPS = (6,)
"""The top widths where the compiled solver proves a winning turn within a move's time (with
the book for the first turns), though not every action's value."""


@cache
def solver(top: int) -> Solver:
    """The solver of top width ``top``, its table kept for the next moves and games."""
    return make_solver(top, table_bytes=PLAYER_TABLE_BYTES)


def standard(state: GameState[Any]) -> TypeGuard[CascadesState]:
    """Whether ``state`` is Cascades with the options the solver plays: the widening board,
    each stone checked as placed, the bottom row deciding."""
    return isinstance(state, CascadesState) and state.slope.shape == "widening" and \
        state.placement == "each" and state.scoring == "bottom"


def masks(state: CascadesState) -> tuple[int, int]:
    """The cells of the player to move and of the other, as masks."""
    mover = state.to_move
    assert mover is not None
    own = sum(1 << c for c, owner in enumerate(state.cells) if owner == mover)
    other = sum(1 << c for c, owner in enumerate(state.cells) if owner == 1 - mover)
    return own, other


def action_values(state: CascadesState) -> dict[Move, int]:
    """Every legal action of ``state`` (a stone, ``end`` or ``pass``) with its value for the
    player to move under perfect play from then on."""
    solve = solver(state.slope.top)
    board = solve.board
    own, other = masks(state)

    def after_stone(mask: int, second: bool) -> int:
        """The value once a stone made ``mask``: a win, or the rest of the turn at its best."""
        if board.bottom_count(mask) >= board.need:
            return 1
        best = -solve.value(other, mask, False)  # the turn ends here
        if second:
            return best
        for extra in bits(board.places(mask, mask | other)):
            if best == 1:
                break
            best = max(best, after_stone(mask | extra, True))
        return best

    values: dict[Move, int] = {}
    for move in state.legal_moves():
        if move == PASS:
            values[move] = solve.by_score(own, other) if state.passes else \
                -solve.value(other, own, True)
        elif move == END:
            values[move] = -solve.value(other, own, False)
        else:
            assert isinstance(move, Place)
            values[move] = after_stone(own | 1 << move.cell, state.first is not None or
                                       state.plies == 0)
    return values


def solved(state: GameState[Any]) -> TypeGuard[CascadesState]:
    """Whether ``state`` is a Cascades board the perfect player plays."""
    return standard(state) and (state.slope.top in SOLVED_TOPS or
                                (state.slope.top in PROVED_TOPS and compiled()))


class CascadesPerfect(Player):
    """Plays Cascades perfectly on the boards solved within a move's time (:func:`solved`,
    standard options), and hands every other position to ``fallback`` — and a move whose proof
    did not fit in half its budget (the first moves of a process, on a slow machine), and on
    top 6 a position where it proves no win; on top 8 it plays the fence plan's first stone."""

    def __init__(self, fallback: Player, name: str = "cascades-perfect") -> None:
        self.name = name
        self.fallback = fallback
        self.plan: dict[tuple[tuple[int, ...], int], Move] = {}
        """The second action of the turn under way: its position after the first stone, and the
        first stone → the action."""

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        if standard(state) and state.plies == 0 and state.slope.top in FENCE_OPENINGS:
            opening = state.slope.find(FENCE_OPENINGS[state.slope.top])
            assert opening is not None
            return Thought(Place(opening), 0.0, 0, 0, budget.elapsed)
        if not solved(state):
            return self.fallback.think(state, budget, rng)
        assert isinstance(state, CascadesState)
        top = state.slope.top
        if state.plies == 0:
            opening = state.slope.find(FIRST_STONES[top])
            assert opening is not None
            return Thought(Place(opening), 1.0, 0, 0, budget.elapsed)
        # The solution is searched on half the budget at most; the table keeps what it solved,
        # so a search cut short goes on from there on the next move (on a board once solved, a
        # move costs nothing). Cut short, the move is the general search's on what is left.
        half = Budget(seconds=None if budget.seconds is None else budget.seconds / 2,
                      steps=None if budget.steps is None else max(1, budget.steps // 2),
                      cancel=budget.cancel, clock=budget.clock)

        def spent() -> bool:
            half.step(cascades_solve.CHECK_EVERY)
            return half.spent()

        solve = solver(top)
        solve.stop = spent
        try:
            if top in SOLVED_TOPS:
                values = action_values(state)
                best = max(values.values())
                moves = [move for move, value in values.items() if value == best]
                move: Move | None = moves[int(rng.random() * len(moves))]
            else:
                best, move = 1, self.winning_action(state, solve)
        except Stopped:
            budget.step(half.used)
            return self.fallback.think(state, budget, rng)
        finally:
            solve.stop = None
        if move is None:  # no win proved: the general search plays on
            budget.step(half.used)
            return self.fallback.think(state, budget, rng)
        return Thought(move, float(best), solve.positions, 0, budget.elapsed)

    def winning_action(self, state: CascadesState, solve: Solver) -> Move | None:
        """An action of a turn that wins (``None``: no turn does): at a turn's start the book's
        turn or one proved, its second action kept for the next call."""
        own, other = masks(state)
        board = solve.board
        if state.first is not None:
            planned = self.plan.get((tuple(state.cells), state.first))
            if planned is not None and state.is_legal(planned):
                return planned
            if solve.loses(other, own, False):
                return END
            for stone in bits(board.places(own, own | other)):
                if board.bottom_count(own | stone) >= board.need or \
                        solve.loses(other, own | stone, False):
                    return Place(stone.bit_length() - 1)
            return None
        passed = state.passes == 1
        after = book(state.slope.top).get(key(own, other, passed))
        if after is None:
            after = winning_turn(solve, own, other, passed)
        if after is None:
            return None
        if after == own:
            return PASS
        first, *second = [stone.bit_length() - 1 for stone in bits(after & ~own)]
        mover = state.to_move
        assert mover is not None
        cells = list(state.cells)
        cells[first] = mover
        self.plan = {(tuple(cells), first): Place(second[0]) if second else END}
        return Place(first)
