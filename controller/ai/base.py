"""What every computer player is: given a position and a budget, choose a move.

A budget is time (how players play) or a count of search steps (how tests play: the same seed
and the same count give the same move on any machine). Searches check ``Budget.spent`` now and
then and stop when it says so, or when a caller cancels them (the player pressed undo).
"""

from __future__ import annotations

import random
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from controller.games import GameState


@dataclass
class Budget:
    """How long a search may run: ``seconds`` of wall time, or ``steps`` of search (nodes or
    playouts), whichever is given (both: whichever runs out first)."""

    seconds: float | None = None
    steps: int | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    """Set from another thread to stop the search at once."""
    clock: Callable[[], float] = time.perf_counter
    used: int = 0
    """Steps used so far."""
    started: float = 0.0

    def __post_init__(self) -> None:
        if self.seconds is None and self.steps is None:
            raise ValueError("a budget needs seconds or steps")
        self.started = self.clock()

    def step(self, count: int = 1) -> None:
        """Count ``count`` steps of search."""
        self.used += count

    def spent(self) -> bool:
        """Whether the search must stop now."""
        if self.cancel.is_set():
            return True
        if self.steps is not None and self.used >= self.steps:
            return True
        return self.seconds is not None and self.clock() - self.started >= self.seconds

    def share(self, fraction: float) -> Budget:
        """A fresh budget of ``fraction`` of this one's seconds and steps (at least one step),
        cancelled with it."""
        return Budget(
            seconds=None if self.seconds is None else self.seconds * fraction,
            steps=None if self.steps is None else max(1, int(self.steps * fraction)),
            cancel=self.cancel,
            clock=self.clock,
        )

    @property
    def elapsed(self) -> float:
        """Seconds since the budget was made."""
        return self.clock() - self.started


@dataclass
class Thought:
    """What a search found: the move, and what it saw on the way (for the bench and hints)."""

    move: Any
    score: float = 0.0
    """The move's value for the player to move: +1 a sure win, -1 a sure loss (or the
    evaluation's estimate in between)."""
    steps: int = 0
    """Nodes or playouts searched."""
    depth: int = 0
    """Deepest completed search, for searches that deepen."""
    seconds: float = 0.0


class Player(ABC):
    """A computer player. Must: ``think``."""

    name: str = "player"
    peak: float = 1.0
    """The most of one move's budget it may take on a move (more than 1 for a player that
    saves in some moves to spend in others): where every move has a hard limit, it is given
    the limit divided by this."""

    @abstractmethod
    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        """The move to play in ``state`` (which must not be over), searched within
        ``budget``; randomness only from ``rng``. ``state`` is left as it was."""

    def choose(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Any:
        """Just the move."""
        return self.think(state, budget, rng).move
