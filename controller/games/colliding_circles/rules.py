"""The adjacency rule, holes, manoeuvre paths and circle scoring, on a bare board.

These functions take the board as a list of cells (see :mod:`pieces`) so the state, the
notation and a search's playouts share one implementation.
"""

from __future__ import annotations

from collections.abc import Sequence

from controller.games.colliding_circles.board import (
    CIRCLES,
    CIRCLES_OF,
    NEIGHBOURS,
    PRINTED,
    touching,
)
from controller.games.colliding_circles.pieces import EMPTY, owner_of, value_of

WOLF, FOX, GOOSE = 5, 3, 1
KINDS = {WOLF: "wolf", FOX: "fox", GOOSE: "goose"}

_FITS = tuple(tuple(v for v in range(1, 7) if (v - w) % 6 in (1, 5)) for w in range(7))
"""For each value 1-6, the values that may stand next to it."""


def fits(board: Sequence[int], field: int, value: int, away: int = -1) -> bool:
    """Whether a die showing ``value`` on ``field`` obeys the adjacency rule (a die on
    ``away`` is treated as gone: it is the one being moved)."""
    for other in NEIGHBOURS[field]:
        cell = board[other]
        if cell and other != away and (value - value_of(cell)) % 6 not in (1, 5):
            return False
    return True


def allowed(board: Sequence[int], field: int) -> set[int]:
    """The values a die on free ``field`` may show by the adjacency rule."""
    values = set(range(1, 7))
    for other in NEIGHBOURS[field]:
        if board[other]:
            values &= set(_FITS[value_of(board[other])])
    return values


def attached(board: Sequence[int], field: int) -> bool:
    """Whether a die stands next to ``field``."""
    return any(board[other] for other in NEIGHBOURS[field])


def is_hole(board: Sequence[int], field: int) -> bool:
    """A free field where no die may ever stand while its neighbours stay: they leave no
    value (three different odd or three different even numbers)."""
    return board[field] == EMPTY and attached(board, field) and not allowed(board, field)


def holes(board: Sequence[int]) -> list[int]:
    """Every hole on the board."""
    return [field for field in range(len(board)) if is_hole(board, field)]


def can_place(board: Sequence[int], field: int, value: int) -> str | None:
    """``None`` if a die of ``value`` may be placed on ``field``, else why not."""
    if board[field] != EMPTY:
        return "the field is taken"
    if attached(board, field):
        if fits(board, field, value):
            return None
        clash = sorted({value_of(board[o]) for o in NEIGHBOURS[field]
                        if board[o] and not touching(value, value_of(board[o]))})
        return f"a {value} may not stand next to {' and '.join(map(str, clash))}"
    if PRINTED.get(field) == value:
        return None
    if field in PRINTED:
        return f"no die stands next to it, and a {value} is attracted only to the centre " \
            f"field printed {value}"
    return "a die is placed next to another die, or attracted to its number on the centre circle"


def reach(board: Sequence[int], origin: int, mover: int) -> dict[int, list[int]]:
    """Where the die on ``origin`` can end a manoeuvre by ``mover``: target -> the final
    values possible, shortest path first. Each step lowers the mover's own die by one or
    raises an opponent's die by one (staying within 1-6); every field passed or reached must
    be free and obey the adjacency rule; no field is entered twice and the origin not again."""
    cell = board[origin]
    value = value_of(cell)
    step = -1 if owner_of(cell) == mover else 1
    found: dict[int, list[int]] = {}
    path = {origin}

    def walk(field: int, current: int) -> None:
        nxt = current + step
        if not 1 <= nxt <= 6:
            return
        for other in NEIGHBOURS[field]:
            if other in path or board[other] or not fits(board, other, nxt, origin):
                continue
            values = found.setdefault(other, [])
            if nxt not in values:
                values.append(nxt)
            path.add(other)
            walk(other, nxt)
            path.discard(other)

    walk(origin, value)
    for values in found.values():
        values.sort(key=lambda v: abs(v - value))
    return found


def circle_value(board: Sequence[int], circle: int) -> tuple[int, int] | None:
    """For a complete circle, ``(owner, worth)``: the owner shows the larger total on it
    (never a tie, the six values alternate odd and even); a wolf (1-6 in order round it) is
    worth 5, a fox (two values alternating) 3, any other a goose, 1. ``None`` if incomplete."""
    cells = [board[field] for field in CIRCLES[circle]]
    if not all(cells):
        return None
    totals = [0, 0]
    values = []
    for cell in cells:
        totals[owner_of(cell)] += value_of(cell)
        values.append(value_of(cell))
    kinds = len(set(values))
    worth = WOLF if kinds == 6 else FOX if kinds == 2 else GOOSE
    return (0 if totals[0] > totals[1] else 1), worth


def scores(board: Sequence[int]) -> tuple[int, int]:
    """The marker totals: Red's, then Black's."""
    totals = [0, 0]
    for circle in range(len(CIRCLES)):
        value = circle_value(board, circle)
        if value is not None:
            totals[value[0]] += value[1]
    return totals[0], totals[1]


def owned_by(board: Sequence[int], field: int) -> set[int]:
    """The players owning a complete circle that ``field`` belongs to."""
    owners = set()
    for circle in CIRCLES_OF[field]:
        value = circle_value(board, circle)
        if value is not None:
            owners.add(value[0])
    return owners
