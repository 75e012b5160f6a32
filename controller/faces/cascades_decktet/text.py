"""The Decktet solitaire as text: how to play, and the table with each card's suits in their
colours."""

from __future__ import annotations

import re
from typing import Any

from controller.faces.text import HowToPlay, Paint, Text
from controller.games import GameState

HOW_TO_PLAY = HowToPlay(
    goal="Lay every card on the three tiers. Three reserve piles of three cards lie face "
         "down; turn the stock three cards at a time onto the waste, and the first card "
         "turned up starts the top tier. The waste's top card, and the top card of each "
         "reserve pile once that pile is open, may go to the right end of a tier when it "
         "shares a suit with the tier's last card. Each rank goes at most once on a tier "
         "(Aces and Crowns twice), and on the middle or bottom tier only when the tier above "
         "holds more of that rank. When the stock runs out the waste is turned over as the "
         "next stock and a reserve pile opens (the top one first). The deal is won when every "
         "card is laid, lost when the passes run out (three in the standard game) with cards "
         "left, or, with unlimited passes, after a whole pass that offered no card. In the "
         "ace version the six Aces start the tiers, two on each, a card goes where it shares a "
         "suit with either Ace, and there are no reserves.",
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


def chance(state: GameState[Any], move: Any) -> str:
    """The deal, its order hidden."""
    del state, move
    return "the deck is shuffled and dealt"


TEXT = Text(board, chance=chance)
