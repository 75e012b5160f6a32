"""The engine against a second Decktet solitaire written from the seed alone
(``tests/support/decktet_reference.py``): over many random deals of every version, at every
step, the same legal moves, the same tiers, waste and stock, the same result."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from controller.games.cascades_decktet.cards import CARDS
from controller.games.cascades_decktet.moves import Play
from controller.games.cascades_decktet.state import CascadesDecktetState
from tests.support.decktet_reference import COURTS, DECK, PAWNS, ReferenceDecktet

PLY_LIMIT = 600
VARIANTS = [
    {"version": "standard", "passes": "3"},
    {"version": "standard", "passes": "3", "pawns": "yes", "courts": "yes"},
    {"version": "standard", "passes": "unlimited", "pawns": "yes"},
    {"version": "ace", "passes": "unlimited", "courts": "yes"},
    {"version": "ace", "passes": "3"},
]


def code(card: int) -> str:
    return CARDS[card].code


def named(state: CascadesDecktetState, move) -> object:
    """A move as the reference writes it: a play as (card, tier), the rest by name."""
    return (code(move.card), move.tier) if isinstance(move, Play) else state.move_name(move)


def play_both(options: dict[str, str], seed: int) -> str:
    """One random game in both; asserts they agree at every step; returns how it ended."""
    rng = random.Random(seed)
    engine = CascadesDecktetState.new(options)
    engine.play(engine.sample_chance(rng))
    order = [code(c) for c in engine.moves[0].cards]
    reference = ReferenceDecktet(order, options["version"],
                                 None if options["passes"] == "unlimited" else 3)
    while not engine.is_over() and engine.plies < PLY_LIMIT:
        legal = engine.legal_moves()
        named_legal = sorted(str(named(engine, move)) for move in legal)
        assert named_legal == sorted(map(str, reference.legal())), \
            f"{options} seed {seed}: {engine.position()}"
        plays = [m for m in legal if isinstance(m, Play)]
        pool = plays if plays and rng.random() < 0.8 else legal
        move = pool[int(rng.random() * len(pool))]
        engine.play(move)
        reference.play(named(engine, move))
        assert [[code(c) for c in row] for row in engine.tiers] == reference.tiers
        assert [code(c) for c in engine.waste] == reference.waste
        assert [code(c) for c in engine.stock] == reference.stock
        outcome = engine.outcome()
        result = None if outcome is None else "won" if outcome.winner == 0 else "lost"
        assert result == reference.result, f"{options} seed {seed}: {outcome}"
    return reference.result or "unfinished"


def test_the_reference_deck_is_the_engines():
    assert sorted(DECK + PAWNS + COURTS) == sorted(card.code for card in CARDS)


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(o.values()))
def test_the_engine_plays_exactly_as_the_seed_reads(options):
    results = Counter(play_both(options, seed) for seed in range(60))
    assert results["lost"], results
