"""Big Balls as text: how to play, and the triangle with each piece in its colour (Black's
stones dark, White's bright, the big balls in their own)."""

from __future__ import annotations

import re
from typing import Any

from controller.faces.text import HowToPlay, Paint, Text
from controller.games import GameState
from controller.games.big_balls.pieces import DEAL_BLACK, Die
from controller.games.big_balls.state import BigBallsState

HOW_TO_PLAY = HowToPlay(
    goal="Bring one of your stones to the top of the triangle (a7). Each turn, either roll a "
         "big ball one hole down (it captures any stone there, but not onto another ball), or "
         "throw the die and step the stone it names — or, when that stone is gone, the next "
         "lower or higher of yours — one hole up or sideways, capturing whatever stands there. "
         "A player who cannot move loses; when only big balls remain the game is a draw.",
    moves="Holes are named a-g from the left and 1-7 from the bottom: 'throw' throws the die, "
          "then the stone it names steps, e.g. c2-c3 (c2xc3 captures); a big ball (O) rolls "
          "with BB:b6-b5 (or b6-b5). Stones are b1-b6 (Black's) and w1-w6 (White's). The "
          "inventors' notation is read too: BB b6-b5, or 4 e2-d3 for a throw of 4 and its "
          "step.")

_PIECE = re.compile(r"\b([bw][1-6]|O)\b")


def board(state: GameState[Any], paint: Paint) -> str:
    """The triangle as the rules' diagram draws it."""
    return _PIECE.sub(lambda found: paint(found[0], [
        "ball" if found[0] == "O" else "black" if found[0][0] == "b" else "white"]),
        state.diagram())


def chance(state: GameState[Any], move: Any) -> str:
    """``the die shows 4``; ``Black's stones are set out`` for a deal."""
    if isinstance(move, Die):
        return f"the die shows {move.number}"
    assert isinstance(state, BigBallsState)
    player = "Black" if state.phase == DEAL_BLACK else "White"
    return f"{player}'s stones are set out"


TEXT = Text(board, chance=chance)
