"""Cascades (Decktet) rules: the deck, the lay-out, draws in threes, the tier rules, reserves
opening after passes, the pass limits, winning and losing, positions and hidden cards."""

from __future__ import annotations

import functools
import json
import operator
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import IllegalMoveError, OptionsError, PositionError
from controller.games.cascades_decktet.cards import ACES, BASIC, CARDS, COURTS, PAWNS, find_card
from controller.games.cascades_decktet.moves import DRAW, TURN, Deal, Play
from controller.games.cascades_decktet.state import CascadesDecktetState


def card(name: str) -> int:
    found = find_card(name)
    assert found is not None, name
    return found


def dealt(order: list[str], version: str = "standard", passes: str | None = None,
          deck: tuple[int, ...] | None = None) -> CascadesDecktetState:
    """A game whose shuffle put ``order`` first and the rest of the deck after, in deck order."""
    first = [card(n) for n in order]
    deck = deck or BASIC
    state = CascadesDecktetState(deck, version, passes)
    state.play(Deal(tuple(first + [c for c in deck if c not in first])))
    return state


def test_the_decks():
    assert len(BASIC) == 36
    assert Counter(s for c in BASIC for s in CARDS[c].suits) == dict.fromkeys(range(6), 10)
    assert len(CascadesDecktetState.new({"pawns": "yes", "courts": "yes"}).deck) == 44
    assert all(len(CARDS[c].suits) == 3 for c in PAWNS + COURTS)
    assert card("2MK") == card("author") == card("Author")
    assert card("ace-of-moons") == card("ace-moons") == card("AM")


def test_options_are_checked():
    with pytest.raises(OptionsError, match="version"):
        CascadesDecktetState.new({"version": "joker"})
    with pytest.raises(OptionsError, match="passes"):
        CascadesDecktetState.new({"passes": "7"})
    with pytest.raises(OptionsError, match="no option"):
        CascadesDecktetState.new({"excuse": "yes"})
    assert CascadesDecktetState.new({"version": "ace"}).options()["passes"] == "unlimited"


RESERVES = ["castle", "cave", "mill", "sea", "end", "bard", "huntress", "calamity", "windfall"]


def test_the_lay_out_and_draws_in_threes():
    state = dealt([*RESERVES, "author", "desert", "origin", "journey"])
    assert [len(p) for p in state.reserves] == [3, 3, 3]
    assert state.reserves[0][-1] == card("mill"), "the third card dealt to a pile is its top"
    assert state.opened == 0
    assert state.legal_moves() == [DRAW]
    state.play(DRAW)
    assert state.waste == [card("author"), card("desert"), card("origin")]
    assert state.waste_top() == card("origin")
    assert Play(card("author"), 0) not in state.legal_moves(), "only the top card is playable"
    state.play_text("origin:top")
    assert state.waste_top() == card("desert"), "the card beneath becomes playable"


def test_tier_rules_suits_ranks_and_the_tier_above():
    state = dealt([*RESERVES, "forest", "painter", "origin", "journey", "sailor", "discovery"])
    state.play(DRAW)
    state.play_text("origin:top")                     # Waves, Leaves
    assert not state.is_legal(Play(card("painter"), 0))  # Suns, Knots: no shared suit
    with pytest.raises(IllegalMoveError, match="shares no suit with Origin"):
        state.play_text("painter:top")
    with pytest.raises(IllegalMoveError, match="tier must hold more"):
        state.play_text("painter:middle")
    state.play(DRAW)                         # journey sailor discovery: Discovery on top
    state.play_text("discovery:top")                   # Suns, Waves after Origin
    state.play_text("sailor:top")                      # Waves, Leaves after Discovery
    assert not state.is_legal(Play(card("journey"), 1)), "no 3 on top yet"
    state.play_text("journey:top")                     # Moons, Waves after Sailor
    assert state.tiers[0] == [card(n) for n in ("origin", "discovery", "sailor", "journey")]


def test_a_rank_once_per_tier_and_crowns_twice():
    deck = BASIC
    state = dealt(RESERVES, deck=deck)
    state.tiers[0] = [card("sea"), card("darkness")]
    state.counts[0][10], state.counts[0][9] = 1, 1
    assert state.tier_refusal(card("cave"), 0) is None
    assert "already holds a card of that rank" in state.tier_refusal(card("merchant"), 0)
    state.tiers[0] = [card("sea"), card("huntress")]
    state.counts[0][9], state.counts[0][10] = 0, 2
    assert "already holds two" in state.tier_refusal(card("bard"), 0)
    state.tiers[1] = [card("calamity")]
    state.counts[1][10] = 1
    assert state.tier_refusal(card("bard"), 1) is None or "suit" in state.tier_refusal(
        card("bard"), 1), "a second Crown in the middle needs two on top: there are"
    state.counts[0][10] = 1
    assert "must hold more" in state.tier_refusal(card("windfall"), 1)


