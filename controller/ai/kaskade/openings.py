"""Kaskade level 5's book: the first moves of 6 x 9, where its search, at a move's budget, does
not tell the choices apart — measured in games, not proved.

Each line of :data:`BOOK` is a game's first moves and the move to play after them; it holds as
well for every mirror image of that position (the board flipped left to right, top to bottom, or
both), so one line covers the four corners. Its moves, against the published Chain Reaction
program at a Raspberry Pi 4's budget, in every recorded game of level 5 (``docs/ai.md``, "How
strong they are"):

* **White's first ball: a1.** The four corners are the same move by the board's symmetry, and
  level 5 drew among them. Moving first, it won all 17 games it opened in a1 (the program
  answers c1), and 14 of 20 it opened in f9 (the program answers in the far corner).
* **Black's answer to a corner: the other corner of the same short edge** (a1 → f1). Moving
  second it won 17 of 18 games when its search happened to answer so, against 41 of 62 with
  either far corner; forced to it, 10 of 10. Staying on White's edge contests the row White
  would otherwise fill undisturbed.
* **Then, after White's b1, Black's e1** — the mirror image of White's move. A search of seven
  plies scores it and f2 alike; level 5 won 29 of 29 games in which it played e1, and 25 of 31
  with f2.
"""

from __future__ import annotations

from controller.ai.solved.openings import symmetries
from controller.games.kaskade import KaskadeState
from controller.games.kaskade.moves import Place

BOOK: dict[str, dict[tuple[str, ...], str]] = {
    "6x9": {
        (): "a1",
        ("a1",): "f1",
        ("a1", "f1", "b1"): "e1",
    },
}
"""By board size: a game's first moves → the move to play next."""


def book_answer(state: KaskadeState) -> Place | None:
    """The book's move where the position is one of its lines' (or a mirror image of one),
    else ``None`` (the search plays). The cells decide, not the moves that led there, so a
    position given as text gets the same answer."""
    lines = BOOK.get(state.grid.size_text)
    if lines is None:
        return None
    for line, answer in lines.items():
        if len(line) != state.plies:
            continue
        reached = KaskadeState.new({"size": state.grid.size_text})
        for move in line:
            reached.play(reached.parse_move(move))
        target = reached.parse_move(answer).cell
        for mirror in symmetries(state.grid.width, state.grid.height):
            if all(state.cells[mirror[cell]] == value for cell, value in enumerate(reached.cells)):
                return state.grid.places[mirror[target]]
    return None

