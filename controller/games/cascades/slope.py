"""The Cascades board: rows of hexagons that widen downwards (and, in the hexagon variant,
narrow again), with the cells below and above each cell and their names.

Cells are numbered row by row from the top, left to right. A cell is named by its place in the
row as a letter (``a`` the leftmost) and its row counted from the top (``1`` the top row), so
``a1`` is the top-left cell and, on the standard board, ``o8`` the bottom-right one.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import cached_property

from controller.games.cascades.moves import Place
from controller.games.errors import OptionsError

MIN_TOP = 3
MAX_TOP = 13
"""The widest row of a top-13 board has 25 cells, the most that single letters can name."""
SHAPES = ("widening", "hexagon")
LETTERS = string.ascii_lowercase
_NAME = re.compile(r"([a-z])([1-9][0-9]?)")


@dataclass(frozen=True)
class Slope:
    """A board with top row width ``top`` in ``shape`` ``"widening"`` (rows top … 2·top−1) or
    ``"hexagon"`` (then narrowing back to top: the inventor's regular-hexagon variant)."""

    top: int
    shape: str = "widening"

    def __post_init__(self) -> None:
        if not MIN_TOP <= self.top <= MAX_TOP:
            raise OptionsError(f"top width {self.top}: Cascades is played with a top row of "
                               f"{MIN_TOP} to {MAX_TOP} cells")
        if self.shape not in SHAPES:
            raise OptionsError(f"shape {self.shape!r}: choose {' or '.join(SHAPES)}")

    @cached_property
    def widths(self) -> tuple[int, ...]:
        """Cells per row, top row first."""
        n = self.top
        widening = tuple(range(n, 2 * n))
        if self.shape == "widening":
            return widening
        return widening + tuple(range(2 * n - 2, n - 1, -1))

    @property
    def rows(self) -> int:
        """Number of rows."""
        return len(self.widths)

    @cached_property
    def starts(self) -> tuple[int, ...]:
        """The number of each row's first cell."""
        starts, total = [], 0
        for width in self.widths:
            starts.append(total)
            total += width
        return tuple(starts)

    @property
    def cells(self) -> int:
        """Number of cells."""
        return self.starts[-1] + self.widths[-1]

    @cached_property
    def places(self) -> tuple[tuple[int, int], ...]:
        """``(row, index in row)`` of every cell."""
        return tuple((row, index) for row, width in enumerate(self.widths)
                     for index in range(width))

    @cached_property
    def stones(self) -> tuple[Place, ...]:
        """For each cell, the move that puts a stone there (made once per board)."""
        return tuple(Place(cell) for cell in range(self.cells))

    def cell(self, row: int, index: int) -> int | None:
        """The cell at ``index`` of ``row``, or ``None`` off the board."""
        if 0 <= row < self.rows and 0 <= index < self.widths[row]:
            return self.starts[row] + index
        return None

    @cached_property
    def below(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the cells it touches in the row beneath: in the widening part cells
        ``i`` and ``i+1``, in the narrowing part ``i-1`` and ``i``."""
        result: list[tuple[int, ...]] = []
        for row, index in self.places:
            if row + 1 >= self.rows:
                result.append(())
                continue
            widening = self.widths[row + 1] > self.widths[row]
            pair = (index, index + 1) if widening else (index - 1, index)
            result.append(tuple(c for i in pair if (c := self.cell(row + 1, i)) is not None))
        return tuple(result)

    @cached_property
    def above(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the cells that touch it from the row above."""
        above: list[list[int]] = [[] for _ in range(self.cells)]
        for cell, lower in enumerate(self.below):
            for target in lower:
                above[target].append(cell)
        return tuple(tuple(cells) for cells in above)

    @property
    def widest(self) -> range:
        """The cells of the widest row (the bottom row of the widening board)."""
        return range(self.starts[self.top - 1], self.starts[self.top - 1] + 2 * self.top - 1)

    def narrowing(self, cell: int) -> bool:
        """Whether ``cell`` lies below the widest row (only on the hexagon)."""
        return self.places[cell][0] >= self.top

    @property
    def bottom(self) -> range:
        """The cells of the bottom row, which decides the game."""
        return range(self.starts[-1], self.cells)

    @property
    def top_row(self) -> range:
        """The cells of the top row, where the stones start."""
        return range(self.widths[0])

    def name(self, cell: int) -> str:
        """``c4``: the cell's letter in its row and its row from the top."""
        row, index = self.places[cell]
        return f"{LETTERS[index]}{row + 1}"

    def find(self, text: str) -> int | None:
        """The cell named ``text``, or ``None`` when there is no such cell on this board."""
        match = _NAME.fullmatch(text.strip().lower())
        if match is None:
            return None
        return self.cell(int(match[2]) - 1, LETTERS.index(match[1]))

    @classmethod
    def from_widths(cls, widths: tuple[int, ...]) -> Slope | None:
        """The board whose rows have ``widths``, or ``None`` when no board has them."""
        if not widths:
            return None
        top = widths[0]
        for shape in SHAPES:
            try:
                slope = cls(top, shape)
            except OptionsError:
                return None
            if slope.widths == widths:
                return slope
        return None