def test_reserves_open_one_per_pass_and_three_passes_end_the_game():
    state = dealt(RESERVES)
    opened = []
    while not state.is_over():
        legal = state.legal_moves()
        move = DRAW if DRAW in legal else TURN if TURN in legal else legal[0]
        events = state.play(move)
        opened += [e.opened for e in events if type(e).__name__ == "PassEnded"]
    assert opened == [1, 2, 3]
    assert state.passes == 3
    assert "3 passes are used" in state.outcome().reason
    assert state.outcome().winner is None


def test_the_ace_version_starts_the_tiers_with_two_aces_and_matches_their_suits():
    state = dealt([], version="ace")
    assert [len(t) for t in state.tiers] == [2, 2, 2]
    assert all(c in ACES for t in state.tiers for c in t)
    assert not any(state.reserves)
    suits = [{s for c in t for s in CARDS[c].suits} for t in state.tiers]
    for move in state.legal_moves():
        if isinstance(move, Play):
            assert set(CARDS[move.card].suits) & suits[move.tier]


def test_winning_puts_every_card_in_the_tiers():
    from controller.ai.base import Budget
    from controller.ai.solitaire import WINNABLE, solve
    for seed in range(20):
        state = CascadesDecktetState.new({"version": "ace"})
        state.play(state.sample_chance(random.Random(seed)))
        verdict = solve(state, Budget(seconds=5))
        if verdict.answer == WINNABLE:
            for move in verdict.line:
                state.play(move)
            assert state.outcome().winner == 0
            assert "all 36 cards" in state.outcome().reason
            assert sum(len(t) for t in state.tiers) == 36
            return
    raise AssertionError("no winnable deal in twenty")


def test_the_same_seed_deals_the_same_cards():
    one, two = CascadesDecktetState.new(), CascadesDecktetState.new()
    assert one.sample_chance(random.Random(5)) == two.sample_chance(random.Random(5))
    assert one.sample_chance(random.Random(5)) != one.sample_chance(random.Random(6))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000))
def test_determinize_keeps_what_was_seen_and_shuffles_the_rest(seed):
    rng = random.Random(seed)
    state = CascadesDecktetState.new()
    state.play(state.sample_chance(rng))
    for _ in range(rng.randrange(1, 30)):
        if state.is_over():
            break
        legal = state.legal_moves()
        state.play(legal[rng.randrange(len(legal))])
    twin = state.determinize(0, rng)
    assert twin.tiers == state.tiers
    assert twin.sources() == state.sources()
    for old, new in zip(state.talon, twin.talon):
        if state.seen >> old & 1:
            assert new == old
    assert sorted(twin.talon + functools.reduce(operator.iadd, twin.reserves, [])) == \
        sorted(state.talon + functools.reduce(operator.iadd, state.reserves, []))


@pytest.mark.parametrize(("change", "reason"), [
    (lambda t: t.replace("dealt=yes", "dealt=maybe"), "yes or no"),
    (lambda t: t.replace("opened=0", "opened=2"), "reserve pile opens"),
    (lambda t: t.replace("plies=1", "plies=x"), "whole numbers"),
    (lambda t: t.replace("tiers=-/-/-", "tiers=-/2MK/-").replace(",2MK,", ","), "tier above"),
    (lambda t: t.replace("version=standard", "version=tarot"), "version"),
    (lambda t: t + " extra=1", "once"),
])
def test_impossible_positions_are_refused(change, reason):
    text = dealt(RESERVES).position()
    with pytest.raises(PositionError, match=reason):
        CascadesDecktetState.from_position(change(text))


def test_a_card_twice_is_refused():
    text = dealt(RESERVES).position()
    with pytest.raises(PositionError, match=r"twice|whole deck"):
        CascadesDecktetState.from_position(text.replace("talon=", "talon=2MK,", 1))


def test_the_json_says_what_can_be_played_where():
    state = dealt([*RESERVES, "forest", "author", "origin"])
    state.play(DRAW)
    data = json.loads(json.dumps(state.to_json()))
    assert data["playable"] == [{"code": "2WL", "name": "Origin", "source": "waste",
                                 "tiers": ["top"]}]
    assert data["passes_left"] == 3
    assert data["cards_left"] == 36
    assert CascadesDecktetState.from_json(data).position() == state.position()
    with pytest.raises(PositionError):
        CascadesDecktetState.from_json({"game": "cascades-decktet"})
