"""Where a game stands, in words: its title with its options, whose turn or the result, and the
line that sums it up — for the replay output, the terminal game and every screen's description
on the board."""

from __future__ import annotations

from typing import Any

from controller.games.base import CHANCE, GameState


def title(state: GameState[Any]) -> str:
    """The game and its options: ``Kaskade 6x9``, ``Cascades size=8 shape=hexagon …`` (a board
    size is written bare, other options as ``name=value``)."""
    options = " ".join(value if "x" in value and name == "size" else f"{name}={value}"
                       for name, value in state.options().items())
    return f"{state.info.title} {options}".strip()


def standing(state: GameState[Any]) -> str:
    """``White to move``, ``chance to act``, ``Black wins: White has no cells left``, ``draw:
    …`` or, alone at the board, ``your move`` and ``lost: …``."""
    outcome = state.outcome()
    if outcome is not None:
        if outcome.winner is None:
            verdict = "draw" if len(state.info.players) > 1 else "lost"
            return f"{verdict}: {outcome.reason}"
        return f"{state.player_title(outcome.winner)} wins: {outcome.reason}"
    if state.to_move == CHANCE:
        return "chance to act"
    assert state.to_move is not None
    if len(state.info.players) == 1:
        return "your move"  # alone at the board: no one else to name
    return f"{state.player_title(state.to_move)} to move"


def status_line(state: GameState[Any]) -> str:
    """E.g. ``Kaskade 6x9 · ply 3 · Black to move · last move c3`` (the last move as the
    players may know it: a shuffled deck is only ``deal``)."""
    parts = [title(state), f"ply {state.plies}", standing(state)]
    if state.moves:
        last = state.copy()
        move = last.undo()
        parts.append(f"last move {last.public_move_name(move)}")
    return " · ".join(parts)
