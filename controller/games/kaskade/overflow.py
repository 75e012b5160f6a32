"""One generation of overflow: the inner step shared by the full engine and the fast playout.

The board is a list of signed ball counts: positive for White's balls, negative for Black's,
0 for an empty cell. The mover's sign is +1 or -1, so ``cells[c] * sign`` is the mover's balls
on ``c`` (negative when the opponent owns it). ``counts[p]`` is how many cells player ``p``
owns; it is kept up to date so the stop-at-elimination check costs nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def fire(
    cells: list[int],
    critical: Sequence[int],
    neighbours: Sequence[Sequence[int]],
    overflowing: Iterable[int],
    sign: int,
    counts: list[int],
) -> list[int]:
    """Overflow every cell in ``overflowing`` (no repeats) once, all in the same generation,
    and return the next generation: the cells now at or above critical mass, ascending.

    Each cell loses its critical mass and each of its neighbours gains one ball and becomes
    the mover's. Firing the cells one after another gives the same board as firing them at
    once, because gains and losses only add up. Only a cell that gains a ball can become due
    (a fired cell keeps less than its critical mass), so those are the only candidates.
    """
    mover = 0 if sign > 0 else 1
    opponent = 1 - mover
    candidates = []
    for cell in overflowing:
        rest = cells[cell] * sign - critical[cell]
        cells[cell] = rest * sign
        if not rest:
            counts[mover] -= 1
        for neighbour in neighbours[cell]:
            balls = cells[neighbour] * sign
            if balls < 0:
                counts[opponent] -= 1
                counts[mover] += 1
                balls = 1 - balls
            else:
                if not balls:
                    counts[mover] += 1
                balls += 1
            cells[neighbour] = balls * sign
            if balls >= critical[neighbour]:
                candidates.append(neighbour)
    return sorted({cell for cell in candidates if cells[cell] * sign >= critical[cell]})


def place(
    cells: list[int],
    critical: Sequence[int],
    neighbours: Sequence[Sequence[int]],
    cell: int,
    plies: int,
    counts: list[int],
) -> bool:
    """Play a legal move on ``cell`` at ply ``plies`` (the mover is ``plies % 2``): add the
    ball, run the cascade, stop when the opponent is eliminated. Returns whether the move won.
    The fast path for searches and playouts: no events, no checks."""
    mover = plies & 1
    sign = 1 - 2 * mover
    balls = cells[cell] * sign + 1
    cells[cell] = balls * sign
    if balls == 1:
        counts[mover] += 1
        return False
    if balls < critical[cell]:
        return False
    overflowing = [cell]
    while overflowing:
        overflowing = fire(cells, critical, neighbours, overflowing, sign, counts)
        if not counts[1 - mover] and plies >= 1:
            return True
    return False
