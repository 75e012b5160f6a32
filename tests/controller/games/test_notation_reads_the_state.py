"""A game's notation (and Colliding Circles' playout) reads the state through a protocol of its
own, ``Position``, rather than naming the state's class — so the rules and their notation
import each other in no circle. Every state offers all that its notation reads."""

from __future__ import annotations

import random

import pytest

from controller.games import CHANCE, get_game
from controller.games.big_balls import notation as big_balls
from controller.games.cascades import notation as cascades
from controller.games.cascades_decktet import notation as cascades_decktet
from controller.games.colliding_circles import notation as colliding_circles
from controller.games.colliding_circles import playout

READERS = [("big-balls", big_balls.Position), ("cascades", cascades.Position),
           ("cascades-decktet", cascades_decktet.Position),
           ("colliding-circles", colliding_circles.Position),
           ("colliding-circles", playout.Position)]


@pytest.mark.parametrize(("game", "position"), READERS,
                         ids=[f"{game}-{position.__module__.rsplit('.', 1)[1]}"
                              for game, position in READERS])
def test_every_state_offers_what_its_notation_reads(game, position):
    state = get_game(game).new()
    rng = random.Random(1)
    while state.to_move == CHANCE:
        state.play(state.sample_chance(rng))
    assert isinstance(state, position), "a runtime protocol: every member is looked for"


def test_a_state_without_a_member_the_notation_reads_is_caught():
    state = get_game("cascades").new()
    assert isinstance(state, cascades.Position)

    class Lacking:
        def __getattr__(self, name: str) -> object:
            if name == "passes":
                raise AttributeError(name)
            return getattr(state, name)

    assert not isinstance(Lacking(), cascades.Position)
