"""The Decktet solitaire Cascades written from the original text
(``cascades-decktet-solitaire.de.txt``) alone, to check the engine against: cards as codes,
piles as plain lists, every rule a few literal lines.

It shares nothing with ``controller.games.cascades_decktet`` but two conventions the text leaves
to the table: how a shuffled deck is laid out (the first nine cards make the reserve piles, three
to a pile, the third on top; in the Ace version the Aces go two to a tier in the order they
come) and that turning an empty waste over still ends a pass (so the next reserve opens).
"""

from __future__ import annotations

SUITS = "MSWLYK"
"""Moons, Suns, Waves, Leaves, Wyrms, Knots."""
DECK = (
    [f"A{s}" for s in SUITS]
    + ["2MK", "2SY", "2WL", "3MW", "3SK", "3LY", "4YK", "4MS", "4WL", "5SW", "5ML", "5YK",
       "6MW", "6LK", "6SY", "7SK", "7WY", "7ML", "8YK", "8MS", "8WL", "9WY", "9LK", "9MS"]
    + [f"C{s}" for s in SUITS]
)
"""The basic Decktet by code: rank, then suits."""
PAWNS = ["PMYK", "PSWK", "PWLY", "PMSL"]
COURTS = ["TMWK", "TMLY", "TSLK", "TSWY"]
TOP, MIDDLE, BOTTOM = 0, 1, 2

Move = str | tuple[str, int]
"""``"draw"``, ``"turn"``, or ``(card, tier)``."""


def rank(card: str) -> str:
    return card[0]


def suits(card: str) -> set[str]:
    return set(card[1:])


