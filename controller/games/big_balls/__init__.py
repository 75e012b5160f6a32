"""Big Balls (Ingo Althöfer and Jakob Lübke, 2006): numbered stones climb a triangle, a die
picks the stone, neutral big balls roll down."""

from controller.games.big_balls.events import BallRolled, Dealt, DieShown, StoneMoved, Thrown
from controller.games.big_balls.pieces import DICE, THROW, BallMove, Deal, Die, StoneStep, Throw
from controller.games.big_balls.state import BigBallsState
from controller.games.big_balls.triangle import APEX, HOLES, hole_name

__all__ = [
    "APEX",
    "DICE",
    "HOLES",
    "THROW",
    "BallMove",
    "BallRolled",
    "BigBallsState",
    "Deal",
    "Dealt",
    "Die",
    "DieShown",
    "StoneMoved",
    "StoneStep",
    "Throw",
    "Thrown",
    "hole_name",
]
