"""The Decktet solitaire as its solver wants it: play and undo at full speed, no events, no
messages, and a position key that forgets what cannot matter any more.

The game's own state (``controller/games/cascades_decktet``) keeps every tier's cards, the
events and reasons people read; a solver needs far less. Which tier a card of a rank with three
copies went to follows from how many of its rank were played (the first goes to the top tier,
the second to the middle, the third to the bottom — the rules leave no choice), and what can
follow in a tier depends only on its end card (in the Ace version: on its Aces) and how many
cards of each rank it holds. So a position is the set of cards played, the tiers' end cards,
the counts of the ranks a tier may hold twice, how far the talon is turned and the passes: two
orders of the same plays that end alike are one position — the main saving over the game's
own state, whose tiers differ by order. tests/controller/ai/test_solitaire_board.py plays many
games through both and requires the same moves and outcomes.
"""

from __future__ import annotations

from typing import TypeVar

from controller.games.cascades_decktet.cards import MASKS, RANKS, TWICE, broken_rank_rule
from controller.games.cascades_decktet.moves import DRAW, TURN, Move, Play
from controller.games.cascades_decktet.state import RESERVE_PILES, CascadesDecktetState

Shuffled = TypeVar("Shuffled")
"""Whatever a shuffle orders: moves, or a round's lines of moves."""

DRAW_MOVE, TURN_MOVE = -1, -2
"""Moves are ``card * 3 + tier`` for plays, and these two."""
RANK_SLOTS = 13
"""Ranks are numbered 1 (Ace) to 12 (Court); a tier's counts are a row of 13."""
ROUND = -1
"""In a key, where the talon's turn would be: the position is known by its round alone."""


