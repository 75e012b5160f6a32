"""The compiled solver's rank rules and constants against the Python ones, which are the
reference (``broken_rank_rule`` in the game's cards): every case of the rank rules, and each
constant the C source mirrors by hand.

The solver is built at install where a compiler is present; in CI it must be there."""

from __future__ import annotations

import itertools

import pytest

from controller.ai import solitaire, solitaire_board
from controller.games.cascades_decktet import cards, state
from controller.games.cascades_decktet.cards import RankRule, broken_rank_rule
from tests.support.compiled import compiled_solver

core = compiled_solver()
COUNTS = range(4)
"""A tier holds at most two cards of a rank; three checks the rules beyond what can be."""


def test_its_rank_rules_are_the_games_in_every_case():
    ranks = sorted(set(cards.RANKS))
    cases = list(itertools.product(ranks, range(3), COUNTS, COUNTS, COUNTS))
    differ = [case for case in cases
              if core.rank_room(*case) != (broken_rank_rule(*case) is None)]
    assert differ == [], "(rank, tier, here, above, bottom) the two rules judge apart"
    refused = {broken_rank_rule(*case) for case in cases}
    assert refused == {None, *RankRule}, "the cases reach every rule, and none"


def test_its_constants_are_the_python_ones():
    assert len(cards.CARDS) == core.MAX_CARDS, "the C solver holds the whole extended deck"
    assert core.RANK_SLOTS == solitaire_board.RANK_SLOTS == max(cards.RANKS) + 1
    assert core.RESERVE_PILES == state.RESERVE_PILES
    assert (core.ACE, core.CROWN, core.PAWN, core.COURT) == \
        (cards.ACE, cards.CROWN, cards.PAWN, cards.COURT)
    assert (core.DRAW_MOVE, core.TURN_MOVE) == \
        (solitaire_board.DRAW_MOVE, solitaire_board.TURN_MOVE)
    assert core.MAX_LINE == solitaire.MAX_LINE


def test_it_refuses_a_rank_or_tier_it_has_no_rules_for():
    with pytest.raises(ValueError, match="rank: 0 to 12; tier: 0 to 2"):
        core.rank_room(13, 0, 0, 0, 0)
    with pytest.raises(ValueError, match="rank: 0 to 12; tier: 0 to 2"):
        core.rank_room(1, 3, 0, 0, 0)
