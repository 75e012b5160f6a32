"""Computer moves without blocking the board.

A screen asks for a move by queuing a :class:`ThinkRequest` on the app; whoever drives the app
hands requests to a thinker, and the answer comes back as a :class:`ComputerMove` event through
the same path as touches. The app itself never waits and never starts a thread:

* :class:`ThreadThinker` (the real-time loop) thinks on a thread against the clock, so the LEDs
  animate and the undo button works meanwhile; undo cancels the search at once.
* :class:`StepThinker` (the headless simulator, tests) searches a fixed number of steps, so the
  same position always gives the same move, and answers after the thinking time has passed in
  virtual time.
"""

from __future__ import annotations

import logging
import os
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from controller.ai.base import Budget
from controller.ai.levels import MAX_THREADS, computer
from controller.games import GameState

log = logging.getLogger(__name__)

CORES = min(os.cpu_count() or 1, MAX_THREADS)
"""Threads the strongest level thinks on in real time: one per core."""
STEPS_PER_SECOND = 5000
"""Search steps the step thinker allows per second of thinking time (about what the Pi's
specialist manages), so headless games play like real ones, only repeatably."""


DEFAULT_THINK_SECONDS = 1.0
SOLITAIRE_HINT_SECONDS = 4.0
"""The longest a one-player game's hint may think when the computer's usual time is shorter:
its hint is a solver's verdict — can this deal still be won — worth a wait at the deal, when
every card is out and a Pi's second leaves one standard deal in nine undecided; the solver
answers as soon as it knows, within a second for nearly every deal."""


def hint_seconds(state: GameState[Any], think_seconds: float) -> float:
    """How long a hint about ``state`` may think: the computer's usual time, and for a game
    of one player at least :data:`SOLITAIRE_HINT_SECONDS`."""
    if len(state.info.players) == 1:
        return max(think_seconds, SOLITAIRE_HINT_SECONDS)
    return think_seconds


@dataclass(frozen=True)
class ComputerMove:
    """The answer to request ``token``: ``move`` for the position it was asked about, and
    its ``score`` for the player to move (+1 a sure win … -1 a sure loss; a solver's verdict)."""

    token: int
    move: Any
    score: float = 0.0


@dataclass
class ThinkRequest:
    """Think ``seconds`` about ``state`` (a copy) at ``level``; ``token`` names the request."""

    token: int
    state: GameState[Any]
    level: int
    seconds: float
    seed: int
    cancel: threading.Event = field(default_factory=threading.Event)
    hint: bool = False
    """For a hint (a newer hint makes it moot), not for a computer's move."""

    def think(self, budget: Budget, threads: int = 1) -> ComputerMove:
        """Search within ``budget`` (the strongest level on ``threads``) and say what was
        found. A search that fails (a bug it hit) is logged and answered with a legal move
        drawn at random, so the game goes on: a computer that never answers would leave the
        board waiting for ever."""
        try:
            player = computer(self.state.info.name, self.level, threads)
            thought = player.think(self.state, budget, random.Random(self.seed))
        except Exception:
            log.exception("the computer's search failed; it plays a random legal move")
            moves = self.state.legal_moves()
            return ComputerMove(self.token, random.Random(self.seed).choice(moves), 0.0)
        return ComputerMove(self.token, thought.move, thought.score)


Deliver = Callable[[ComputerMove], None]


class Requests:
    """The thinking the screens asked for, each given ``think_seconds`` (a hint: the time
    :func:`hint_seconds` gives), until whoever drives the app takes it to a thinker."""

    def __init__(self, think_seconds: float) -> None:
        self.think_seconds = think_seconds
        self._tokens = 0
        self._waiting: list[ThinkRequest] = []

    def ask(self, state: GameState[Any], level: int, hint: bool = False) -> ThinkRequest:
        """A move (or a ``hint``) in ``state`` (copied) at ``level``; the answer comes as a
        ``ComputerMove`` with the request's token."""
        self._tokens += 1
        seconds = hint_seconds(state, self.think_seconds) if hint else self.think_seconds
        request = ThinkRequest(self._tokens, state.copy(), level, seconds,
                               seed=self._tokens + state.plies, hint=hint)
        self._waiting.append(request)
        return request

    def take(self) -> list[ThinkRequest]:
        """The requests made since the last call."""
        taken, self._waiting = self._waiting, []
        return taken


class ThreadThinker:
    """Thinks on a thread for real time, the strongest level on every core; the answer is
    handed to ``deliver`` (a queue's put). One hint is thought about at a time: a new one
    cancels the one before (hints asked for twenty times a second would otherwise each keep a
    thread busy for seconds)."""

    def __init__(self) -> None:
        self.hint: ThinkRequest | None = None
        """The hint thought about last."""

    def start(self, request: ThinkRequest, deliver: Deliver) -> None:
        """Begin thinking; ``deliver`` is called from the thread unless cancelled."""
        if request.hint:
            if self.hint is not None:
                self.hint.cancel.set()
            self.hint = request

        def work() -> None:
            answer = request.think(Budget(seconds=request.seconds, cancel=request.cancel),
                                   CORES)
            if not request.cancel.is_set():
                deliver(answer)

        threading.Thread(target=work, name=f"think-{request.token}", daemon=True).start()


class StepThinker:
    """Thinks at once on a fixed step budget and holds the answer until its time has come."""

    def __init__(self) -> None:
        self.pending: list[tuple[float, ThinkRequest, ComputerMove]] = []

    def start(self, request: ThinkRequest, now: float) -> None:
        """Think about ``request``, asked at virtual time ``now``."""
        budget = Budget(steps=max(1, int(request.seconds * STEPS_PER_SECOND)))
        self.pending.append((now + request.seconds, request, request.think(budget)))

    def due(self) -> float | None:
        """When the next answer is due."""
        return min((when for when, _, _ in self.pending), default=None)

    def ready(self, now: float) -> list[ComputerMove]:
        """The answers due by ``now`` that were not cancelled."""
        ready = [item for item in self.pending if item[0] <= now]
        self.pending = [item for item in self.pending if item[0] > now]
        return [answer for _, request, answer in ready if not request.cancel.is_set()]