class SolverBoard:
    """A dealt Cascades position for searching. Not for people: moves are numbers, nothing is
    checked (the solver only plays what :meth:`moves` lists)."""

    __slots__ = ("_undo", "ace", "counts", "ends", "offered", "opened", "outside", "pass_limit",
                 "passes", "played", "reserves", "suits", "talon", "turned")

    def __init__(self, state: CascadesDecktetState) -> None:
        if not state.dealt:
            raise ValueError("deal the cards before asking whether the deal can be won")
        self.ace = state.version == "ace"
        self.pass_limit = state.pass_limit
        self.talon: tuple[int, ...] = tuple(state.talon)
        self.turned = state.turned
        self.reserves: tuple[tuple[int, ...], ...] = tuple(tuple(r) for r in state.reserves)
        self.opened = state.opened
        self.passes = state.passes
        self.offered = state.offered_in_pass
        self.ends: tuple[int, ...] = tuple(row[-1] if row else -1 for row in state.tiers)
        self.suits = tuple(MASKS[row[0]] | MASKS[row[1]] if self.ace else 0
                           for row in state.tiers)
        """The Ace version's tiers: the suits of their two Aces, which never change."""
        self.counts = [0] * (3 * RANK_SLOTS)
        for tier in range(3):
            for rank, count in enumerate(state.counts[tier]):
                self.counts[tier * RANK_SLOTS + rank] = count
        self.played = 0
        for row in state.tiers:
            for card in row:
                self.played |= 1 << card
        out = 0
        for card in (*self.talon, *(card for pile in self.reserves for card in pile)):
            out |= 1 << card
        self.outside = ((1 << len(RANKS)) - 1) & ~self.played & ~out
        """The cards of the whole deck that are not in this game (a restart's shuffle counts
        them among the played, as the compiled solver does)."""
        self._undo: list[tuple] = []

    # -- what may be played ------------------------------------------------------------------

    def _fits(self, card: int, tier: int) -> bool:
        rank = RANKS[card]
        counts = self.counts
        if broken_rank_rule(rank, tier, counts[tier * RANK_SLOTS + rank],
                            counts[(tier - 1) * RANK_SLOTS + rank] if tier else 0,
                            counts[2 * RANK_SLOTS + rank]) is not None:
            return False
        if self.ace:
            return bool(MASKS[card] & self.suits[tier])
        end = self.ends[tier]
        return end < 0 or bool(MASKS[card] & MASKS[end])

    def _first_card(self) -> bool:
        """The standard version's first card turned up waits to start the top tier."""
        return not self.ace and self.turned > 0 and self.ends == (-1, -1, -1)

    def sources(self) -> list[int]:
        """The cards that may be played: the waste's top, then each open reserve pile's top."""
        found = [self.talon[self.turned - 1]] if self.turned else []
        for pile in self.reserves[:self.opened]:
            if pile:
                found.append(pile[-1])
        return found

    def plays(self) -> list[int]:
        """Every play, as ``card * 3 + tier`` (while the tiers are empty only the top tier takes
        a card: the lower ones need its rank above)."""
        return [card * 3 + tier for card in self.sources() for tier in range(3)
                if self._fits(card, tier)]

    def moves(self) -> list[int]:
        """The legal moves: plays, then a draw or a turn of the waste."""
        moves = self.plays()
        if self._first_card():
            return moves
        if self.turned < len(self.talon):
            moves.append(DRAW_MOVE)
        elif self._can_turn():
            moves.append(TURN_MOVE)
        return moves

    def _can_turn(self) -> bool:
        if not self.talon and (self.ace or self.opened >= RESERVE_PILES):
            return False
        if self.pass_limit is None:
            return self.offered
        return self.passes < self.pass_limit

    def won(self) -> bool:
        """Whether every card is in the tiers."""
        return not self.talon and not any(self.reserves)

    def in_round(self, passes: int | None = None, offered: bool | None = None) -> bool:
        """Whether the position (or the same with other ``passes`` or ``offered``) is one stop
        of a round of the talon that the player may go round and round without playing, so
        that every stop of it can reach every other: without a pass limit, once every reserve
        pile is open (at once in the Ace version), at a stop a fresh pass also makes (the talon
        turned a multiple of three, or to its end), with a card offered in this pass (else the
        waste may not be turned over) or at the pass's start. All the stops of a round are one
        position: what one can win, all can."""
        passes = self.passes if passes is None else passes
        offered = self.offered if offered is None else offered
        return (self.pass_limit is None and (self.ace or passes >= RESERVE_PILES)
                and (self.turned % 3 == 0 or self.turned == len(self.talon))
                and (offered or not self.turned))

    def key(self, passes: int | None = None, offered: bool | None = None) -> tuple[int, ...]:
        """The position (or the same with other ``passes`` or ``offered``), without what cannot
        change what happens next: without a pass limit the passes only open reserve piles, so
        beyond the third — and in the Ace version at all — they change nothing; and a stop of
        a round (:meth:`in_round`) is known by its round alone."""
        twice = tuple(self.counts[tier * RANK_SLOTS + rank] for tier in range(3)
                      for rank in TWICE)
        ends = () if self.ace else self.ends
        if self.in_round(passes, offered):
            return (self.played, *ends, *twice, ROUND)
        passes = self.passes if passes is None else passes
        if self.pass_limit is None:
            passes = 0 if self.ace else min(passes, RESERVE_PILES)
        offered = self.offered if offered is None else offered
        return (self.played, *ends, *twice, self.turned, passes, offered)

    def way_on(self) -> int | None:
        """The draw or the turn from here, ``None`` if neither may be made."""
        moves = self.moves()
        return moves[-1] if moves and moves[-1] < 0 else None

    def better_keys(self) -> list[tuple[int, ...]]:
        """The keys of positions that can do all this one can, and more: the same with a card
        offered in this pass (it may turn the waste over) or — without a pass limit — with
        more reserve piles open. What wins from here wins from there, so once one of them was
        searched this one need not be."""
        if self.in_round():
            return []
        most = RESERVE_PILES if self.pass_limit is None and not self.ace else self.passes
        return [self.key(passes, offered)
                for passes in range(self.passes, max(most, self.passes) + 1)
                for offered in ((False, True) if not self.offered else (True,))
                if (passes, offered) != (self.passes, self.offered)]

    # -- playing -----------------------------------------------------------------------------

    def play(self, move: int) -> None:
        """Play a move from :meth:`moves`."""
        self._undo.append((self.talon, self.turned, self.reserves, self.opened, self.passes,
                           self.offered, self.ends, self.played, move))
        if move >= 0:
            card, tier = divmod(move, 3)
            if self.turned and self.talon[self.turned - 1] == card:
                index = self.turned - 1
                self.talon = self.talon[:index] + self.talon[index + 1:]
                self.turned = index
            else:
                self.reserves = tuple(pile[:-1] if pile and pile[-1] == card else pile
                                      for pile in self.reserves)
            ends = list(self.ends)
            ends[tier] = card
            self.ends = tuple(ends)
            self.counts[tier * RANK_SLOTS + RANKS[card]] += 1
            self.played |= 1 << card
        elif move == DRAW_MOVE:
            self.turned = min(len(self.talon), self.turned + 3)
            if self.turned == len(self.talon):
                self._pass_ended()
        else:
            self.turned = 0
            self.offered = False
            if not self.talon:
                self._pass_ended()
        if not self.offered and self.plays():
            self.offered = True

    def _pass_ended(self) -> None:
        self.passes += 1
        if not self.ace and self.opened < RESERVE_PILES:
            self.opened += 1

    def undo(self) -> None:
        """Take back the last move."""
        (self.talon, self.turned, self.reserves, self.opened, self.passes, self.offered,
         self.ends, self.played, move) = self._undo.pop()
        if move >= 0:
            card, tier = divmod(move, 3)
            self.counts[tier * RANK_SLOTS + RANKS[card]] -= 1


class Shuffle:
    """A restart's order of moves at a position: splitmix64 from the restart's seed and the
    position (the cards played, the turn) alone, and Fisher-Yates — the same numbers the
    compiled solver draws, so both search the same tree. Not from how far the search went:
    a restart that knows more lost positions searches a part of the same tree a restart
    knowing less would."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int, board: SolverBoard) -> None:
        played = board.played | board.outside
        self.state = (seed * 0x9E3779B97F4A7C15 + played * 0xBF58476D1CE4E5B9
                      + board.turned) & self.MASK

    def _next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def __call__(self, moves: list[Shuffled]) -> None:
        for i in range(len(moves) - 1, 0, -1):
            j = self._next() % (i + 1)
            moves[i], moves[j] = moves[j], moves[i]


def as_move(move: int) -> Move:
    """A solver's move number as the game's move."""
    if move == DRAW_MOVE:
        return DRAW
    if move == TURN_MOVE:
        return TURN
    return Play(move // 3, move % 3)
