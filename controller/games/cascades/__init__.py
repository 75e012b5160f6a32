"""Cascades (William I. Chang, 2001): stones flowing down a hexagonal slope."""

from controller.games.cascades.events import Passed, StonePlaced, TurnEnded
from controller.games.cascades.moves import END, PASS, End, Pass, Place
from controller.games.cascades.slope import Slope
from controller.games.cascades.state import CascadesState

__all__ = ["END", "PASS", "CascadesState", "End", "Pass", "Passed", "Place", "Slope",
           "StonePlaced", "TurnEnded"]
