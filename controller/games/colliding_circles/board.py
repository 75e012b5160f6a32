"""The Colliding Circles board: 54 fields in columns A-F, 19 circles of six fields each.

Fields are numbered column by column from A3 (0) to F9 (53). Circle ``XY·R`` holds
``X(R-1) X(R) X(R+1)`` and ``Y(R-1) Y(R) Y(R+1)``; going round it visits
``X(R+1) X(R) X(R-1) Y(R-1) Y(R) Y(R+1)``. Two fields are adjacent when they follow each other
round some circle, so every field has two or three neighbours (72 links in all). The six fields
of the centre circle CD6 carry printed numbers, used only for attracted placements.
"""

from __future__ import annotations

COLUMNS = "ABCDEF"
ROWS = {"A": range(3, 10), "B": range(2, 11), "C": range(1, 12),
        "D": range(1, 12), "E": range(2, 11), "F": range(3, 10)}
"""The rows each column has, bottom (1) to top (11)."""

FIELDS: tuple[tuple[str, int], ...] = tuple((column, row) for column in COLUMNS
                                            for row in ROWS[column])
NAMES: tuple[str, ...] = tuple(f"{column}{row}" for column, row in FIELDS)
INDEX: dict[str, int] = {name: index for index, name in enumerate(NAMES)}

_CENTRES = {"AB": (4, 6, 8), "BC": (3, 5, 7, 9), "CD": (2, 4, 6, 8, 10),
            "DE": (3, 5, 7, 9), "EF": (4, 6, 8)}


def _ring(pair: str, row: int) -> tuple[int, ...]:
    x, y = pair[0], pair[1]
    return tuple(INDEX[f"{column}{r}"] for column, r in (
        (x, row + 1), (x, row), (x, row - 1), (y, row - 1), (y, row), (y, row + 1)))


CIRCLE_NAMES: tuple[str, ...] = tuple(f"{pair}{row}" for pair, rows in _CENTRES.items()
                                      for row in rows)
CIRCLES: tuple[tuple[int, ...], ...] = tuple(_ring(name[:2], int(name[2:]))
                                             for name in CIRCLE_NAMES)
"""Each circle's six fields in the order round it."""
CIRCLE_INDEX: dict[str, int] = {name: index for index, name in enumerate(CIRCLE_NAMES)}

CIRCLES_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c, ring in enumerate(CIRCLES) if field in ring) for field in range(len(FIELDS)))
"""For each field, the circles it belongs to (one to three)."""


def _links() -> tuple[tuple[int, ...], ...]:
    near: list[set[int]] = [set() for _ in FIELDS]
    for ring in CIRCLES:
        for a, b in zip(ring, ring[1:] + ring[:1]):
            near[a].add(b)
            near[b].add(a)
    return tuple(tuple(sorted(n)) for n in near)


NEIGHBOURS: tuple[tuple[int, ...], ...] = _links()

PRINTED: dict[int, int] = {INDEX["C5"]: 4, INDEX["C6"]: 5, INDEX["C7"]: 6,
                           INDEX["D5"]: 3, INDEX["D6"]: 2, INDEX["D7"]: 1}
"""The numbers printed on the centre circle CD6: field -> number."""


def find_field(name: str) -> int | None:
    """The field called ``name`` (``C6``, case-insensitive), or ``None``."""
    return INDEX.get(name.strip().upper())


def touching(a: int, b: int) -> bool:
    """Whether dice showing ``a`` and ``b`` may stand on adjacent fields: they differ by one,
    and 6 and 1 count as differing by one."""
    return (a - b) % 6 in (1, 5)


def _parities() -> tuple[int, ...]:
    """Each field's parity (1 odd, 0 even), spread from the printed 1 on D7 with neighbours
    taking opposite ones (every ring of links is even: the tests check that each link joins
    opposite parities and that every printed number has its field's)."""
    start = INDEX["D7"]
    parity = {start: PRINTED[start] % 2}
    queue = [start]
    while queue:
        field = queue.pop()
        for other in NEIGHBOURS[field]:
            if other not in parity:
                parity[other] = 1 - parity[field]
                queue.append(other)
    return tuple(parity[field] for field in range(len(FIELDS)))


PARITY: tuple[int, ...] = _parities()
"""The parity every die on a field shows, in every game: 1 odd, 0 even. A growth of dice
starts on a printed number of the centre, which has its field's parity; a die placed next to
another differs from it by one, and each step of a manoeuvre moves a die to a neighbouring
field while its value goes one up or down: each keeps value and field parity in step. So a
die's value has the parity of its column's number (A = 1 … F = 6) plus its row: C5 (3 + 5)
holds an even die, C6 (3 + 6) an odd one."""
