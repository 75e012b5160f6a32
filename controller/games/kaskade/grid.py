"""The geometry of a Kaskade board: cells, neighbours, critical masses and cell names.

Cells are numbered ``rank * width + file`` from ``a1`` (0) to the top-right cell. A grid never
changes, so one instance per size is built once and shared by every state of that size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from controller.games.algebraic import FILES, cell_name, parse_cell
from controller.games.errors import OptionsError
from controller.games.kaskade.moves import Place

MIN_SIDE = 2
MAX_SIDE = len(FILES)
DEFAULT_SIZE = (6, 9)

_SIZE = re.compile(r"\s*(\d+)\s*[x×]\s*(\d+)\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Grid:
    """A ``width`` x ``height`` board. Build it with :func:`grid`, which checks the size."""

    width: int
    height: int
    neighbours: tuple[tuple[int, ...], ...]
    """For each cell, its orthogonal neighbours."""
    critical: tuple[int, ...]
    """For each cell, its critical mass: the number of neighbours (2, 3 or 4)."""
    places: tuple[Place, ...]
    """For each cell, the move that places a ball there."""

    @property
    def cells(self) -> int:
        """Number of cells."""
        return self.width * self.height

    @property
    def size_text(self) -> str:
        """The size as players write it, width first (``6x9``)."""
        return f"{self.width}x{self.height}"

    @property
    def max_plies(self) -> int:
        """An upper bound on the length of any game on this board.

        After a move that does not end the game every cell holds fewer balls than its critical
        mass, and a game holds as many balls as moves were made; so a game cannot outlast one
        ball more than the board holds without overflowing: sum(critical - 1) + 1.
        """
        return sum(self.critical) - self.cells + 1

    def name(self, cell: int) -> str:
        """The algebraic name of a cell (``a1`` bottom left)."""
        return cell_name(cell % self.width, cell // self.width)

    def find(self, text: str) -> int | None:
        """The cell that ``text`` names on this board, or ``None``."""
        parsed = parse_cell(text)
        if parsed is None:
            return None
        file, rank = parsed
        if file >= self.width or not 0 <= rank < self.height:
            return None
        return rank * self.width + file

    def describe_bounds(self) -> str:
        """Which names exist, for error messages (``a1 to f9``)."""
        return f"a1 to {self.name(self.cells - 1)}"


@cache
def grid(width: int, height: int) -> Grid:
    """The grid of this size; raises :class:`OptionsError` outside 2 x 2 … 16 x 16."""
    for side, value in (("width", width), ("height", height)):
        if not MIN_SIDE <= value <= MAX_SIDE:
            raise OptionsError(
                f"a {width}x{height} Kaskade board is not possible: the {side} must be "
                f"{MIN_SIDE} to {MAX_SIDE} cells"
            )
    neighbours = []
    for cell in range(width * height):
        file, rank = cell % width, cell // width
        around = []
        if file > 0:
            around.append(cell - 1)
        if file < width - 1:
            around.append(cell + 1)
        if rank > 0:
            around.append(cell - width)
        if rank < height - 1:
            around.append(cell + width)
        neighbours.append(tuple(around))
    return Grid(width, height, tuple(neighbours), tuple(len(n) for n in neighbours),
                tuple(Place(cell) for cell in range(width * height)))


def parse_size(text: str) -> tuple[int, int]:
    """``(width, height)`` from text such as ``6x9``; raises :class:`OptionsError`."""
    match = _SIZE.fullmatch(text)
    if match is None:
        raise OptionsError(f"board size {text!r} is not of the form WIDTHxHEIGHT, e.g. 6x9")
    width, height = int(match[1]), int(match[2])
    grid(width, height)
    return width, height
