"""The second player's strategy on 4x4: a table of winning moves for every position the first
player can reach, by any moves, while the second player follows the table, up to the ply where a
proof from the position on the board is short enough for a move.

4x4 is lost for the first player (``kaskade solve 4x4 --proof``), but a proof from a position of
the first plies takes millions of positions — minutes on a Pi. So the winning moves of the second
player's first moves are proved once, by ``kaskade solve 4x4 --strategy PLIES``, with one proof
table for all of them (a position proved for one is known to the next: the whole table costs
about what the proof of the empty board costs), and kept in ``strategy-4x4.bin``.

A position is one entry for itself and its mirror images and rotations: its key is the least of
its images' mixed-radix numbers (the exact solver's own numbering, ``_exact.c``), and the entry's
move is a cell of that least image. In memory the entries are ``key << 5 | move``, 64-bit
numbers, sorted: a lookup is a binary search. The file is a header and those numbers as
differences from the one before (small numbers, which compress to half the size), compressed
with zlib and checked with a CRC-32: a damaged file is refused with :class:`StrategyError`,
never half-read.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from pathlib import Path

from controller.ai.solved.exact import SolveError, _compiled, _Solver
from controller.ai.solved.openings import symmetries
from controller.errors import KaskadeError

STRATEGIES = {"4x4": Path(__file__).with_name("strategy-4x4.bin")}
"""The committed tables by board (``kaskade solve 4x4 --strategy 15 --memory 4096 >
controller/ai/solved/strategy-4x4.bin``)."""
MAGIC = b"KSTRAT1\n"
HEADER = struct.Struct("<8sBBBBII")
"""Magic, width, height, the winning seat, the plies covered, the entries, CRC-32 of the
entries' differences (uncompressed)."""
MOVE_BITS = 5
"""Bits of an entry's move (boards of up to 32 cells)."""
TABLE_BYTES = 4 << 30
"""The proof table kept through a generation (4 GB: 4x4's proof holds 43 million positions)."""


class StrategyError(KaskadeError, ValueError):
    """A strategy table that cannot be read: missing, truncated or damaged."""


def key(width: int, height: int, cells: Sequence[int]) -> tuple[int, list[tuple[int, ...]]]:
    """A position's key — the least of its symmetric images' mixed-radix numbers, as the exact
    solver numbers positions — and the symmetries that take the position to that image."""
    critical = [_critical(width, height, cell) for cell in range(width * height)]
    weights = []
    weight = 1
    for mass in critical:
        weights.append(weight)
        weight *= 2 * mass - 1
    numbers = []
    for image in symmetries(width, height):
        numbers.append((sum((value + critical[cell] - 1) * weights[image[cell]]
                            for cell, value in enumerate(cells)), image))
    least = min(number for number, _ in numbers)
    return least, [image for number, image in numbers if number == least]


def position(width: int, height: int, number: int) -> list[int]:
    """The position a key numbers (the image of its symmetric set that the table's moves are
    cells of)."""
    cells = []
    for cell in range(width * height):
        mass = _critical(width, height, cell)
        number, digit = divmod(number, 2 * mass - 1)
        cells.append(digit - mass + 1)
    return cells


def _critical(width: int, height: int, cell: int) -> int:
    """A cell's critical mass: its number of orthogonal neighbours."""
    x, y = cell % width, cell // width
    return (x > 0) + (x < width - 1) + (y > 0) + (y < height - 1)


def _image(image: Sequence[int], cells: Sequence[int]) -> list[int]:
    """``cells`` moved by a symmetry."""
    moved = [0] * len(cells)
    for cell, value in enumerate(cells):
        moved[image[cell]] = value
    return moved


@dataclass(frozen=True)
class Strategy:
    """The winning seat's move in every position of its table, by key."""

    width: int
    height: int
    seat: int
    plies: int
    """The table holds the winning seat's positions before this ply."""
    entries: array
    """``key << MOVE_BITS | move``, sorted."""

    def move(self, cells: Sequence[int]) -> int | None:
        """The table's winning move in ``cells``, or ``None`` if the position is not in it."""
        number, images = key(self.width, self.height, cells)
        at = bisect_left(self.entries, number << MOVE_BITS)
        if at == len(self.entries) or self.entries[at] >> MOVE_BITS != number:
            return None
        return images[0].index(self.entries[at] & ((1 << MOVE_BITS) - 1))

    def items(self) -> Iterator[tuple[list[int], int]]:
        """Every position of the table (the image its key numbers) and its move."""
        for entry in self.entries:
            yield (position(self.width, self.height, entry >> MOVE_BITS),
                   entry & ((1 << MOVE_BITS) - 1))

    def to_bytes(self) -> bytes:
        """The table as its file holds it."""
        entries = self.entries
        differences = array("Q", [entries[i] - entries[i - 1] if i else entries[0]
                                  for i in range(len(entries))])
        return _pack(self.width, self.height, self.seat, self.plies, differences)


