"""The real-time loop: input events from the board's threads, the computer's answers from its
thinking thread, the wall clock, and the driver."""

from __future__ import annotations

import queue
import threading
import time
from typing import Callable, Optional

from controller.app.driver import Driver
from controller.app.thinking import ComputerMove, ThreadThinker
from controller.devices.interfaces import InputEvent

IDLE_WAKEUP = 1.0
"""Seconds between checks of the stop flag when nothing happens."""


def run(driver: Driver, stop: threading.Event,
        clock: Callable[[], float] = time.monotonic) -> None:
    """Run until ``stop`` is set: wait for input or the next animation step, then advance;
    thinking the app asks for goes to a thread whose answer comes back through the queue."""
    events: queue.Queue[InputEvent | ComputerMove] = queue.Queue()
    thinker = ThreadThinker()
    driver.board.start(events.put)

    def advance() -> Optional[float]:
        wakeup = driver.advance(clock())
        for request in driver.app.take_requests():
            thinker.start(request, events.put)
        return wakeup

    wakeup = advance()
    while not stop.is_set():
        timeout = IDLE_WAKEUP if wakeup is None else max(0.0, min(IDLE_WAKEUP, wakeup - clock()))
        try:
            event = events.get(timeout=timeout)
        except queue.Empty:
            wakeup = advance()
            continue
        driver.app.handle(event, clock())
        while True:
            try:
                driver.app.handle(events.get_nowait(), clock())
            except queue.Empty:
                break
        wakeup = advance()
