"""Kaskade written as literally as the rules page reads, to check the fast engine against.

Slow and obvious on purpose: a dictionary of cells, every generation found by scanning the whole
board for cells at or above critical mass, gains collected and applied after all losses, and the
elimination check after every generation once both players have placed a ball.
"""

from __future__ import annotations

from collections import Counter

Cell = tuple[int, int]  # (file, rank), 0-based


class ReferenceKaskade:
    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.board: dict[Cell, tuple[int | None, int]] = {
            (f, r): (None, 0) for f in range(width) for r in range(height)
        }
        self.plies = 0
        self.winner: int | None = None

    def neighbours(self, cell: Cell) -> list[Cell]:
        f, r = cell
        candidates = [(f - 1, r), (f + 1, r), (f, r - 1), (f, r + 1)]
        return [c for c in candidates if c in self.board]

    def critical_mass(self, cell: Cell) -> int:
        return len(self.neighbours(cell))

    def play(self, cell: Cell) -> list[tuple[list[Cell], dict[Cell, tuple[int | None, int]]]]:
        """Play and return, per generation, the overflowing cells and the board after it."""
        assert self.winner is None
        mover = self.plies % 2
        owner, balls = self.board[cell]
        assert owner in (None, mover), "the opponent's cell is not a legal target"
        self.board[cell] = (mover, balls + 1)
        self.plies += 1
        generations = []
        while True:
            full = sorted(
                (c for c, (_, b) in self.board.items() if b >= self.critical_mass(c)),
                key=lambda c: (c[1], c[0]),
            )
            if not full:
                break
            gains: Counter[Cell] = Counter()
            for c in full:
                owner, balls = self.board[c]
                rest = balls - self.critical_mass(c)
                self.board[c] = (owner if rest else None, rest)
                for n in self.neighbours(c):
                    gains[n] += 1
            for n, gain in gains.items():
                self.board[n] = (mover, self.board[n][1] + gain)
            generations.append((full, dict(self.board)))
            both_placed = self.plies >= 2
            if both_placed and not any(o == 1 - mover for o, _ in self.board.values()):
                self.winner = mover
                break
        return generations