class ReferenceDecktet:
    """A game from the seed's text, dealt from ``order`` (the shuffled deck, first card
    first)."""

    def __init__(self, order: list[str], version: str = "standard",
                 passes: int | None = 3) -> None:
        self.version = version
        self.pass_limit = passes
        self.tiers: list[list[str]] = [[], [], []]
        self.reserves: list[list[str]] = [[], [], []]
        if version == "ace":
            # "die Asse dem Deck entnommen und jeweils zwei pro Stufe aufgedeckt. Es gibt keine
            #  Reservestapel."
            aces = [c for c in order if rank(c) == "A"]
            self.tiers = [aces[0:2], aces[2:4], aces[4:6]]
            self.stock = [c for c in order if rank(c) != "A"]
        else:
            # "lege dann drei verdeckte Stapel zu je drei Karten untereinander aus. Dies sind
            #  die Reservestapel. Die verbliebenen Karten sind der Zugstapel."
            self.reserves = [order[0:3], order[3:6], order[6:9]]
            self.stock = list(order[9:])
        self.waste: list[str] = []
        self.opened = 0
        self.passes = 0
        self.offered = False
        self.result: str | None = None
        self.note_offer()

    # -- the rules -------------------------------------------------------------------------------

    def fits(self, card: str, tier: int) -> bool:
        row = self.tiers[tier]
        here = sum(1 for c in row if rank(c) == rank(card))
        above = sum(1 for c in self.tiers[tier - 1] if rank(c) == rank(card)) if tier else 0
        if rank(card) in "AC":
            # "Da Asse und Kronen sechs mal vorkommen, können von ihnen maximal zwei in einer
            #  Stufe ausliegen. Um ein zweites Ass an eine Stufen anlegen zu können, muss auch
            #  in der darüber liegenden Stufe ein zweites Ass ausgespielt sein."
            if here >= 2:
                return False
        elif rank(card) in "PT":
            # "können in der oberen Stufe jeweils zwei Bauern und Höfe angelegt werden. Jedoch
            #  nur wenn zuvor in der unteren Stufe die entsprechende Karte angelegt wurde."
            if here >= (2 if tier == TOP else 1):
                return False
            if tier == TOP and here == 1 and \
                    not any(rank(c) == rank(card) for c in self.tiers[BOTTOM]):
                return False
        elif here >= 1:
            # "Jeder Rang darf nur einmal pro Stufe anliegen."
            return False
        # "Um eine Karte an die mittlere oder untere Stufe anzuspielen, muss eine Karte von
        #  gleichem Rang bereits in der darüber liegenden Stufe angelegt sein" (for a second
        #  copy, a second copy above).
        if tier and above <= here:
            return False
        if self.version == "ace":
            # "In einer Stufe können nur Karten angelegt werden, die mit mindestens einem der
            #  Asse eine Farbe teilen."
            return bool(suits(card) & (suits(row[0]) | suits(row[1])))
        # "Hierfür muss die Karte in mindestens einer Farbe mit der Karte die das aktuelle
        #  Reihenende bildet übereinstimmen."
        return not row or bool(suits(card) & suits(row[-1]))

    def playable(self) -> list[str]:
        """ "Nur die oberste dieser drei Karten ist jetzt aufgedeckt" (and the top card of an
        open reserve pile: "können dessen Karten jederzeit gespielt werden")."""
        cards = [self.waste[-1]] if self.waste else []
        cards += [pile[-1] for pile in self.reserves[:self.opened] if pile]
        return cards

    def first_card_waiting(self) -> bool:
        """ "Spiele sie neben den obersten Reservestapel. Sie ist der Beginn der oberen Stufe.\""""
        return self.version == "standard" and bool(self.waste) and not any(self.tiers)

    def may_turn(self) -> bool:
        if self.stock:
            return False
        if not self.waste and (self.version == "ace" or self.opened == 3):
            return False
        if self.pass_limit is None:
            # Ace version: "Spiele bis alle Karten angelegt wurden (Sieg) oder nicht mehr
            # angelegt werden kann (Niederlage)." — lost only when a pass offered nothing.
            return self.offered
        return self.passes < self.pass_limit

    def legal(self) -> list[Move]:
        if self.result is not None:
            return []
        if self.first_card_waiting():
            return [(self.waste[-1], TOP)]
        moves = self.legal_plays()
        if self.stock:
            moves.append("draw")
        elif self.may_turn():
            moves.append("turn")
        return moves

    # -- playing ---------------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        assert move in self.legal(), f"{move} is not legal here"
        if move == "draw":
            # "spiele dich immer in Schritten von drei Karten durch das Deck"
            self.waste += self.stock[:3]
            self.stock = self.stock[3:]
            if not self.stock:
                self.end_pass()
        elif move == "turn":
            # "Dann wird der Ablagestapel umgedreht und bildet den neuen Zugstapel."
            self.stock, self.waste = self.waste, []
            self.offered = False
            if not self.stock:
                self.end_pass()
        else:
            card, tier = move
            if self.waste and self.waste[-1] == card:
                self.waste.pop()
            else:
                next(p for p in self.reserves if p and p[-1] == card).pop()
            self.tiers[tier].append(card)
        self.note_offer()
        self.result = self.ending()

    def end_pass(self) -> None:
        """ "Nach dem ersten Durchgang durch das Deck wird die oberste Karte des oberen
        Reservestapels aufgedeckt." … "Nach dem zweiten und dritten Durchgang werden analog die
        obersten Karten des mittleren und unteren Reservestapels aufgedeckt." """
        self.passes += 1
        if self.version == "standard" and self.opened < 3:
            self.opened += 1

    def note_offer(self) -> None:
        if self.legal_plays():
            self.offered = True

    def legal_plays(self) -> list[Move]:
        return [(card, tier) for card in self.playable() for tier in range(3)
                if self.fits(card, tier)]

    def ending(self) -> str | None:
        # "Sieg: Alle Karten aus Zug- und Reservestapeln sind an die Stufen angelegt."
        if not self.stock and not self.waste and not any(self.reserves):
            return "won"
        # "Niederlage: Nach drei Durchläufen durch das Deck konnten nicht alle Karten … an die
        #  Stufen angelegt werden." (or, without a limit, nothing more can be played)
        return None if self.legal() else "lost"
