"""Kaskade: chain-reaction overflow on a W x H grid (the board's flagship game)."""

from controller.games.kaskade.events import CellContent, Generation, Placed
from controller.games.kaskade.moves import Place
from controller.games.kaskade.state import KaskadeState

__all__ = ["CellContent", "Generation", "KaskadeState", "Place", "Placed"]
