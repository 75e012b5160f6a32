"""Kaskade level 5's answers to a first ball that its search, at a move's budget, does not tell
apart from the others: measured in games, not proved.

On 6 x 9, where White's first ball goes into a corner, every corner looks alike to a search of a
few plies, and level 5 drew among them. Moving second against the published Chain Reaction
program at a Raspberry Pi 4's budget it won 17 of 18 games in which it answered with the other
corner of the same short edge (a1 with f1), against 41 of 62 with either far corner; forced to
that answer, 10 of 10 (``docs/ai.md``, "How strong they are"). Staying on White's edge contests
the row White would otherwise fill undisturbed.
"""

from __future__ import annotations

from controller.games.kaskade import KaskadeState
from controller.games.kaskade.moves import Place

CORNER_ANSWERS: dict[str, dict[str, str]] = {
    "6x9": {"a1": "f1", "f1": "a1", "a9": "f9", "f9": "a9"},
}
"""By board size: White's first ball → Black's answer."""


def book_answer(state: KaskadeState) -> Place | None:
    """The book's answer where White's first ball is the only ball on the board, else ``None``
    (the search plays)."""
    answers = CORNER_ANSWERS.get(state.grid.size_text)
    if answers is None or state.plies != 1:
        return None
    occupied = [cell for cell, balls in enumerate(state.cells) if balls]
    if len(occupied) != 1:
        return None
    answer = answers.get(state.grid.name(occupied[0]))
    return None if answer is None else state.parse_move(answer)
