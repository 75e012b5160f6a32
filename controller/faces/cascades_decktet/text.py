"""The Decktet solitaire as text: how to play, and the table with each card's suits in their
colours."""

from __future__ import annotations

import re
from typing import Any

from controller.faces.text import HowToPlay, Paint, Text
from controller.games import GameState

HOW_TO_PLAY = HowToPlay(
    goal="Lay every card on the three tiers. Turn the stock three cards at a time onto the "
         "waste; its top card, and the top card of each reserve pile once that pile is open, "
         "may go to the right end of a tier when it shares a suit with the tier's last card. "
         "Each rank goes at most once on a tier (Aces and Crowns twice), and on the middle or "
         "bottom tier only when the tier above holds more of that rank. When the stock runs "
         "out the waste is turned over and a reserve opens. The deal is lost when the passes "
         "run out (three in the standard game) with cards left; won when every card is laid.",
    moves="Put a card on a tier with CARD:TIER. The card is its name in lower case (penitent, "
          "chance-meeting, ace-of-moons) or its code: rank (A, 2-9, C Crown, P Pawn, T Court) "
          "then its suits' letters (M Moons, S Suns, W Waves, L Leaves, Y Wyrms, K Knots), e.g. "
          "3LY. The tier is top, middle or bottom (or t, m, b): penitent:bottom and 3LY:b are "
          "the same move. 'draw' turns the next cards of the stock, 'turn' turns the waste "
          "over for the next pass. The table shows cards by their codes.")

_CARD = re.compile(r"\b[A2-9CPT][MSWLYK]{1,3}\b")


def board(state: GameState[Any], paint: Paint) -> str:
    """The table as the rules' diagram draws it, each suit letter in its suit's colour."""
    return _CARD.sub(lambda found: found[0][0] + "".join(
        paint(letter, [f"suit-{letter}"]) for letter in found[0][1:]), state.diagram())


TEXT = Text(board)
