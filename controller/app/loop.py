"""The real-time loop: input events from the board's threads, the wall clock, and the driver."""

from __future__ import annotations

import queue
import threading
import time
from typing import Callable, Optional

from controller.app.driver import Driver
from controller.devices.interfaces import InputEvent

IDLE_WAKEUP = 1.0
"""Seconds between checks of the stop flag when nothing happens."""


def run(driver: Driver, stop: threading.Event,
        clock: Callable[[], float] = time.monotonic) -> None:
    """Run until ``stop`` is set: wait for input or the next animation step, then advance."""
    events: queue.Queue[InputEvent] = queue.Queue()
    driver.board.start(events.put)
    wakeup: Optional[float] = driver.advance(clock())
    while not stop.is_set():
        timeout = IDLE_WAKEUP if wakeup is None else max(0.0, min(IDLE_WAKEUP, wakeup - clock()))
        try:
            event = events.get(timeout=timeout)
        except queue.Empty:
            wakeup = driver.advance(clock())
            continue
        driver.app.handle(event, clock())
        while True:
            try:
                driver.app.handle(events.get_nowait(), clock())
            except queue.Empty:
                break
        wakeup = driver.advance(clock())
