"""Which messages of a game a board asks the broker for: each side's log through a window of
sequence numbers just ahead of what the board has played (``controller/remote/table.py``'s
:data:`~controller.remote.table.WINDOW`), one topic per number — never the log's wildcard. The
broker keeps whatever a side's credentials sent, thousands ahead of the game if they like, and
would send all of it at every reconnection; asked for the window only, it sends at most the
window's messages, and the board keeps no more of them than that.

A game's first message of each side (``log/1``) is followed for every user by the wildcard
kept with the connection: it carries the hello a board joins by, and it is cleared when a side
has the game's end or leaves it.
"""

from __future__ import annotations

from controller.remote.broker import log_topic
from controller.remote.table import WINDOW


def window(game_id: str, users: tuple[str, str], played: list[int] | tuple[int, int]) -> set[str]:
    """The log topics to follow now: for each side whose user is known (``users``, ``""``
    while not), its numbers after the ``played`` ones, :data:`WINDOW` of them."""
    return {log_topic(game_id, user, seq)
            for user, done in zip(users, played, strict=True) if user
            for seq in range(done + 1, done + WINDOW + 1)}
