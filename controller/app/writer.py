"""Where the app's saves run: on the app's own thread (tests, the headless simulator, a start
before the loop runs) or on one writer thread beside the real-time loop, so that a slow SD card
(a second per fsync is seen on worn cards) delays only the save, never the LEDs.

Either way the saves run one at a time in the order they were asked for (a game's file is
never overwritten by an older save of it), and what became of each is told back on the app's
thread: the app is never touched from the writer thread.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future

from controller.errors import KaskadeError

log = logging.getLogger(__name__)

CLOSE_SECONDS = 60.0
"""The longest a stopping app waits for its saves."""

Job = Callable[[], None]
"""A save: writes a file (or the history); raises ``StorageError`` when it cannot."""
Done = Callable[[Exception | None], None]
"""Told (on the app's thread) how the save went: ``None``, or the error it raised."""


class Writer:
    """Runs saves at once, on the caller's thread: the outcome is known when ``submit``
    returns."""

    def __init__(self) -> None:
        self.pending = 0
        """Saves asked for whose outcome the app has not yet been told (0 when they run at
        once): while any are, what the page is shown waits (a move reaches the page only
        once it is on the card)."""

    def submit(self, job: Job, done: Done) -> Future[None]:
        """Run ``job``, then ``done`` with its error (or ``None``); a future of the job."""
        future: Future[None] = Future()
        error = _run(job)
        done(error)
        _settle(future, error)
        return future

    def settle(self) -> None:
        """Wait until every save asked for has run (they ran at once)."""

    def close(self) -> None:
        """Finish the saves asked for (none are left: they ran at once)."""


class ThreadWriter(Writer):
    """Runs saves on one thread of its own, in order; each outcome goes back to the app's
    thread through ``deliver`` (the loop's queue), which runs the callable it is given
    there."""

    def __init__(self, deliver: Callable[[Callable[[], None]], None]) -> None:
        super().__init__()
        self.deliver = deliver
        self._jobs: queue.Queue[tuple[Job, Done, Future[None]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="writer", daemon=True)
        self._thread.start()

    def submit(self, job: Job, done: Done) -> Future[None]:
        """Queue ``job``; ``done`` is delivered to the app's thread after it ran. The future
        is set (on the writer thread) as soon as the job has run, with its error if any."""
        future: Future[None] = Future()
        self.pending += 1

        def told(error: Exception | None) -> None:
            self.pending -= 1
            done(error)

        self._jobs.put((job, told, future))
        return future

    def settle(self) -> None:
        """Wait until every save queued so far has run (rarely needed: before reading a file a
        queued save writes)."""
        self.submit(lambda: None, lambda error: None).result()

    def close(self) -> None:
        """Run the saves still queued (a stopping app keeps every move), then stop; a card
        that has not answered in :data:`CLOSE_SECONDS` is left to it (and said to be)."""
        self._jobs.put(None)
        self._thread.join(CLOSE_SECONDS)
        if self._thread.is_alive():
            log.error("the card has not finished saving in %g s; stopping without waiting",
                      CLOSE_SECONDS)

    def _run(self) -> None:
        while (item := self._jobs.get()) is not None:
            job, done, future = item
            error = _run(job)
            _settle(future, error)
            self.deliver(lambda done=done, error=error: done(error))  # type: ignore[misc]


def _settle(future: Future[None], error: Exception | None) -> None:
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)


def _run(job: Job) -> Exception | None:
    """Run ``job``; the error it raised, if any (a bug is logged too: the app goes on)."""
    try:
        job()
    except Exception as error:  # told to the app, which says what could not be saved
        if not isinstance(error, KaskadeError):  # a bug rather than a full or failed card
            log.exception("a save failed")
        return error
    return None
