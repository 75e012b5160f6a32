"""Types of the compiled exact solver (``_exact.c``)."""

from collections.abc import Callable, Sequence

def analyse(width: int, height: int, cells: Sequence[int], plies: int, exact: bool, limit: int,
            table_bytes: int, order: Sequence[int], first: bool,
            check: Callable[[int], bool] | None = None) \
        -> tuple[int, int, bool, list[tuple[int, int]]]: ...

def analyse_many(width: int, height: int, positions: Sequence[tuple[Sequence[int], int]],
                 exact: bool, table_bytes: int) -> tuple[int, list[list[tuple[int, int]]]]: ...

def prover(width: int, height: int, table_bytes: int) -> object: ...

def prove(prover: object, cells: Sequence[int], plies: int,
          check: Callable[[int], bool] | None = None) -> tuple[int, int, int, bool]: ...
