"""Cascades, the Decktet solitaire: play the whole deck onto three tiers, three cards at a
time.

Rules: ``docs/games/cascades-decktet.md``. A move is the deal (chance: the shuffled deck), a
card played from the waste or an open reserve onto a tier (:class:`Play`), ``DRAW`` (turn the
next three cards of the stock) or ``TURN`` (turn the waste over as a new stock). The stock and
waste are kept as one list in deck order (the talon) with a count of cards turned: the waste is
its first ``turned`` cards, the top card last — turning the waste over keeps the order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

from controller.games.base import CHANCE, Event, GameInfo, GameOver, Outcome, Rng
from controller.games.cascades_decktet import notation
from controller.games.cascades_decktet.cards import (
    ACE,
    ACES,
    BASIC,
    CARDS,
    COURTS,
    MASKS,
    PAWNS,
    RANK_NAMES,
    RANKS,
    RankRule,
    broken_rank_rule,
    tier_room,
)
from controller.games.cascades_decktet.events import (
    CardPlayed,
    Dealt,
    Drawn,
    PassEnded,
    WasteTurned,
)
from controller.games.cascades_decktet.moves import DRAW, TIERS, TURN, Deal, Move, Play
from controller.games.cascades_decktet.notation import Setup
from controller.games.errors import (
    IllegalMoveError,
    NothingToUndoError,
    OptionsError,
    PositionError,
)
from controller.games.notated import NotatedState

VERSIONS = ("standard", "ace")
PASS_LIMITS = ("3", "unlimited")
RESERVE_PILES, RESERVE_SIZE, PASSES = 3, 3, 3


class CascadesDecktetState(NotatedState[Move]):
    """A game of the Decktet solitaire Cascades for one player."""

    notation: ClassVar[ModuleType] = notation
    info = GameInfo(
        name="cascades-decktet",
        title="Cascades (Decktet)",
        players=("player",),
        options={
            "version": "standard (three reserve piles) or ace (the Aces start the tiers; "
                       "default standard)",
            "passes": "3 or unlimited (lost when a whole pass offers no card to play; "
                      "default 3, unlimited for the ace version)",
            "pawns": "yes to add the four Pawns (default no)",
            "courts": "yes to add the four Courts (default no)",
        },
        chance=True,
        hidden_information=True,
    )
    playout_limit = 2000
    """With unlimited passes a player may decline the cards offered and turn the waste over
    for ever; a random playout must not."""

    def __init__(self, deck: Sequence[int] = BASIC, version: str = "standard",
                 passes: str | None = None) -> None:
        if version not in VERSIONS:
            raise OptionsError(f"version {version!r}: choose standard or ace")
        passes = passes or ("unlimited" if version == "ace" else "3")
        if passes not in PASS_LIMITS:
            raise OptionsError(f"passes {passes!r}: choose 3 or unlimited")
        if version == "ace" and not set(ACES) <= set(deck):
            raise OptionsError("the ace version needs the six Aces in the deck")
        self.deck = tuple(sorted(deck))
        self.version = version
        self.pass_limit: int | None = PASSES if passes == "3" else None
        self.dealt = False
        self.tiers: list[list[int]] = [[], [], []]
        self.reserves: list[list[int]] = [[], [], []]
        """Each reserve pile bottom first; its last card is the top."""
        self.opened = 0
        """How many reserve piles are open (they open top pile first)."""
        self.talon: list[int] = []
        """Stock and waste in deck order; the waste is ``talon[:turned]``."""
        self.turned = 0
        self.passes = 0
        """How many times the stock has run out."""
        self.offered_in_pass = False
        """Whether some card could be played at some moment since the waste was last turned
        over (or the deal): with unlimited passes the game is lost only after a whole pass that
        offered none, not after one in which the player chose to play none."""
        self.seen = 0
        """Bits of the cards the player has seen face up."""
        self.counts: list[list[int]] = [[0] * 13 for _ in range(3)]
        """Cards of each rank in each tier, kept up to date for the tier rule."""
        self._legal: list[Move] | None = None
        self._plies = 0
        self._outcome: Outcome | None = None
        self._undo: list[tuple[Move, tuple[Any, ...]]] = []

    # -- creating, copying, saving ----------------------------------------------------------

    @classmethod
    def new(cls, options: Mapping[str, str] | None = None) -> CascadesDecktetState:
        given = {key.strip().lower(): str(value).strip().lower()
                 for key, value in (options or {}).items()}
        version = given.pop("version", "standard")
        passes = given.pop("passes", None)
        extras: list[int] = []
        for name, cards in (("pawns", PAWNS), ("courts", COURTS)):
            value = given.pop(name, "no")
            if value not in ("yes", "no"):
                raise OptionsError(f"{name} {value!r}: yes or no")
            if value == "yes":
                extras.extend(cards)
        if given:
            raise OptionsError(f"Cascades (Decktet) has no option {', '.join(sorted(given))}; "
                               "its options are version, passes, pawns and courts")
        return cls(BASIC + tuple(extras), version, passes)

    def options(self) -> dict[str, str]:
        return {"version": self.version,
                "passes": "unlimited" if self.pass_limit is None else str(self.pass_limit),
                "pawns": "yes" if set(PAWNS) <= set(self.deck) else "no",
                "courts": "yes" if set(COURTS) <= set(self.deck) else "no"}

    @classmethod
    def from_setup(cls, setup: Setup, where: str) -> CascadesDecktetState:
        """The state of ``setup``, checked: the whole deck on the table once dealt (and nothing
        before), reserve piles and passes as the version has them, every tier built by the
        rules."""
        try:
            state = cls(setup.deck, setup.version, setup.limit)
        except OptionsError as error:
            raise PositionError(f"{where}: {error}") from None
        if len(setup.tiers) != 3 or len(setup.reserves) != 3:
            raise PositionError(f"{where}: three tiers and three reserve piles, split by /")
        everything = [c for t in setup.tiers for c in t] + \
            [c for r in setup.reserves for c in r] + list(setup.talon)
        if len(set(everything)) != len(everything):
            raise PositionError(f"{where}: a card appears twice")
        if setup.dealt and sorted(everything) != list(state.deck):
            raise PositionError(f"{where}: the tiers, reserves and talon must hold the whole "
                                "deck")
        if not setup.dealt and everything:
            raise PositionError(f"{where}: before the deal the table is empty")
        state.dealt = setup.dealt
        state.tiers = [list(t) for t in setup.tiers]
        state.reserves = [list(r) for r in setup.reserves]
        state.talon = list(setup.talon)
        state.opened, state.turned, state.passes = setup.opened, setup.turned, setup.passes
        state.offered_in_pass, state.seen, state._plies = setup.offered, setup.seen, setup.plies
        state.counts = [[sum(1 for c in row if RANKS[c] == rank) for rank in range(13)]
                        for row in state.tiers]
        for row in state.tiers:
            for card in row:
                state.seen |= 1 << card
        state._check(where)
        state._see()
        state._note_offers()
        state._outcome = state._judge() if setup.dealt else None
        return state

    def _check(self, where: str) -> None:
        """The piles, passes and tiers, against the rules."""
        if any(len(r) > 3 for r in self.reserves) or not 0 <= self.opened <= 3:
            raise PositionError(f"{where}: reserve piles hold at most three cards; 0-3 are open")
        if not 0 <= self.turned <= len(self.talon):
            raise PositionError(f"{where}: turned counts cards of the talon")
        if self.pass_limit is not None and self.passes > self.pass_limit:
            raise PositionError(f"{where}: at most {self.pass_limit} passes")
        if self.version == "ace":
            if any(self.reserves) or self.opened:
                raise PositionError(f"{where}: the ace version has no reserve piles")
            if self.dealt and any(len(t) < 2 or RANKS[t[0]] != ACE or RANKS[t[1]] != ACE
                                  for t in self.tiers):
                raise PositionError(f"{where}: in the ace version each tier starts with two "
                                    "Aces")
        elif self.opened != min(3, self.passes):
            raise PositionError(f"{where}: a reserve pile opens after each of the first three "
                                "passes")
        for tier, row in enumerate(self.tiers):
            for index, card in enumerate(row):
                self._check_card(tier, row, index, card, where)

    def _check_card(self, tier: int, row: list[int], index: int, card: int, where: str) -> None:
        rank = RANKS[card]
        before = sum(1 for c in row[:index] if RANKS[c] == rank)
        broken = broken_rank_rule(rank, tier, before, self.counts[tier - 1][rank] if tier else 0,
                                  self.counts[2][rank])  # cards are never taken off a tier
        if broken is RankRule.ROOM:
            raise PositionError(f"{where}: too many cards of one rank in a tier")
        if broken is RankRule.BOTTOM:
            raise PositionError(f"{where}: a second {CARDS[card].name} on top needs its rank "
                                "in the bottom tier")
        if broken is RankRule.ABOVE:
            raise PositionError(f"{where}: {CARDS[card].name} needs more of its rank in the "
                                "tier above")
        if self.version == "standard" and index and not MASKS[card] & MASKS[row[index - 1]]:
            raise PositionError(f"{where}: {CARDS[card].name} shares no suit with the card "
                                "before it")
        if self.version == "ace" and index >= 2 and \
                not MASKS[card] & (MASKS[row[0]] | MASKS[row[1]]):
            raise PositionError(f"{where}: {CARDS[card].name} shares no suit with its tier's "
                                "Aces")

    def setup(self) -> Setup:
        limit = "unlimited" if self.pass_limit is None else str(self.pass_limit)
        return Setup(self.deck, self.version, limit, self.dealt,
                     tuple(tuple(t) for t in self.tiers), tuple(tuple(r) for r in self.reserves),
                     self.opened, tuple(self.talon), self.turned, self.passes,
                     self.offered_in_pass, self.seen, self._plies)

    def copy(self) -> CascadesDecktetState:
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.tiers = [t[:] for t in self.tiers]
        twin.reserves = [r[:] for r in self.reserves]
        twin.talon = self.talon[:]
        twin.counts = [c[:] for c in self.counts]
        twin._undo = self._undo[:]
        return twin

    # -- reading the table --------------------------------------------------------------------

    @property
    def extended(self) -> bool:
        """Whether the deck has Pawns or Courts (the extended Decktet) beside the basic 36."""
        return any(card not in BASIC for card in self.deck)

    @property
    def stock(self) -> list[int]:
        """The face-down stock, next card first."""
        return self.talon[self.turned:]

    @property
    def waste(self) -> list[int]:
        """The waste, top card last."""
        return self.talon[:self.turned]

    def waste_top(self) -> int | None:
        """The playable waste card."""
        return self.talon[self.turned - 1] if self.turned else None

    def sources(self) -> dict[int, str]:
        """The cards that may be played now, each with where it lies."""
        found: dict[int, str] = {}
        top = self.waste_top()
        if top is not None:
            found[top] = "waste"
        for pile in range(self.opened):
            if self.reserves[pile]:
                found[self.reserves[pile][-1]] = f"reserve-{pile + 1}"
        return found

    def cards_left(self) -> int:
        """Cards not yet in the tiers."""
        return len(self.talon) + sum(len(r) for r in self.reserves)

    def situation(self) -> str:
        """``24 cards left · 2 turns of the waste left``."""
        if not self.dealt:
            return "the deck is shuffled"
        left = self.cards_left()
        words = [f"{left} card{'' if left == 1 else 's'} left"]
        passes = self.passes_left()
        if passes is not None:
            words.append(f"{passes} turn{'' if passes == 1 else 's'} of the waste left")
        return " · ".join(words)

    def left_over(self) -> int | None:
        """The cards not in the tiers."""
        return self.cards_left() if self.dealt else None

    def passes_left(self) -> int | None:
        """How many more times the waste may be turned over (``None``: without limit)."""
        if self.pass_limit is None:
            return None
        return max(0, self.pass_limit - self.passes)

    def first_card(self) -> int | None:
        """The first card turned up in the standard version while it waits to start the top
        tier (seed: "Spiele sie neben den obersten Reservestapel. Sie ist der Beginn der oberen
        Stufe" — not a choice), else ``None``."""
        if self.version == "standard" and self.turned and not any(self.tiers):
            return self.talon[self.turned - 1]
        return None

    def tier_refusal(self, card: int, tier: int) -> str | None:
        """Why ``card`` may not go to ``tier`` by the tier rules, or ``None``."""
        rank = RANKS[card]
        row = self.tiers[tier]
        name = CARDS[card].name
        if self.first_card() is not None and tier:
            return f"the first card turned up starts the top tier: play {name} to the top"
        broken = self._broken_rank_rule(rank, tier)
        if broken is RankRule.ROOM:
            room = tier_room(rank, tier)
            return f"the {TIERS[tier]} tier already holds {'two' if room == 2 else 'a'} " \
                f"{'of that rank' if room == 2 else 'card of that rank'}"
        if broken is RankRule.ABOVE:
            return f"the {TIERS[tier - 1]} tier must hold more cards of that rank first"
        if broken is RankRule.BOTTOM:
            return f"a second {RANK_NAMES[rank]} goes to the top tier only once the bottom " \
                "tier holds one"
        if self.version == "ace":
            if not any(MASKS[card] & MASKS[c] for c in row[:2]):
                return f"{name} shares no suit with the {TIERS[tier]} tier's Aces"
        elif row and not MASKS[card] & MASKS[row[-1]]:
            return f"{name} shares no suit with {CARDS[row[-1]].name}, the end of the " \
                f"{TIERS[tier]} tier"
        return None

    def can_play(self, card: int, tier: int) -> bool:
        """Whether the tier rules let ``card`` go to ``tier`` (wherever it lies): the quick
        form of :meth:`tier_refusal`, which a solver calls millions of times."""
        if self._broken_rank_rule(RANKS[card], tier) is not None:
            return False
        row = self.tiers[tier]
        if self.version == "ace":
            return any(MASKS[card] & MASKS[c] for c in row[:2])
        return not row or bool(MASKS[card] & MASKS[row[-1]])

    def _broken_rank_rule(self, rank: int, tier: int) -> RankRule | None:
        counts = self.counts
        return broken_rank_rule(rank, tier, counts[tier][rank],
                                counts[tier - 1][rank] if tier else 0, counts[2][rank])

    def can_turn(self) -> bool:
        """Whether the waste may be turned over as a new stock now."""
        if not self.dealt or self.turned < len(self.talon):
            return False
        if not self.talon and (self.version == "ace" or self.opened >= RESERVE_PILES):
            return False
        if self.pass_limit is None:
            return self.offered_in_pass
        return self.passes < self.pass_limit

    # -- whose turn, how it ended -------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        if self._outcome is not None:
            return None
        return 0 if self.dealt else CHANCE

    @property
    def plies(self) -> int:
        return self._plies

    @property
    def moves(self) -> Sequence[Move]:
        return tuple(move for move, _ in self._undo)

    def outcome(self) -> Outcome | None:
        return self._outcome

    # -- moves ----------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self._outcome is not None:
            return []
        if not self.dealt:
            return []  # a shuffle has too many outcomes to list: see sample_chance
        if self._legal is None:
            moves: list[Move] = self._plays()
            if self.first_card() is None:  # else the first card must start the top tier
                if self.turned < len(self.talon):
                    moves.append(DRAW)
                elif self.can_turn():
                    moves.append(TURN)
            self._legal = moves
        return self._legal[:]

    def _plays(self) -> list[Move]:
        """Every card that can go to a tier now (while the tiers are empty, only the top tier
        can take one: the lower tiers need its rank above)."""
        return [Play(card, tier) for card in self.sources() for tier in range(3)
                if self.can_play(card, tier)]

    def is_legal(self, move: Move) -> bool:
        return self._refusal(move) is None

    def _refusal(self, move: Move) -> str | None:
        if self._outcome is not None:
            return f"the game is over: {self._outcome.reason}"
        if not self.dealt:
            if isinstance(move, Deal) and sorted(move.cards) == list(self.deck):
                return None
            return "the deck is being shuffled: only a deal of its cards can come next"
        if isinstance(move, Deal):
            return "the cards are already dealt"
        if isinstance(move, Play):
            if not 0 <= move.tier < 3 or not 0 <= move.card < len(CARDS):
                return "not a card and tier"
            if move.card not in self.sources():
                return f"{CARDS[move.card].name} is not the top of the waste or of an open " \
                    "reserve pile"
            return self.tier_refusal(move.card, move.tier)
        first = self.first_card()
        if first is not None and move in (DRAW, TURN):
            return f"the first card turned up starts the top tier: play {CARDS[first].name} " \
                "to the top"
        if move == DRAW:
            return None if self.turned < len(self.talon) else \
                "the stock is empty: turn the waste over"
        if move == TURN:
            if self.turned < len(self.talon):
                return "the stock is not empty yet"
            if self.can_turn():
                return None
            if self.pass_limit is not None and self.passes >= self.pass_limit:
                return f"all {self.pass_limit} passes are used"
            if self.pass_limit is None and not self.offered_in_pass:
                return "a whole pass offered no card to play"
            return "there is nothing left to turn over"
        return "not a move of this game"

    def play(self, move: Move) -> list[Event]:
        refusal = self._refusal(move)
        if refusal is not None:
            raise IllegalMoveError(self._describe(move), self.position(), refusal)
        self._undo.append((move, self._snapshot()))
        self._plies += 1
        self._legal = None
        events: list[Event]
        if isinstance(move, Deal):
            self.lay_out(move.cards)
            events = [Dealt(sum(len(r) for r in self.reserves), len(self.talon))]
        elif isinstance(move, Play):
            source = self.sources()[move.card]
            if source == "waste":
                self.talon.pop(self.turned - 1)
                self.turned -= 1
            else:
                self.reserves[int(source[-1]) - 1].pop()
            self.tiers[move.tier].append(move.card)
            self.counts[move.tier][RANKS[move.card]] += 1
            events = [CardPlayed(move.card, source, move.tier)]
        elif move == DRAW:
            cards = tuple(self.talon[self.turned:self.turned + 3])
            self.turned += len(cards)
            events = [Drawn(cards, cards[-1])]
            if self.turned == len(self.talon):
                events.append(self._pass_ended())
        else:
            self.turned = 0
            self.offered_in_pass = False
            events = [WasteTurned(len(self.talon))]
            if not self.talon:
                events.append(self._pass_ended())
        self._see()
        self._note_offers()
        self._outcome = self._judge()
        if self._outcome is not None:
            events.append(GameOver(self._outcome))
        return events

    def _note_offers(self) -> None:
        """Remember that this pass offered a card to play, if one can be played now."""
        if not self.offered_in_pass and self._plays():
            self.offered_in_pass = True

    def lay_out(self, cards: Sequence[int]) -> None:
        """Lay out a shuffled deck: in the standard version the first nine cards make the
        reserve piles (three each, top pile first, the third card of each on top) and the rest
        is the stock; in the Ace version the Aces go two per tier in the order they come and the
        rest is the stock. The stock's first card is turned first."""
        cards = list(cards)
        if self.version == "ace":
            aces = [c for c in cards if RANKS[c] == ACE]
            self.tiers = [aces[0:2], aces[2:4], aces[4:6]]
            for tier in range(3):
                self.counts[tier][ACE] = 2
                for card in self.tiers[tier]:
                    self.seen |= 1 << card
            self.talon = [c for c in cards if RANKS[c] != ACE]
        else:
            size = RESERVE_PILES * RESERVE_SIZE
            self.reserves = [cards[i:i + RESERVE_SIZE] for i in range(0, size, RESERVE_SIZE)]
            self.talon = cards[size:]
        self.dealt = True

    def _pass_ended(self) -> PassEnded:
        self.passes += 1
        opened = None
        if self.version == "standard" and self.opened < RESERVE_PILES:
            self.opened += 1
            opened = self.opened
        return PassEnded(self.passes, opened)

    def _see(self) -> None:
        """Every card is played from a source, so the sources are all that is new to see."""
        for card in self.sources():
            self.seen |= 1 << card

    def _judge(self) -> Outcome | None:
        left = self.cards_left()
        if left == 0:
            return Outcome(0, f"all {len(self.deck)} cards are in the tiers")
        if self.legal_moves():
            return None
        why = "a whole pass offered no card to play" if self.pass_limit is None else \
            f"the {self.pass_limit} passes are used"
        return Outcome(None, f"no card can be played and {why}: {left} "
                       f"card{'s' if left != 1 else ''} left")

    def _snapshot(self) -> tuple[Any, ...]:
        return ([t[:] for t in self.tiers], [r[:] for r in self.reserves], self.talon[:],
                [c[:] for c in self.counts], self.turned, self.opened, self.passes,
                self.offered_in_pass, self.seen, self.dealt, self._outcome)

    def undo(self) -> Move:
        if not self._undo:
            raise NothingToUndoError("there is no move to undo")
        move, snapshot = self._undo.pop()
        (self.tiers, self.reserves, self.talon, self.counts, self.turned, self.opened,
         self.passes, self.offered_in_pass, self.seen, self.dealt, self._outcome) = snapshot
        self._plies -= 1
        self._legal = None
        return move

    # -- chance and hidden cards ------------------------------------------------------------

    def public_move_name(self, move: Move) -> str:
        """``deal`` for the deal: the shuffled order is what the player must not see."""
        return notation.DEAL_WORD if isinstance(move, Deal) else self.move_name(move)

    def sample_chance(self, rng: Rng) -> Move:
        self._require_chance_step()
        cards = list(self.deck)
        for index in range(len(cards) - 1, 0, -1):
            other = int(rng.random() * (index + 1))
            cards[index], cards[other] = cards[other], cards[index]
        return Deal(tuple(cards))

    def determinize(self, player: int, rng: Rng) -> CascadesDecktetState:
        """A copy with the cards never seen face up shuffled among their places."""
        del player
        twin = self.copy()
        if not self.dealt:
            return twin
        piles = [twin.talon, *twin.reserves]
        places = [(pile, i) for pile in piles for i, card in enumerate(pile)
                  if not self.seen >> card & 1]
        hidden = [pile[i] for pile, i in places]
        for index in range(len(hidden) - 1, 0, -1):
            other = int(rng.random() * (index + 1))
            hidden[index], hidden[other] = hidden[other], hidden[index]
        for (pile, i), card in zip(places, hidden):
            pile[i] = card
        return twin
