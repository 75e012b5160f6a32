"""The real-time loop: input events from the board's threads, the computer's answers from its
thinking thread, calls from a companion (the web server) that must run on the app's thread,
the wall clock, and the driver."""

from __future__ import annotations

import functools
import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from controller.app.driver import Driver
from controller.app.notify import Notifier
from controller.app.thinking import ComputerMove, ThreadThinker
from controller.app.writer import ThreadWriter
from controller.devices.interfaces import InputEvent

IDLE_WAKEUP = 1.0
"""Seconds between checks of the stop flag when nothing happens."""
FAILURES_TO_GIVE_UP = 3
FAILURE_WINDOW = 10.0
"""Three failures within ten seconds end the loop: recovering does not help."""

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from controller.app.app import App


@dataclass
class Call:
    """Run ``function(app, now)`` on the loop's thread; its result (or its error) goes to
    ``reply``. How a companion on another thread reads or changes the app safely."""

    function: Callable[[App, float], Any]
    reply: Future[Any] = field(default_factory=Future)

    def run(self, app: App, now: float) -> None:
        """Carry the call out (on the loop's thread)."""
        try:
            self.reply.set_result(self.function(app, now))
        except Exception as error:  # whoever asked turns it into an answer
            self.reply.set_exception(error)


class Companion(Protocol):
    """Something beside the board that follows the app (the web server): it is handed the
    loop's queue for its events and calls, and told after every step of the loop."""

    def attach(self, post: Callable[[InputEvent | Call], None]) -> None:
        """The loop's queue."""

    def publish(self, driver: Driver, now: float) -> None:
        """A step of the loop has just been made (on the loop's thread)."""


def hold(companion: Companion, problem: str) -> None:
    """Tell ``companion`` (if it listens: a companion may have a ``hold`` method) that what
    it was last shown stays, since the board's latest changes could not be saved, and why."""
    told = getattr(companion, "hold", None)
    if callable(told):
        told(problem)


def run(driver: Driver, stop: threading.Event,
        clock: Callable[[], float] = time.monotonic,
        companion: Companion | None = None, notifier: Notifier | None = None) -> None:
    """Run until ``stop`` is set: wait for input or the next animation step, then advance;
    thinking the app asks for goes to a thread whose answer comes back through the queue, and
    saves to a writer thread that tells how they went through the queue too. The companion is
    told of a step only once no save is under way and nothing is left unsaved: a move the page
    shows is on the card. While a failed save keeps a change off the card, the companion is
    told why (its ``hold``), and the next change tries the save again at once.

    Under systemd (``notifier``, by default from this process's environment) the loop says
    it is ready after its first step, and between steps that it is alive and what the board
    shows: a loop that hangs stops saying so, and the unit's watchdog restarts the app.

    A screen that fails (a bug) sends the board home with its game kept, rather than ending
    the app: a board in a living room should go on. Failing again and again within a few
    seconds, even at home, ends it after all (for systemd to start it afresh)."""
    events: queue.Queue[InputEvent | ComputerMove | Call] = queue.Queue()
    thinker = ThreadThinker()
    writer = ThreadWriter(lambda told: events.put(Call(lambda app, now: told())))
    driver.app.use_writer(writer)
    driver.board.start(events.put)
    if companion is not None:
        companion.attach(events.put)
    failures: list[float] = []
    notifier = Notifier() if notifier is None else notifier

    def guarded(step: Callable[[], float | None]) -> float | None:
        try:
            return step()
        except Exception:
            now = clock()
            failures[:] = [t for t in failures if now - t < FAILURE_WINDOW] + [now]
            if len(failures) >= FAILURES_TO_GIVE_UP:
                raise
            log.exception("the app failed; going home (the game is kept)")
            driver.app.recover()
            return 0.0

    def advance() -> float | None:
        now = clock()
        wakeup = driver.advance(now)
        for request in driver.app.take_requests():
            thinker.start(request, events.put)
        if companion is not None:
            if not driver.app.unacknowledged:
                companion.publish(driver, now)
            elif (problem := driver.app.unsaved_problem) is not None:
                hold(companion, problem)
        notifier.report(now, lambda: driver.app.describe(now))
        return wakeup

    def take(event: InputEvent | ComputerMove | Call) -> None:
        if isinstance(event, Call):
            event.run(driver.app, clock())
        else:
            driver.app.handle(event, clock())

    def handle(event: InputEvent | ComputerMove | Call) -> float | None:
        take(event)
        while True:
            try:
                take(events.get_nowait())
            except queue.Empty:
                break
        return advance()

    try:
        _serve(stop, events, clock, notifier, lambda: guarded(advance),
               lambda event: guarded(functools.partial(handle, event)))
    finally:
        writer.close()  # the saves asked for are written before the loop ends


def _serve(stop: threading.Event, events: queue.Queue[InputEvent | ComputerMove | Call],
           clock: Callable[[], float], notifier: Notifier,
           advance: Callable[[], float | None],
           handle: Callable[[InputEvent | ComputerMove | Call], float | None]) -> None:
    """The loop itself: advance, say it is ready, then wait for an event, the next step or
    the next report to systemd, whichever comes first, until ``stop`` is set."""
    wakeup = advance()
    notifier.ready()
    while not stop.is_set():
        now = clock()
        timeout = IDLE_WAKEUP if wakeup is None else max(0.0, min(IDLE_WAKEUP, wakeup - now))
        report = notifier.due(now)
        try:
            event = events.get(timeout=timeout if report is None else min(timeout, report))
        except queue.Empty:
            wakeup = advance()
            continue
        wakeup = handle(event)
    notifier.stopping()
