"""Golden transcripts: a game written out move by move with everything each move reported."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import Any

from controller.games import CHANCE, Event, GameOver, GameState
from controller.games.kaskade import Generation, KaskadeState, Placed


def transcript(start: KaskadeState, moves: Sequence[str]) -> str:
    """Every move with its placement, each cascade generation, the end, and the position after
    it; then the final diagram."""
    state = start.copy()
    name = state.grid.name
    lines = []
    for number, text in enumerate(moves, 1):
        mover = state.player_title(state.to_move)
        events = state.play_text(text)
        lines.append(f"{number}. {mover} {text}")
        for event in events:
            if isinstance(event, Placed):
                lines.append(f"   placed: {name(event.cell)} holds {event.balls}")
            elif isinstance(event, Generation):
                fired = " ".join(name(c) for c in event.overflowing)
                changes = " ".join(
                    f"{name(c.cell)}={'.' if c.owner is None else 'WB'[c.owner]}{c.balls or ''}"
                    for c in event.changes
                )
                captured = " ".join(name(c) for c in event.captured) or "-"
                lines.append(f"   generation {event.number}: overflow {fired}; "
                             f"captured {captured}; now {changes}")
            elif isinstance(event, GameOver):
                winner = state.player_title(event.outcome.winner)
                lines.append(f"   game over: {winner} wins, {event.outcome.reason}")
        lines.append(f"   position {state.position()}")
    lines.append("")
    lines.append(state.diagram())
    return "\n".join(lines) + "\n"


def game_transcript(start: GameState[Any], moves: Sequence[str],
                    name: Callable[[int], str],
                    names: Mapping[str, Callable[[int], str]] | None = None) -> str:
    """Any game's transcript: each move with every event it reported (places named by
    ``name``, other numbered things by ``names``: event field -> namer), then the position
    after it; at the end the diagram."""
    state = start.copy()
    lines = []
    for number, text in enumerate(moves, 1):
        mover = "Chance" if state.to_move == CHANCE else state.player_title(state.to_move)
        events = state.play_text(text)
        lines.append(f"{number}. {mover} {text}")
        for event in events:
            lines.append(f"   {_event_text(event, name, names or {})}")
        lines.append(f"   position {state.position()}")
    lines.append("")
    lines.append(state.diagram())
    return "\n".join(lines) + "\n"


def _event_text(event: Event, name: Callable[[int], str],
                names: Mapping[str, Callable[[int], str]]) -> str:
    if isinstance(event, GameOver):
        return f"game over: {event.outcome.reason}"
    parts = []
    for item in fields(event):
        value = getattr(event, item.name)
        if item.name in ("cell", "field", "origin", "target"):
            value = name(value)
        elif item.name in names:
            value = names[item.name](value)
        parts.append(f"{item.name}={value}")
    return f"{type(event).__name__} {' '.join(parts)}"
