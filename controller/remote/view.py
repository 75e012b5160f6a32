"""What a phone (or any page) needs to show a remote game, as the board that offered it sees
it: the board that offered a game is the referee for a seat taken from a web page, which has no
game engine of its own.

The offering board publishes the view retained at ``kaskade/GAME/USER/view`` (its own part of
the game's topics) each time the game changes: the picture of the position as its LEDs draw it,
whose turn it is, the moves the side to move may make when that is the other side (the rules,
not advice: a remote game gives no hints), the numbers the other side's next message must carry
(``next``, ``ack``, ``ply``), and the last message of the other side it refused, with why;
for chance, the ply whose half the other side is to show and the latest draws with this board's
half, which a page checks against both chains itself (``controller/web/page/seat.js``); a
take-back asked, and where one of the other side's would go back to. A page shows only this;
every move it sends is checked by the board's engine as any board's is.
"""

from __future__ import annotations

import json
from typing import Any

from controller.games import CHANCE
from controller.remote.messages import VERSION
from controller.remote.table import GUEST, HOST, SIDES, Table

MAX_LEGAL = 200
"""Moves listed at most (Kaskade on the largest board has 64; a list cut short says so)."""
MAX_DRAWS = 8
"""Chance steps listed at most, the latest: far more than come between two views."""


def view_topic(game_id: str, user: str) -> str:
    """Where the board ``user`` keeps its view of the game."""
    return f"kaskade/{game_id}/{user}/view"


def key(table: Table) -> tuple[Any, ...]:
    """What the view depends on besides the picture: when it changes, a new view is due."""
    return (len(table.names), table.waiting_for, table.finished, len(table.refusals),
            tuple(seat is not None for seat in table.seats), table.played[GUEST],
            table.undo_asked)


def view(table: Table, leds: bytes, size: dict[str, int]) -> bytes:
    """The view's payload: ``leds`` are the LEDs' colours (three bytes each) on a board of
    ``size`` (``columns``, ``rows``, ``per_pad``, ``led_width``, ``led_height``)."""
    state = table.state
    assert state is not None
    players = list(state.info.players)
    seats = {SIDES[side]: None if seat is None else {"name": seat.name,
                                                      "players": list(seat.players)}
             for side, seat in enumerate(table.seats)}
    waiting = table.waiting_for
    legal: list[str] = []
    if waiting == GUEST and table.joined and state.to_move not in (None, CHANCE):
        legal = [state.move_name(move) for move in state.legal_moves()][:MAX_LEGAL]
    refused = [r for r in table.refusals if r.side == GUEST]
    asked = table.undo_asked
    winner, outcome = None, state.outcome()
    if table.resigned is not None:
        winner = 1 - table.resigned
    elif table.claimed is not None:
        winner = table.claimed
    elif outcome is not None and outcome.winner is not None:
        winner = table.side_of(outcome.winner)
    payload = {
        "v": VERSION,
        "game": state.info.name,
        "title": state.info.title,
        "chance": state.info.chance,
        "players": players,
        "seats": seats,
        "ply": state.plies,
        "last": table.names[-1] if table.names else "",
        "to_move": None if state.to_move in (None, CHANCE) or table.finished else
        players[state.to_move],
        "waiting": None if waiting is None else SIDES[waiting],
        "legal": legal,
        "next": table.played[GUEST] + 1,
        "ack": table.played[HOST],
        "refused": {"seq": refused[-1].seq, "reason": refused[-1].reason} if refused else None,
        "half_due": _half_due(table),
        "draws": [[ply, table.names[ply], table.halves[ply][HOST]]
                  for ply in table.draws[-MAX_DRAWS:]],
        "undo": None if asked is None or table.finished else
        {"by": SIDES[asked[0]], "to": asked[1]},
        "takeback": _takeback_to(table, GUEST),
        "finished": table.finished,
        "winner": None if winner is None else SIDES[winner],
        "outcome": _outcome(table),
        "board": size,
        "leds": leds.hex(),
    }
    return json.dumps(payload, separators=(",", ":")).encode()


def _half_due(table: Table) -> int | None:
    """The ply of the chance step due whose guest's half is still to come (the page shows it
    as soon as it reads this)."""
    state = table.state
    if state is None or not table.joined or table.finished or state.to_move != CHANCE:
        return None
    if table.halves.get(state.plies, [None, None])[GUEST] is not None:
        return None
    return state.plies


def _takeback_to(table: Table, side: int) -> int | None:
    """The ply a take-back asked by ``side`` goes back to: before the last move of its seat,
    past the other side's moves and chance, as a hold on a board asks (``None``: nothing of
    that side's to take back, or the game is over)."""
    state, seat = table.state, table.seats[side]
    if state is None or seat is None or table.finished:
        return None
    probe = state.copy()
    while probe.moves:
        probe.undo()
        if probe.to_move != CHANCE and probe.to_move in seat.players:
            return probe.plies
    return None


def _outcome(table: Table) -> str:
    """The end in words (``""`` while the game goes on)."""
    state = table.state
    assert state is not None
    names = [seat.name if seat is not None else "" for seat in table.seats]
    if table.resigned is not None:
        return f"{names[table.resigned]} resigned"
    if table.claimed is not None:
        return f"{names[table.claimed]} claimed the game"
    outcome = state.outcome()
    if outcome is None:
        return ""
    if outcome.winner is None:
        return f"a draw: {outcome.reason}"
    return f"{state.player_title(outcome.winner)} wins: {outcome.reason}"
