"""Invite keys derived off the loop's thread: scrypt takes a fraction of a second on a Pi
(``controller/remote/invite.py``), and the LEDs must not stop meanwhile. One worker thread
derives them one at a time (hashlib's scrypt lets go of the interpreter while it works); each
key comes back to the loop as a call."""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from controller.app.app import App
from controller.app.loop import Call
from controller.remote.invite import derive_key

Then = Callable[[bytes, App, float], None]

log = logging.getLogger(__name__)


class Keys:
    """Derives keys for the loop that ``post`` reaches (``None``: not attached yet, and the
    key is not handed back)."""

    def __init__(self, post: Callable[[], Callable[[Call], None] | None]) -> None:
        self.post = post
        self._worker: ThreadPoolExecutor | None = None

    def derive(self, code: str, host: str, salt: str, then: Then) -> None:
        """Derive the key ``code`` gives for ``host``'s offer with ``salt``; ``then`` is
        called with it on the loop's thread."""
        if self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="invite-key")

        def done(future: Future[bytes]) -> None:
            post = self.post()
            if future.cancelled() or post is None:
                return
            if future.exception() is not None:
                log.warning("no invite key for %s's offer: %s", host, future.exception())
                return
            key = future.result()
            post(Call(lambda app, now: then(key, app, now)))

        self._worker.submit(derive_key, code, host, salt).add_done_callback(done)

    def close(self) -> None:
        """Derive no more (a key under way is let go)."""
        if self._worker is not None:
            self._worker.shutdown(wait=False, cancel_futures=True)
            self._worker = None
