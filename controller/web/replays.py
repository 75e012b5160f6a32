"""Replays for the page, drawn once and kept: a finished game never changes, so its pictures
and its moves' animations are kept (the most recently used, up to :data:`MAX_BYTES` of JSON)
and every later viewer gets them without drawing anything.

Drawing is the one costly thing an unpaired reader can ask for, and it runs on threads that
share the interpreter with the server's loop and, through it, the board's: at most
:data:`DRAWING` are drawn at once; one more is refused with a 429 and how long to wait, so a
crowd of replayers slows itself, not the board.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from controller.errors import KaskadeError

MAX_BYTES = 8 * 1024 * 1024
"""How much replay JSON is kept (a 145-move game's pictures take about 0.4 MB)."""
DRAWING = 2
"""Replays drawn at the same time, at most."""
RETRY_SECONDS = 1


class ReplaysBusyError(KaskadeError, RuntimeError):
    """As many replays as may be are being drawn: ask again in ``retry_after`` seconds."""

    def __init__(self) -> None:
        super().__init__(f"the board is busy drawing other replays: ask again in "
                         f"{RETRY_SECONDS} s")
        self.retry_after = RETRY_SECONDS


class Replays:
    """The replays drawn so far (JSON bytes by key), and the ones being drawn."""

    def __init__(self, max_bytes: int = MAX_BYTES, drawing: int = DRAWING) -> None:
        self.max_bytes = max_bytes
        self.drawing = drawing
        self._kept: OrderedDict[Hashable, bytes] = OrderedDict()
        self._size = 0
        self._busy = 0
        self.drawn = 0
        """How many replays were drawn (not taken from what was kept)."""

    async def get(self, key: Hashable, draw: Callable[[], dict[str, Any]]) -> bytes:
        """The JSON of ``draw()`` for ``key``: kept from before, or drawn now on a thread
        (``ReplaysBusyError`` when too many are being drawn; ``draw``'s own errors pass)."""
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        if self._busy >= self.drawing:
            raise ReplaysBusyError
        self._busy += 1
        try:
            body = await asyncio.to_thread(
                lambda: json.dumps(draw(), separators=(",", ":")).encode())
        finally:
            self._busy -= 1
        self.drawn += 1
        self._keep(key, body)
        return body

    def _keep(self, key: Hashable, body: bytes) -> None:
        if len(body) > self.max_bytes or key in self._kept:
            return
        self._kept[key] = body
        self._size += len(body)
        while self._size > self.max_bytes:
            _, oldest = self._kept.popitem(last=False)
            self._size -= len(oldest)
