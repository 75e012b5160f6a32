"""Judging a Kaskade position without searching further.

``classical`` is the evaluation players of this game family have long used (orb count, cells
safe from enemy cells about to overflow, corners and edges, critical cells and chains of them);
the depth-2 minimax baseline uses it, and the specialist builds on it.
"""

from __future__ import annotations

from collections.abc import Sequence

from controller.ai.kaskade.board import SearchBoard

WIN = 1_000_000


def classical(board: SearchBoard, player: int) -> int:
    """The classical heuristic for ``player`` (higher is better for them)."""
    cells, critical, neighbours = board.cells, board.critical, board.neighbours
    sign = 1 - 2 * player
    score = 0
    critical_cells = []
    for cell, value in enumerate(cells):
        balls = value * sign
        if balls <= 0:
            continue
        mass = critical[cell]
        score += balls
        safe = True
        for neighbour in neighbours[cell]:
            enemy = -cells[neighbour] * sign
            if enemy > 0 and enemy == critical[neighbour] - 1:
                score -= 5 - mass
                safe = False
        if safe:
            if mass == 3:
                score += 2
            elif mass == 2:
                score += 3
            if balls == mass - 1:
                score += 2
        if balls == mass - 1:
            critical_cells.append(cell)
    return score + 2 * _chained(critical_cells, neighbours)


def _chained(critical_cells: list[int], neighbours: Sequence[Sequence[int]]) -> int:
    """How many critical cells lie in chains of two or more."""
    if len(critical_cells) < 2:
        return 0
    remaining = set(critical_cells)
    total = 0
    while remaining:
        stack = [remaining.pop()]
        size = 0
        while stack:
            cell = stack.pop()
            size += 1
            for neighbour in neighbours[cell]:
                if neighbour in remaining:
                    remaining.discard(neighbour)
                    stack.append(neighbour)
        if size > 1:
            total += size
    return total


def classical_balance(board: SearchBoard) -> int:
    """The classical heuristic of the player to move minus their opponent's."""
    if board.won:
        return -WIN
    mover = board.plies & 1
    return classical(board, mover) - classical(board, 1 - mover)
