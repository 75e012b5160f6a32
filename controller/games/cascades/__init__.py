"""Cascades (William I. Chang, 2001): stones flowing down a hexagonal slope."""

from controller.games.cascades.events import Passed, StonePlaced, TurnEnded
from controller.games.cascades.slope import Slope
from controller.games.cascades.state import END, PASS, CascadesState

__all__ = ["END", "PASS", "CascadesState", "Passed", "Slope", "StonePlaced", "TurnEnded"]