def _pack(width: int, height: int, seat: int, plies: int, differences: array) -> bytes:
    """A table's file: the header and the entries' differences (little-endian, compressed)."""
    if sys.byteorder != "little":
        differences = array("Q", differences)
        differences.byteswap()
    payload = differences.tobytes()
    return HEADER.pack(MAGIC, width, height, seat, plies, len(differences),
                       zlib.crc32(payload)) + zlib.compress(payload, 9)


def parse(data: bytes, source: str = "the strategy table") -> Strategy:
    """A strategy table from its file's bytes; :class:`StrategyError` saying what is wrong if
    they are not a whole, undamaged table."""
    if len(data) < HEADER.size:
        raise StrategyError(f"{source} is truncated: {len(data)} bytes, not even a header")
    magic, width, height, seat, plies, count, crc = HEADER.unpack_from(data)
    if magic != MAGIC:
        raise StrategyError(f"{source} is not a Kaskade strategy table (wrong magic number)")
    try:
        payload = zlib.decompress(data[HEADER.size:])
    except zlib.error as error:
        raise StrategyError(f"{source} is damaged or truncated: {error}") from None
    if len(payload) != count * 8:
        raise StrategyError(f"{source} is damaged: {len(payload)} bytes of entries for {count} "
                            "entries")
    if zlib.crc32(payload) != crc:
        raise StrategyError(f"{source} is damaged: its checksum does not match")
    differences = array("Q", payload)
    if sys.byteorder != "little":
        differences.byteswap()
    if 0 in differences[1:]:
        raise StrategyError(f"{source} is damaged: its entries are not in order")
    try:
        entries = array("Q", accumulate(differences))
    except OverflowError:
        raise StrategyError(f"{source} is damaged: its entries run past 64 bits") from None
    if width * height > 1 << MOVE_BITS or seat > 1:
        raise StrategyError(f"{source} is damaged: a {width}x{height} board, seat {seat}")
    return Strategy(width, height, seat, plies, entries)


def load(path: Path) -> Strategy:
    """The strategy table in ``path``."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise StrategyError(f"cannot read the strategy table {path}: {error.strerror}") from None
    return parse(data, f"the strategy table {path.name}")


@cache
def committed(size: str) -> Strategy | None:
    """The committed strategy of a board (``4x4``), read once; ``None`` for other boards."""
    path = STRATEGIES.get(size)
    return None if path is None else load(path)


def build(width: int, height: int, plies: int, seat: int = 1, table_bytes: int = TABLE_BYTES,
          progress: Callable[[int, int, int], None] | None = None) -> Strategy:
    """Prove ``seat``'s winning move in every one of its positions before ply ``plies`` that
    the other seat can reach, by any moves, while ``seat`` plays the proved moves; one proof
    table for all. ``progress(ply, positions, proved)`` is told each ply's positions (up to
    symmetry) and the positions proved so far."""
    if _compiled is None:
        raise SolveError("a strategy table needs the compiled solver, which was not built")
    if width > height:
        raise SolveError(f"a strategy table is made for {height}x{width}, the same game")
    try:
        prover = _compiled.prover(width, height, table_bytes)
    except (ValueError, MemoryError) as error:
        raise SolveError(f"cannot solve {width}x{height}: {error}") from None
    rules = _Solver(width, height, exact=False, limit=0)
    level = {key(width, height, [0] * (width * height))[0]: [0] * (width * height)}
    found: dict[int, int] = {}
    proved = 0
    for ply in range(plies):
        if progress:
            progress(ply, len(level), proved)
        following: dict[int, list[int]] = {}
        sign = -1 if ply & 1 else 1
        for number, cells in level.items():
            if ply % 2 == seat:
                move, value, positions, _ = _compiled.prove(prover, cells, ply)
                proved += positions
                if value <= 0:
                    raise SolveError(f"the {'second' if seat else 'first'} player does not "
                                     f"win {width}x{height}: a position at ply {ply} is lost")
                found[number] = move
                moves = [move]
            else:
                moves = [m for m in range(width * height) if cells[m] * sign >= 0]
            for move in moves:
                after = cells[:]
                if rules.place(after, move, ply):
                    if ply % 2 != seat:
                        raise SolveError(f"the strategy lets the other player win at ply {ply}")
                    continue
                least, images = key(width, height, after)
                if least not in following:
                    following[least] = _image(images[0], after)
        level = following
    entries = array("Q", sorted(number << MOVE_BITS | move for number, move in found.items()))
    return Strategy(width, height, seat, plies, entries)
