"""The real-time loop: input events from the board's threads, the computer's answers from its
thinking thread, the wall clock, and the driver."""

from __future__ import annotations

import functools
import logging
import queue
import threading
import time
from collections.abc import Callable

from controller.app.driver import Driver
from controller.app.thinking import ComputerMove, ThreadThinker
from controller.devices.interfaces import InputEvent

IDLE_WAKEUP = 1.0
"""Seconds between checks of the stop flag when nothing happens."""
FAILURES_TO_GIVE_UP = 3
FAILURE_WINDOW = 10.0
"""Three failures within ten seconds end the loop: recovering does not help."""

log = logging.getLogger(__name__)


def run(driver: Driver, stop: threading.Event,
        clock: Callable[[], float] = time.monotonic) -> None:
    """Run until ``stop`` is set: wait for input or the next animation step, then advance;
    thinking the app asks for goes to a thread whose answer comes back through the queue.

    A screen that fails (a bug) sends the board home with its game kept, rather than ending
    the app: a board in a living room should go on. Failing again and again within a few
    seconds, even at home, ends it after all (for systemd to start it afresh)."""
    events: queue.Queue[InputEvent | ComputerMove] = queue.Queue()
    thinker = ThreadThinker()
    driver.board.start(events.put)
    failures: list[float] = []

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
        wakeup = driver.advance(clock())
        for request in driver.app.take_requests():
            thinker.start(request, events.put)
        return wakeup

    def handle(event: InputEvent | ComputerMove) -> float | None:
        driver.app.handle(event, clock())
        while True:
            try:
                driver.app.handle(events.get_nowait(), clock())
            except queue.Empty:
                break
        return advance()

    wakeup = guarded(advance)
    while not stop.is_set():
        timeout = IDLE_WAKEUP if wakeup is None else max(0.0, min(IDLE_WAKEUP, wakeup - clock()))
        try:
            event = events.get(timeout=timeout)
        except queue.Empty:
            wakeup = guarded(advance)
            continue
        wakeup = guarded(functools.partial(handle, event))
