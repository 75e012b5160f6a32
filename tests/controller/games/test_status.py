"""Where a game stands, in words: a one-player game speaks to its player, not of "Player"."""

from __future__ import annotations

import random

from controller.games import get_game
from controller.games.status import standing, status_line


def test_the_solitaire_says_your_move_and_two_player_games_name_the_colour():
    solitaire = get_game("cascades-decktet").new({})
    solitaire.play(solitaire.sample_chance(random.Random(1)))
    assert standing(solitaire) == "your move"
    assert "Player" not in status_line(solitaire)
    assert standing(get_game("kaskade").new({"size": "3x3"})) == "White to move"
