"""Colliding Circles as text: how to play, and the fields with each die in its player's colour
(Red's red, Black's dark)."""

from __future__ import annotations

import re
from typing import Any

from controller.faces.text import HowToPlay, Paint, Text
from controller.games import GameState

HOW_TO_PLAY = HowToPlay(
    goal="Own the circles worth most. Dice go on the 19 interlocking circles of six fields; a "
         "die must differ by exactly 1 from every die next to it (6 and 1 count as next to "
         "each other). A circle whose six fields are filled belongs to whoever's dice on it "
         "add up to more, and is worth 5 (the values 1 to 6 in order round it), 3 (two values "
         "taking turns) or 1. A turn is up to three actions: move a die on the board (your own "
         "counts down a step, your opponent's up), place a die from your hand, then place "
         "another or rethrow one. When no free field is left that a die could take, or a "
         "player places the last die, the higher total wins.",
    moves="Fields are a column A-F and a row 1-11. Place a die from your hand with "
          "VALUE*FIELD, e.g. 5*C6; move a die on the board with C6-C5 (D4-E3(2) names the "
          "value it ends on where paths differ); +1 rethrows a hand die showing 1; 'end' ends "
          "the turn. Dice are r5 (Red's 5) and b6 (Black's 6); () is a hole.")

_PIECE = re.compile(r"\b(r[1-6]|b[1-6]|Red|Black)\b")


def board(state: GameState[Any], paint: Paint) -> str:
    """The fields as the rules' diagram draws them, with both hands and pools."""
    return _PIECE.sub(lambda found: paint(found[0], ["red" if found[0][0] in "rR" else "black"]),
                      state.diagram())


TEXT = Text(board)
