"""Types of the compiled Cascades solver (``_cascades_core.c``)."""

from collections.abc import Callable, Sequence

class Solver:
    nodes: int
    positions: int

    def __init__(self, top: int, greedy: bool = False, table_bytes: int = ...) -> None: ...
    def value(self, own: Sequence[int], other: Sequence[int], passed: bool, alpha: int = -1,
              beta: int = 1, check: Callable[[int], bool] | None = None, every: int = 65536,
              limit: int = 0) -> int | None: ...
    def wins(self, own: Sequence[int], other: Sequence[int], passed: bool, mover: bool,
             narrow: int = 0, check: Callable[[int], bool] | None = None, every: int = 65536,
             limit: int = 0) -> bool | None: ...
