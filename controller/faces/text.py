"""A game as words and text: how to play it (the terminal's help, the web page) and its board
as a text diagram (the terminal game, ``kaskade learn``), its pieces styled by roles that the
terminal colours as the LEDs do."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from controller.games import CHANCE, Event, GameState


@dataclass(frozen=True)
class HowToPlay:
    """How to play a game, in words for people reading a terminal or the page."""

    goal: str
    """What the game is about and how it is won, in a few sentences."""
    moves: str
    """How moves are written (typed in the terminal, shown in records and on the page)."""

    def text(self) -> str:
        """Both, as the terminal's help prints them."""
        return f"How to win: {self.goal}\n\nHow to write moves: {self.moves}"


Paint = Callable[[str, Sequence[str]], str]
"""Styles a piece of a text board by its roles (``"white"``, ``"black"``, ``"red"``,
``"ball"``, ``"dim"``, ``"critical"``, ``"last"``, ``"suit-M"`` …): the terminal in colour
maps them to its colours, plain text keeps the token as it is."""


def plain(token: str, roles: Sequence[str]) -> str:
    """The :data:`Paint` of plain text: every token as it is."""
    return token


@dataclass(frozen=True)
class Text:
    """A game as text (the terminal game, ``kaskade learn``)."""

    board: Callable[[GameState[Any], Paint], str]
    """The position as a diagram, its pieces styled by ``paint``."""
    legend: dict[str, str] = field(default_factory=dict)
    """What a role drawn in colour means, where colour alone says it (``{"last": "the last
    move"}``): the terminal names it beside the style it gives the role."""
    steps: Callable[[GameState[Any], GameState[Any], Sequence[Event], Paint],
                    list[tuple[str, str]]] | None = None
    """What a move did, step by step as the LEDs animate it (Kaskade's cascade, generation by
    generation): from the position before and after and the move's events, ``(board,
    caption)`` for each step; ``None`` for a game whose moves show in one picture."""
    words: Callable[[Sequence[Event]], str | None] | None = None
    """What a move did, in a sentence (``Cascade: 2 generations, 2 cells captured.``), or
    ``None`` when it is not worth saying."""
    chance: Callable[[GameState[Any], Any], str] | None = None
    """A chance step in words, from the position it is drawn in (``the die shows 4``, ``the
    deck is shuffled and dealt``), telling only what the players may see; ``None`` for a game
    without chance."""


def move_said(state: GameState[Any], move: Any, chance: Callable[[GameState[Any], Any], str]
              | None) -> str:
    """``move``, played from ``state``, as people read it in a list of moves: a chance step in
    the face's words, any other move as the players may know it (its notation)."""
    if chance is not None and state.to_move == CHANCE:
        return chance(state, move)
    return state.public_move_name(move)
