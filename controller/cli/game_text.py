"""The games other than Kaskade as text for the terminal game (:mod:`controller.cli.kaskade_text`
draws Kaskade): how to type their moves, where their rules are, and their boards — in colour
where the terminal wants it, as on the LEDs (White bright, Black dark on light, Red red, the big
balls and the cards in their suits' colours), plain otherwise. Cascades is drawn with each empty
cell showing its letter, so the board names its cells as ``legal`` does (``c2``: the cell ``c``
of row 2)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from controller.cli import ansi, kaskade_text
from controller.games import GameState
from controller.games.cascades import CascadesState
from controller.games.cascades_decktet.cards import SUIT_LETTERS

RULES = "docs/games/{name}.md"
"""Where each game's rules are, in Kaskade Board's source (the help names the file)."""

HOW_TO_PLAY = {
    "cascades": """\
Type a cell to put a stone there: its letter in its row (a leftmost) and its row counted from
the top, e.g. c2. The board shows each empty cell's letter, W White's stones and B Black's. A
turn is one or two stones (the very first turn one); 'end' stops after the first stone, 'pass'
gives up the whole turn.""",
    "big-balls": """\
Moves are written as the board's holes, a-g from the left and 1-7 from the bottom: 'throw'
throws the die, then the stone it names steps, e.g. c2-c3 (c2xc3 captures); a big ball (O)
rolls with BB:b6-b5. Stones are b1-b6 (Black's) and w1-w6 (White's). The original's notation
is read too: BB b6-b5, or 4 e2-d3 for a throw of 4 and its step.""",
    "colliding-circles": """\
Fields are a column A-F and a row 1-11. Place a die from your hand with VALUE*FIELD, e.g. 5*C6;
move a die on the board with C6-C5 (D4-E3(2) names the value it ends on where paths differ);
+1 rethrows a hand die showing 1; 'end' ends the turn. Dice are r5 (Red's 5) and b6 (Black's
6); () is a hole.""",
    "cascades-decktet": """\
Put a card on a tier with CARD:TIER. The card is its name in lower case (penitent,
chance-meeting, ace-of-moons) or its code: rank (A, 2-9, C Crown, P Pawn, T Court) then its
suits' letters (M Moons, S Suns, W Waves, L Leaves, Y Wyrms, K Knots), e.g. 3LY. The tier is
top, middle or bottom (or t, m, b): penitent:bottom and 3LY:b are the same move. 'draw' turns
the next cards of the stock, 'turn' turns the waste over for the next pass. The table shows
cards by their codes.""",
}

RED = "1;31"
BALL = "1;35"
SUIT_STYLES = dict(zip(SUIT_LETTERS, ("1;95", "1;93", "1;94", "1;92", "35", "31"), strict=True))
"""Each suit's colour, as near as a terminal's sixteen come to the LEDs' (Moons lilac, Suns
yellow, Waves blue, Leaves green, Wyrms purple, Knots brick red)."""

_TOKENS: dict[str, tuple[re.Pattern[str], Callable[[str], str] | None]] = {
    "big-balls": (re.compile(r"\b([bw][1-6]|O)\b"),
                  lambda t: BALL if t == "O" else ansi.BLACK_BALLS if t[0] == "b" else
                  ansi.WHITE_BALLS),
    "colliding-circles": (re.compile(r"\b(r[1-6]|b[1-6]|Red|Black)\b"),
                          lambda t: RED if t[0] in "rR" else ansi.BLACK_BALLS),
    "cascades-decktet": (re.compile(r"\b[A2-9CPT][MSWLYK]{1,3}\b"), None),
}
"""The pieces in each game's text diagram, and the colour of each."""


def how_to_play(state: GameState[Any]) -> str:
    """How to type the game's moves (Kaskade's: :data:`kaskade_text.HOW_TO_PLAY`), and where
    its rules are."""
    name = state.info.name
    rules = f"The rules: {RULES.format(name=name)} in Kaskade Board's source."
    moves = kaskade_text.HOW_TO_PLAY if name == "kaskade" else HOW_TO_PLAY[name]
    return f"{moves}\n{rules}"


def board(state: GameState[Any], colour: bool) -> str:
    """The game's board as text, in colour when ``colour``."""
    if isinstance(state, CascadesState):
        return _cascades(state, colour)
    text = state.diagram()
    if not colour or state.info.name not in _TOKENS:
        return text
    pattern, style = _TOKENS[state.info.name]
    if style is None:  # a card: its rank, then each suit's letter in the suit's colour
        return pattern.sub(lambda match: match.group(0)[0] + "".join(
            ansi.style(letter, SUIT_STYLES[letter]) for letter in match.group(0)[1:]), text)
    return pattern.sub(lambda match: ansi.style(match.group(0), style(match.group(0))), text)


def _cascades(state: CascadesState, colour: bool) -> str:
    """The slope with its rows numbered from the top and each empty cell showing its letter::

         1        a W c B e f g h
         2       a b c d e f g h i
    """
    slope = state.slope
    widest = max(slope.widths)
    lines = []
    for row, width in enumerate(slope.widths):
        tokens = []
        for index in range(width):
            owner = state.cells[slope.starts[row] + index]
            if owner < 0:
                token = chr(ord("a") + index)
                tokens.append(ansi.style(token, ansi.DIM) if colour else token)
            else:
                token = "WB"[owner]
                tokens.append(ansi.style(token, ansi.WHITE_BALLS if owner == 0 else
                                         ansi.BLACK_BALLS) if colour else token)
        lines.append(f"{row + 1:>2} {' ' * (widest - width)}{' '.join(tokens)}")
    legend = "letters: the empty cells (c2 is the cell c of row 2) · W White · B Black"
    lines.append(ansi.style(legend, ansi.DIM) if colour else legend)
    return "\n".join(lines)
