"""The half of a game state that its notation module does: positions as text and JSON, moves
as tokens, the diagram — the same few lines in every game, written once here.

A game's ``notation`` module reads and writes plain values: ``parse_position(text)`` and
``parse_json(data)`` give a *setup* (a plain record of the position, checked only for its
form), ``position_text(setup)`` writes one, and ``position_json``, ``parse_move``,
``move_name`` and ``diagram`` read the state's public face — typed as a ``Position``
protocol of the notation's own, so the notation never names the state's class and the two
import each other in no circle. The state makes itself from a setup (``from_setup``, where the
rules check it) and says its own (``setup``): the notation never reaches into a state.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from types import ModuleType
from typing import Any, ClassVar, TypeVar

from controller.games.base import GameState, M
from controller.games.errors import InvalidMoveError, PositionError

N = TypeVar("N", bound="NotatedState[Any]")


class NotatedState(GameState[M]):
    """A game state whose text and JSON go through its ``notation`` module. Must: everything
    :class:`GameState` asks but the notation's part, plus ``from_setup`` and ``setup``."""

    notation: ClassVar[ModuleType]
    """The game's notation module (see this module's docstring for what it offers)."""

    @classmethod
    @abstractmethod
    def from_setup(cls: type[N], setup: Any, where: str) -> N:
        """The state ``setup`` describes, checked against the rules; ``PositionError`` names
        ``where`` (the text or JSON it came from) and what is wrong."""

    @abstractmethod
    def setup(self) -> Any:
        """This position as the notation's plain record."""

    @classmethod
    def from_position(cls: type[N], text: str) -> N:
        return cls.from_setup(cls.notation.parse_position(text), f"position {text!r}")

    def position(self) -> str:
        return str(self.notation.position_text(self.setup()))

    @classmethod
    def from_json(cls: type[N], data: Mapping[str, Any]) -> N:
        """The state a :meth:`to_json` object describes; what the object says besides the
        position itself (the notation's ``DERIVED`` keys: whose turn, the winner, …) must
        agree with it."""
        state = cls.from_setup(cls.notation.parse_json(data), "JSON position")
        expected = state.to_json()
        for key in getattr(cls.notation, "DERIVED", ()):
            if key in data and data[key] != expected[key]:
                raise PositionError(f"JSON position: {key!r} is {data[key]!r}, but the position "
                                    f"says {expected[key]!r}")
        return state

    def to_json(self) -> dict[str, Any]:
        return dict(self.notation.position_json(self))

    def diagram(self) -> str:
        return str(self.notation.diagram(self))

    def parse_move(self, text: str) -> M:
        move: M = self.notation.parse_move(self, text)
        return move

    def move_name(self, move: M) -> str:
        return str(self.notation.move_name(self, move))

    def _describe(self, move: M) -> str:
        """``move`` for an error message: its name, or its ``repr`` when it has none."""
        try:
            return self.move_name(move)
        except InvalidMoveError:
            return repr(move)
