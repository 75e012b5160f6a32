"""One line that says where a game stands, for the replay output and the terminal game."""

from __future__ import annotations

from typing import Any

from controller.games import CHANCE, GameState


def status_line(state: GameState[Any]) -> str:
    """E.g. ``Kaskade 6x9 · ply 3 · Black to move · last move c3`` (a board size is written
    bare, other options as ``name=value``)."""
    options = " ".join(value if "x" in value and name == "size" else f"{name}={value}"
                       for name, value in state.options().items())
    parts = [f"{state.info.title} {options}".strip(), f"ply {state.plies}"]
    outcome = state.outcome()
    if outcome is not None:
        if outcome.winner is None:
            verdict = "draw" if len(state.info.players) > 1 else "lost"
            parts.append(f"{verdict}: {outcome.reason}")
        else:
            parts.append(f"{state.player_title(outcome.winner)} wins: {outcome.reason}")
    elif state.to_move == CHANCE:
        parts.append("chance to act")
    elif state.to_move is not None:
        parts.append(f"{state.player_title(state.to_move)} to move")
    if state.moves:
        last = state.copy()
        move = last.undo()
        parts.append(f"last move {last.move_name(move)}")
    return " · ".join(parts)
