"""The Decktet solitaire as the original text says it, sentence by sentence: each test quotes the
seed (``cascades-decktet-solitaire.de.txt``) and plays what it says."""

from __future__ import annotations

import pytest

from controller.games import IllegalMoveError, PositionError
from controller.games.cascades_decktet.cards import ACES, CARDS, find_card
from controller.games.cascades_decktet.moves import DRAW, TURN, Deal, Play
from controller.games.cascades_decktet.state import CascadesDecktetState

PAWNS_AND_COURTS_DEAL = (
    "deal:AM.AS.AW.AL.AY.AK.2MK.2SY.2WL.PMYK.PSWK.PWLY.3MW.3SK.PMSL.3LY.4YK.4MS.4WL.5SW.5ML."
    "5YK.6MW.6LK.6SY.7SK.7WY.7ML.8YK.8MS.8WL.9WY.9LK.9MS.CM.CS.CW.CL.CY.CK.TMWK.TMLY.TSLK.TSWY")
"""Reserves of Aces and Twos; the stock turns the Pawns Watchman, Light Keeper and Borderland
first, then the Journey, the Painter and the Harvest."""


def card(name: str) -> int:
    found = find_card(name)
    assert found is not None, name
    return found


def with_pawns_and_courts() -> CascadesDecktetState:
    state = CascadesDecktetState.new({"pawns": "yes", "courts": "yes"})
    state.play_text(PAWNS_AND_COURTS_DEAL)
    return state


def play(state: CascadesDecktetState, *moves: str) -> None:
    for move in moves:
        state.play_text(move)


# "Beginne das Spiel, in dem du die obersten drei Karten des Zugstapels auf einmal umdrehst …
#  Spiele sie neben den obersten Reservestapel. Sie ist der Beginn der oberen Stufe."

def test_the_first_card_turned_up_starts_the_top_tier_at_once():
    state = with_pawns_and_courts()
    assert state.legal_moves() == [DRAW]
    state.play(DRAW)
    borderland = card("borderland")
    assert state.first_card() == borderland
    assert state.legal_moves() == [Play(borderland, 0)], "no other move, not even a draw"
    with pytest.raises(IllegalMoveError, match="first card turned up starts the top tier"):
        state.play(DRAW)
    with pytest.raises(IllegalMoveError, match="first card turned up starts the top tier"):
        state.play(Play(borderland, 1))
    state.play(Play(borderland, 0))
    assert state.first_card() is None
    assert DRAW in state.legal_moves(), "after it, the player decides"


def test_the_ace_version_has_no_first_card_rule_its_aces_start_the_tiers():
    state = CascadesDecktetState.new({"version": "ace"})
    state.play(Deal(ACES + tuple(c for c in state.deck if c not in ACES)))
    state.play(DRAW)
    assert state.first_card() is None
    assert DRAW in state.legal_moves()


# "Da sie jeweils vier mal vorkommen, können in der oberen Stufe jeweils zwei Bauern und Höfe
#  angelegt werden. Jedoch nur wenn zuvor in der unteren Stufe die entsprechende Karte angelegt
#  wurde."

def test_a_second_pawn_on_top_only_once_the_bottom_tier_holds_one():
    state = with_pawns_and_courts()
    play(state, "draw", "borderland:top")
    with pytest.raises(IllegalMoveError, match="second Pawn goes to the top tier only once the "
                                               "bottom tier holds one"):
        state.play_text("light-keeper:top")


def test_one_pawn_in_the_middle_tier_and_one_in_the_bottom_tier():
    state = with_pawns_and_courts()
    play(state, "draw", "borderland:top", "light-keeper:middle")
    assert "middle tier already holds a card of that rank" in \
        state.tier_refusal(card("watchman"), 1)
    play(state, "watchman:bottom", "draw")
    assert state.waste_top() == card("harvest")
    assert "middle tier already holds a card" in state.tier_refusal(card("harvest"), 1)
    assert "bottom tier already holds a card" in state.tier_refusal(card("harvest"), 2)


