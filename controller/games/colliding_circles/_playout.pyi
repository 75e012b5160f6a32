"""Types of Colliding Circles' compiled playout (``_playout.c``)."""

from collections.abc import Callable, Sequence

def configure(neighbours: Sequence[Sequence[int]], printed: Sequence[int],
              circles: Sequence[Sequence[int]], circles_of: Sequence[Sequence[int]],
              worths: tuple[int, int, int], hand: int, idle_turns: int) -> None: ...
def playout(board: Sequence[int], hands: Sequence[Sequence[int]], pools: Sequence[int],
            player: int, placed: int, opening: bool, idle: int, limit: int, greedy: bool,
            seed: int,
            source: Callable[[], float] | None = None) -> tuple[int, int, int]: ...
