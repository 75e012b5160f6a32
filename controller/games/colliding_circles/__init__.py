"""Colliding Circles (Graham Lipscomb): dice on 19 interlocking circles."""

from controller.games.colliding_circles.pieces import END, End, Manoeuvre, Place, Rethrow, Throw
from controller.games.colliding_circles.state import CollidingCirclesState

__all__ = ["END", "CollidingCirclesState", "End", "Manoeuvre", "Place", "Rethrow", "Throw"]
