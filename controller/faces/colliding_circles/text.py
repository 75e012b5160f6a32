"""Colliding Circles as text: how to play, and the fields with each die in its player's colour
(Red's red, Black's dark)."""

from __future__ import annotations

import re
from typing import Any

from controller.faces.text import HowToPlay, Paint, Text
from controller.games import GameState
from controller.games.colliding_circles.pieces import Throw

HOW_TO_PLAY = HowToPlay(
    goal="Own the circles worth most. The board is 19 interlocking circles of six fields. A "
         "die goes next to a die already there, or on a field printed with its value (a new "
         "start), and must differ by exactly 1 from every die next to it (6 and 1 count as "
         "next to each other). Red opens with one die on a field of the centre circle printed "
         "with its value. A circle whose six fields are filled belongs to whoever's dice on it "
         "add up to more, and is worth 5 (the values 1 to 6 in order round it), 3 (two values "
         "taking turns) or 1. Every later turn is up to three actions, in this order: move a "
         "die on the board over free fields (your own counts down a step per field, your "
         "opponent's up), place a die from your hand, then place another or rethrow one; the "
         "hand is then refilled to five from your 28 dice. The game ends when every free "
         "field is a hole (no die could go there) or none is free, or when a player places "
         "the last of their dice: the higher total wins, equal totals draw.",
    moves="Fields are a column A-F and a row 1-11. Place a die from your hand with "
          "VALUE*FIELD, e.g. 5*C6; move a die on the board with C6-C5 (D4-E3(2) names the "
          "value it ends on where paths differ); +1 rethrows a hand die showing 1; 'end' ends "
          "the turn. Dice are r5 (Red's 5) and b6 (Black's 6); () is a hole.")

_PIECE = re.compile(r"\b(r[1-6]|b[1-6]|Red|Black)\b")


def board(state: GameState[Any], paint: Paint) -> str:
    """The fields as the rules' diagram draws them, with both hands and pools."""
    return _PIECE.sub(lambda found: paint(found[0], ["red" if found[0][0] in "rR" else "black"]),
                      state.diagram())


def chance(state: GameState[Any], move: Any) -> str:
    """``Red throws 6 4 4 2 1``: dice thrown into a hand."""
    assert isinstance(move, Throw)
    return f"{state.player_title(state.turn_player())} throws " \
        f"{' '.join(map(str, move.values))}"


TEXT = Text(board, chance=chance)
