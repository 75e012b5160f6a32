"""Colliding Circles (Graham Lipscomb): dice on 19 interlocking circles."""

from controller.games.colliding_circles.state import CollidingCirclesState

__all__ = ["CollidingCirclesState"]
