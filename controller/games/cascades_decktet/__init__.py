"""Cascades, the Decktet solitaire by Joe Conard: three tiers, three cards at a time."""

from controller.games.cascades_decktet.moves import DRAW, TURN, Deal, Draw, Play, TurnOver
from controller.games.cascades_decktet.state import CascadesDecktetState

__all__ = ["DRAW", "TURN", "CascadesDecktetState", "Deal", "Draw", "Play", "TurnOver"]