def test_all_four_pawns_go_top_middle_bottom_then_top_again():
    state = with_pawns_and_courts()
    play(state, "draw", "borderland:top", "light-keeper:middle", "watchman:bottom", "draw",
         "harvest:top")
    pawn = CARDS[card("harvest")].rank
    assert [sum(1 for c in row if CARDS[c].rank == pawn) for row in state.tiers] == [2, 1, 1]


def test_without_a_pawn_below_the_fourth_waits():
    state = with_pawns_and_courts()
    play(state, "draw", "borderland:top", "light-keeper:middle", "draw")
    assert state.waste_top() == card("harvest")
    assert not state.is_legal(Play(card("harvest"), 0))
    assert Play(card("harvest"), 0) not in state.legal_moves()


def test_a_position_with_two_pawns_on_top_and_none_below_is_refused():
    state = with_pawns_and_courts()
    play(state, "draw", "borderland:top", "light-keeper:middle", "watchman:bottom", "draw",
         "harvest:top")
    text = state.position()
    assert CascadesDecktetState.from_position(text).position() == text
    tiers = next(w for w in text.split() if w.startswith("tiers="))
    moved = tiers.replace("/PMYK", "/-")
    broken = text.replace(tiers, moved).replace("talon=", "talon=PMYK,")
    with pytest.raises(PositionError, match="needs its rank in the bottom tier"):
        CascadesDecktetState.from_position(broken)


# Ass-Variante: "Diese Variante ist nicht auf drei Durchläufe durch das Deck begrenzt. Spiele bis
# alle Karten angelegt wurden (Sieg) oder nicht mehr angelegt werden kann (Niederlage)."

ACE_DEAL = ("deal:AM.AS.AW.AL.AY.AK.2SY.2WL.2MK.3MW.3SK.3LY.4YK.4MS.4WL.5SW.5ML.5YK.6MW.6LK.6SY."
            "7SK.7ML.8YK.8MS.8WL.9WY.9LK.9MS.CM.CS.CW.CL.CY.CK.7WY")


def test_a_pass_that_offered_a_card_is_not_lost_though_none_was_played():
    state = CascadesDecktetState.new({"version": "ace"})
    state.play_text(ACE_DEAL)
    state.play(DRAW)
    assert Play(card("author"), 0) in state.legal_moves(), "the Author fits the top tier"
    for _ in range(9):
        state.play(DRAW)
    assert not state.stock
    assert not state.is_over(), "cards could still be played"
    assert TURN in state.legal_moves()
    state.play(TURN)
    assert state.passes == 1


def tiny_ace_game(*rest: str) -> CascadesDecktetState:
    """The six Aces (Moons and Suns on top, Waves and Leaves in the middle, Wyrms and Knots at
    the bottom) and the cards ``rest``, turned in that order."""
    extra = tuple(card(name) for name in rest)
    order = tuple(card(n) for n in ("AM", "AS", "AW", "AL", "AY", "AK")) + extra
    state = CascadesDecktetState(tuple(sorted(order)), "ace", "unlimited")
    state.play(Deal(order))
    return state


def test_the_game_is_lost_only_after_a_pass_that_offered_nothing():
    # The Battle (Wyrms, Knots) fits only the bottom tier, which needs a 4 in the middle first:
    # it can never be played. The Author (Moons, Knots) fits the top tier.
    state = tiny_ace_game("battle", "author")
    state.play(DRAW)
    assert state.waste_top() == card("author")
    assert state.legal_moves() == [Play(card("author"), 0), TURN], "declining is allowed"
    state.play(TURN)
    state.play(DRAW)
    assert TURN in state.legal_moves(), "the Author is offered again"
    state.play_text("author:top")
    assert TURN in state.legal_moves(), "this pass offered (and played) a card"
    state.play(TURN)
    state.play(DRAW)
    assert state.is_over()
    assert state.outcome().winner is None
    assert "a whole pass offered no card to play: 1 card left" in state.outcome().reason


def test_a_pass_that_offered_nothing_refuses_a_turn():
    state = tiny_ace_game("battle", "author")
    play(state, "draw", "author:top", "turn", "draw")
    assert state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        state.play(TURN)

