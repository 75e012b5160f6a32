"""Cascades' winning turns: a turn that keeps a won position won, proved by the solver, and the
opening book of the boards whose first turns take too long to prove within a move on a Pi.

The book (``cascades_book.json``, written by ``kaskade solve --game cascades 6 --book 5``) holds,
for the first player's first turns on top 6, the winning turn in each position the second
player's replies (every turn and pass) can leave where a proof from nothing would not fit a
move on a Pi; the player proves the rest, and every position after the book's turns, within
its move (``docs/games/cascades.md``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from controller.ai.cascades_solve import (
    FIRST_STONES,
    PLAYER_TABLE_BYTES,
    CascadesSolveError,
    Solver,
    bits,
    make_solver,
)
from controller.games.cascades.slope import Slope

BOOK = Path(__file__).with_name("cascades_book.json")
"""The committed book (``kaskade solve --game cascades 6 --book 5 > cascades_book.json``)."""


def every_turn(solver: Solver, own: int, other: int) -> list[int]:
    """Every ``own`` mask a turn of stones can leave — one stone or two, the second possibly
    below the first — the ones leaving the mover the most bottom cells only it can reach
    first."""
    board = solver.board
    taken = own | other
    turns: set[int] = set()
    for stone in bits(board.places(own, taken)):
        turns.add(own | stone)
        turns.update(own | stone | extra for extra in bits(board.places(own | stone,
                                                                        taken | stone)))

    def order(after: int) -> tuple[int, int, int]:
        mine, theirs = board.sure(after, other)
        return theirs - mine, -after.bit_count(), after

    return sorted(turns, key=order)


def winning_turn(solver: Solver, own: int, other: int, passed: bool) -> int | None:
    """The mover's mask after a turn that wins (``own`` itself when passing wins), or ``None``
    when no turn does; ``passed``: the other side just passed. Raises the solver's
    :class:`~controller.ai.cascades_solve.Stopped` when its ``stop`` says so."""
    board = solver.board
    for after in every_turn(solver, own, other):
        if board.bottom_count(after) >= board.need or solver.loses(other, after, False):
            return after
    if passed:
        return own if solver.by_score(own, other) > 0 else None
    return own if solver.loses(other, own, True) else None


def key(own: int, other: int, passed: bool) -> str:
    """A position at a turn's start as the book writes it: the mover's and the other side's
    cells as hexadecimal masks, and 1 when the other side just passed."""
    return f"{own:x} {other:x} {int(passed)}"


THRESHOLD = 10_000
"""A position goes into the book when proving its winning turn from nothing takes more
positions than this: a third of what a Raspberry Pi 4 searches in the half second level 5
gives a proof (about 60,000 positions a second, an eighth of the development machine)."""


def fresh_cost(top: int, own: int, other: int, passed: bool) -> int:
    """The positions a solver with an empty table searches to find a winning turn here (the
    player's cost where the book has no entry)."""
    solver = make_solver(top, table_bytes=PLAYER_TABLE_BYTES)
    winning_turn(solver, own, other, passed)
    return solver.nodes


def build(top: int, turns: int, table_bytes: int, threshold: int = THRESHOLD) -> dict[str, Any]:
    """The book of ``top``: every position the first player's first ``turns`` turns can meet
    (its first stone, then each reply of the second player to its winning turns) whose winning
    turn takes more than ``threshold`` positions to prove from nothing, with that turn — the
    one :func:`winning_turn` finds, so the player meets the same positions with or without the
    book. Also per turn: the positions met, the ones stored, and the most positions a proof
    not stored took."""
    if turns < 2:
        raise CascadesSolveError("a book covers 2 turns or more (the first is one stone)")
    if top not in FIRST_STONES:
        raise CascadesSolveError(f"top {top} has no proved first stone to start a book from")
    solver = make_solver(top, table_bytes=table_bytes)
    white, black = solver.board.start
    stone = Slope(top).find(FIRST_STONES[top])
    assert stone is not None
    first = white | 1 << stone
    if not solver.loses(black, first, False):
        raise CascadesSolveError(f"{FIRST_STONES[top]} does not win top {top}")
    positions: dict[str, int] = {}
    met: set[str] = set()
    counts = [{"met": 0, "stored": 0, "most": 0} for _ in range(turns - 1)]

    def cover(own: int, other: int, turn: int, passing: bool) -> None:
        """Every reply of ``other`` to the first player's ``own`` and the first player's
        winning answer to each, from its ``turn``-th turn (0: the second) on; ``passing``:
        the first player just passed (so a pass would end the game)."""
        replies = [(after, False) for after in every_turn(solver, other, own)]
        for reply, passed in [*replies, *([] if passing else [(other, True)])]:
            entry = key(own, reply, passed)
            if entry in met:
                continue
            met.add(entry)
            answer = winning_turn(solver, own, reply, passed)
            if answer is None:
                raise CascadesSolveError(f"no winning turn in {entry}: the book's first "
                                         "stone does not win")
            cost = fresh_cost(top, own, reply, passed)
            figures = counts[turn]
            figures["met"] += 1
            if cost > threshold:
                positions[entry] = answer
                figures["stored"] += 1
            else:
                figures["most"] = max(figures["most"], cost)
            if turn + 1 < len(counts) and not (passed and answer == own):  # not over
                cover(answer, reply, turn + 1, answer == own)

    cover(first, black, 0, False)
    return {"top": top, "turns": turns, "first": FIRST_STONES[top], "threshold": threshold,
            "by_turn": counts,
            "positions": {entry: f"{after:x}" for entry, after in positions.items()}}


@cache
def book(top: int) -> dict[str, int]:
    """The committed book's positions of ``top`` (empty where it has none): key → the mover's
    mask after the winning turn."""
    if not BOOK.is_file():
        return {}
    data = json.loads(BOOK.read_text())
    if data.get("top") != top:
        return {}
    return {entry: int(after, 16) for entry, after in data["positions"].items()}
