"""The Decktet: six suits, ranks Ace to 9 and Crown, and the optional Pawns and Courts.

Each card has a number (its index in :data:`CARDS`), a name for people, a short code for deals
(rank then suit letters: ``2MK`` is the Author, Moons and Knots) and a token for moves (the
name in lower case, words joined by ``-``: ``chance-meeting``, ``ace-of-moons``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

SUITS = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
SUIT_LETTERS = "MSWLYK"
ACE, CROWN, PAWN, COURT = 1, 10, 11, 12
RANK_NAMES = {ACE: "Ace", CROWN: "Crown", PAWN: "Pawn", COURT: "Court",
              **{n: str(n) for n in range(2, 10)}}
RANK_CODES = {ACE: "A", CROWN: "C", PAWN: "P", COURT: "T", **{n: str(n) for n in range(2, 10)}}
SIX_COPIES = frozenset({ACE, CROWN})
"""Ranks with six copies: at most two of them in every tier."""
FOUR_COPIES = frozenset({PAWN, COURT})
"""Ranks with four copies: one in the middle and bottom tiers, two in the top tier."""
TWICE = SIX_COPIES | FOUR_COPIES
"""Ranks that some tier may hold twice."""


def tier_room(rank: int, tier: int) -> int:
    """How many cards of ``rank`` tier ``tier`` (0 top, 1 middle, 2 bottom) may hold. The seed:
    Aces and Crowns "maximal zwei in einer Stufe"; "in der oberen Stufe jeweils zwei Bauern und
    Höfe" (and so one in the others); every other rank "nur einmal pro Stufe"."""
    if rank in SIX_COPIES:
        return 2
    if rank in FOUR_COPIES:
        return 2 if tier == 0 else 1
    return 1


ROOM = tuple(tuple(tier_room(rank, tier) for rank in range(COURT + 1)) for tier in range(3))
"""``tier_room`` as a table, ``ROOM[tier][rank]``, for the rank rules' many calls."""


class RankRule(Enum):
    """The rank rules, each a reason a tier may refuse a card for its rank alone."""

    ROOM = "room"
    """The tier holds as many cards of the rank as it may (:func:`tier_room`)."""
    ABOVE = "above"
    """A tier below the top takes a card of a rank only while the tier above holds more."""
    BOTTOM = "bottom"
    """A second Pawn or Court goes to the top tier only once the bottom tier holds one."""


def broken_rank_rule(rank: int, tier: int, here: int, above: int, bottom: int) \
        -> RankRule | None:
    """The rank rule that a card of ``rank`` would break going to ``tier``, which holds
    ``here`` cards of its rank (``above``: how many the tier above holds, ignored for the top
    tier; ``bottom``: how many the bottom tier holds), or ``None`` when it breaks none. The one
    statement of these rules: the game's state and its solver in Python call it, and
    tests/controller/ai/test_solitaire_core_rules.py holds the compiled solver to it."""
    if here >= ROOM[tier][rank]:
        return RankRule.ROOM
    if tier and above <= here:
        return RankRule.ABOVE
    if here and rank in FOUR_COPIES and not bottom:
        return RankRule.BOTTOM
    return None


@dataclass(frozen=True)
class Card:
    """One Decktet card."""

    name: str
    rank: int
    suits: tuple[int, ...]
    """Suit numbers (indexes into :data:`SUITS`)."""

    @property
    def code(self) -> str:
        """Rank and suit letters, as deals are written: ``2MK``."""
        return RANK_CODES[self.rank] + "".join(SUIT_LETTERS[s] for s in self.suits)

    @property
    def token(self) -> str:
        """The card in moves: its name in lower case, ``-`` between words."""
        return self.name.lower().replace(" ", "-")

    @property
    def mask(self) -> int:
        """The suits as bits, so "shares a suit" is one ``&``."""
        bits = 0
        for suit in self.suits:
            bits |= 1 << suit
        return bits


def _suits(letters: str) -> tuple[int, ...]:
    return tuple(SUIT_LETTERS.index(c) for c in letters)


_TABLE = [
    *(("Ace of " + SUITS[s].capitalize(), ACE, SUIT_LETTERS[s]) for s in range(6)),
    ("Author", 2, "MK"), ("Desert", 2, "SY"), ("Origin", 2, "WL"),
    ("Journey", 3, "MW"), ("Painter", 3, "SK"), ("Savage", 3, "LY"),
    ("Battle", 4, "YK"), ("Mountain", 4, "MS"), ("Sailor", 4, "WL"),
    ("Discovery", 5, "SW"), ("Forest", 5, "ML"), ("Soldier", 5, "YK"),
    ("Lunatic", 6, "MW"), ("Market", 6, "LK"), ("Penitent", 6, "SY"),
    ("Castle", 7, "SK"), ("Cave", 7, "WY"), ("Chance Meeting", 7, "ML"),
    ("Betrayal", 8, "YK"), ("Diplomat", 8, "MS"), ("Mill", 8, "WL"),
    ("Darkness", 9, "WY"), ("Merchant", 9, "LK"), ("Pact", 9, "MS"),
    ("Huntress", CROWN, "M"), ("Bard", CROWN, "S"), ("Sea", CROWN, "W"),
    ("End", CROWN, "L"), ("Calamity", CROWN, "Y"), ("Windfall", CROWN, "K"),
    ("Watchman", PAWN, "MYK"), ("Light Keeper", PAWN, "SWK"), ("Borderland", PAWN, "WLY"),
    ("Harvest", PAWN, "MSL"),
    ("Consul", COURT, "MWK"), ("Rite", COURT, "MLY"), ("Window", COURT, "SLK"),
    ("Island", COURT, "SWY"),
]
CARDS: tuple[Card, ...] = tuple(Card(name, rank, _suits(letters))
                                for name, rank, letters in _TABLE)
BASIC = tuple(i for i, card in enumerate(CARDS) if card.rank <= CROWN)
"""The 36 cards of the basic deck."""
PAWNS = tuple(i for i, card in enumerate(CARDS) if card.rank == PAWN)
COURTS = tuple(i for i, card in enumerate(CARDS) if card.rank == COURT)
ACES = tuple(i for i, card in enumerate(CARDS) if card.rank == ACE)
MASKS = tuple(card.mask for card in CARDS)
RANKS = tuple(card.rank for card in CARDS)

_LOOKUP = {key: i for i, card in enumerate(CARDS)
           for key in (card.token, card.code.lower(), card.name.lower())}
_LOOKUP.update({f"ace-{SUITS[s]}": ACES[s] for s in range(6)})


def find_card(text: str) -> int | None:
    """The card a token, code or name means (``author``, ``2MK``, ``Ace of Moons``)."""
    return _LOOKUP.get(text.strip().lower().replace("_", "-"))
