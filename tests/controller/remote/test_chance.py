"""Chance between two boards: each half is fixed by its anchor before the game, so a side
that cheats — sending another half once it has seen the other's — is caught, and the outcome
of every step was settled when the anchors were exchanged."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, get_game
from controller.remote import chance
from controller.remote.chance import Chain, ChanceError


@settings(max_examples=20)
@given(st.binary(min_size=32, max_size=32), st.lists(st.integers(0, 200), min_size=1,
                                                     max_size=6))
def test_an_honest_half_is_accepted_in_any_order(secret: bytes, plies: list[int]) -> None:
    chain = Chain(chance.anchor(secret))
    for ply in plies:
        chain.check(ply, chance.half(secret, ply))
        chain.check(ply, chance.half(secret, ply))  # again: the same half


def test_a_half_from_another_secret_is_refused() -> None:
    chain = Chain(chance.anchor(b"a" * 32))
    chain.check(3, chance.half(b"a" * 32, 3))
    for ply in (2, 3, 4, 40):
        with pytest.raises(ChanceError, match="not on the chain"):
            chain.check(ply, chance.half(b"b" * 32, ply))
    with pytest.raises(ChanceError, match="not hexadecimal"):
        chain.check(5, "zz" * 32)


def die_after_first_deal(seed_hex: str) -> str:
    """What a Big Balls game's first chance step draws from ``seed_hex``."""
    state = get_game("big-balls").new({})
    assert state.to_move == CHANCE
    return state.move_name(state.sample_chance(chance.generator(seed_hex)))


def test_a_cheating_side_cannot_bend_the_draw() -> None:
    """The guest sees the host's half, then tries every value it can think of for its own to
    get a deal it likes: only the committed one passes the host's check, so the outcome is the
    one the two anchors fixed before the game."""
    host_secret, guest_secret = os.urandom(32), os.urandom(32)
    guest_chain = Chain(chance.anchor(guest_secret))  # what the host holds of the guest
    host_half = chance.half(host_secret, 0)
    honest = chance.half(guest_secret, 0)
    fixed = die_after_first_deal(chance.seed("g", 0, host_half, honest))
    outcomes = set()
    for attempt in range(300):
        forged = os.urandom(32).hex() if attempt else chance.half(guest_secret, 1)
        outcome = die_after_first_deal(chance.seed("g", 0, host_half, forged))
        outcomes.add(outcome)
        with pytest.raises(ChanceError):
            guest_chain.check(0, forged)
    assert len(outcomes) > 1  # the forgeries would have changed the deal …
    guest_chain.check(0, honest)  # … but only the committed half is taken
    assert die_after_first_deal(chance.seed("g", 0, host_half, honest)) == fixed


def test_a_later_half_cannot_be_had_from_the_earlier_ones() -> None:
    """Halves are shown from the anchor downwards: the one for ply 5 vouches for the one for
    ply 4, never the other way, so neither side foresees the other's next half."""
    secret = os.urandom(32)
    early, late = chance.half(secret, 4), chance.half(secret, 5)
    assert chance.anchor(secret) != early != late
    chain = Chain(chance.anchor(secret))
    chain.check(5, late)
    chain.check(4, early)
    with pytest.raises(ChanceError):
        Chain(chance.anchor(secret)).check(5, early)
