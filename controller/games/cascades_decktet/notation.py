"""Cascades (Decktet) moves and positions as text and JSON, and the table as a diagram.

Moves, one token each:

* ``author:top`` a card (its name in lower case, or its code such as ``2MK``) to a tier
  (``top``/``middle``/``bottom``, or ``t``/``m``/``b``);
* ``draw`` turns the next three cards of the stock; ``turn`` turns the waste over;
* ``deal:AM.2MK.…`` the shuffle (chance): every card's code, first card first.

Position: ``key=value`` words; card lists by code, ``,`` between cards, ``/`` between tiers or
piles, ``-`` for none. It holds the face-down cards too (it is what a saved game needs)::

    dealt=yes tiers=2MK,AM/-/- reserves=9WY,CL,3MW/…/… opened=0 talon=… turned=3 passes=0
    offered=yes seen=1f2 version=standard limit=3 deck=basic plies=4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from controller.games.base import PositionBase
from controller.games.cascades_decktet.cards import (
    BASIC,
    CARDS,
    COURTS,
    PAWNS,
    find_card,
)
from controller.games.cascades_decktet.moves import DRAW, TIERS, TURN, Deal, Move, Play
from controller.games.errors import InvalidMoveError, PositionError


@runtime_checkable
class Position(PositionBase, Protocol):
    """What the notation reads of a deal in play (its state's public face): the notation names
    no state, so the rules and their notation import each other in no circle."""

    @property
    def version(self) -> str: ...
    @property
    def deck(self) -> tuple[int, ...]: ...
    @property
    def dealt(self) -> bool: ...
    @property
    def tiers(self) -> Sequence[Sequence[int]]: ...
    @property
    def reserves(self) -> Sequence[Sequence[int]]: ...
    @property
    def opened(self) -> int: ...
    @property
    def passes(self) -> int: ...
    @property
    def seen(self) -> int: ...
    @property
    def offered_in_pass(self) -> bool: ...
    @property
    def stock(self) -> list[int]: ...
    @property
    def waste(self) -> list[int]: ...
    def position(self) -> str: ...
    def options(self) -> dict[str, str]: ...
    def can_play(self, card: int, tier: int) -> bool: ...
    def cards_left(self) -> int: ...
    def passes_left(self) -> int | None: ...
    def waste_top(self) -> int | None: ...
    def sources(self) -> dict[int, str]: ...

TIER_WORDS = {"top": 0, "t": 0, "middle": 1, "m": 1, "bottom": 2, "b": 2}
DECKS = {"basic": (), "pawns": PAWNS, "courts": COURTS, "pawns+courts": PAWNS + COURTS}


_NAMES: dict[Move, str] = {DRAW: "draw", TURN: "turn"}
"""The moves written as words."""
_WORDS = {word: move for move, word in _NAMES.items()}
DEAL_WORD = "deal"
"""The deal as the player may know it: the cards' order stays hidden."""


def move_name(state: Position, move: Move) -> str:
    """The token for ``move``."""
    for named, word in _NAMES.items():  # not _NAMES[move]: a move may be unhashable junk
        if move == named:
            return word
    if isinstance(move, Play) and 0 <= move.card < len(CARDS) and 0 <= move.tier < 3:
        return f"{CARDS[move.card].token}:{TIERS[move.tier]}"
    if isinstance(move, Deal) and all(0 <= c < len(CARDS) for c in move.cards):
        return "deal:" + ".".join(CARDS[c].code for c in move.cards)
    raise InvalidMoveError(repr(move), state.position(), "not a move of this game")


def parse_move(state: Position, text: str) -> Move:
    """The move a token names (legality is ``play``'s business)."""
    word = text.strip().lower()
    if word in _WORDS:
        return _WORDS[word]
    if word.startswith("deal:"):
        cards = [find_card(code) for code in word[5:].split(".")]
        if cards and all(c is not None for c in cards):
            return Deal(tuple(c for c in cards if c is not None))
    card_text, _, tier_text = word.rpartition(":")
    card = find_card(card_text) if card_text else None
    if card is not None and tier_text in TIER_WORDS:
        return Play(card, TIER_WORDS[tier_text])
    raise InvalidMoveError(
        text, state.position(),
        "write a card and a tier such as author:top or 2MK:m, draw, turn, or a deal "
        "deal:AM.2MK.… listing every card's code")


# -- positions ----------------------------------------------------------------------------------

def _cards(cards: Sequence[int]) -> str:
    return ",".join(CARDS[c].code for c in cards) or "-"


@dataclass(frozen=True)
class Setup:
    """A Decktet solitaire position as plain values, as text and JSON hold it (its form
    checked, not yet its sense: ``CascadesDecktetState.from_setup`` does that)."""

    deck: tuple[int, ...]
    """The cards in play, in card order."""
    version: str
    limit: str
    """``3`` or ``unlimited`` passes."""
    dealt: bool
    tiers: tuple[tuple[int, ...], ...]
    reserves: tuple[tuple[int, ...], ...]
    """Each reserve pile bottom first."""
    opened: int
    talon: tuple[int, ...]
    """Stock and waste in deck order; the waste is the first ``turned``."""
    turned: int
    passes: int
    offered: bool
    seen: int
    """Bits of the cards seen face up."""
    plies: int


def _deck_name(deck: tuple[int, ...]) -> str:
    extra = tuple(c for c in deck if c not in BASIC)
    for name, cards in DECKS.items():
        if sorted(cards) == sorted(extra):
            return name
    return "custom:" + ".".join(CARDS[c].code for c in deck)


def position_text(setup: Setup) -> str:
    """The one-line position."""
    return " ".join([
        f"dealt={'yes' if setup.dealt else 'no'}",
        "tiers=" + "/".join(_cards(t) for t in setup.tiers),
        "reserves=" + "/".join(_cards(r) for r in setup.reserves),
        f"opened={setup.opened}", f"talon={_cards(setup.talon)}", f"turned={setup.turned}",
        f"passes={setup.passes}", f"offered={'yes' if setup.offered else 'no'}",
        f"seen={setup.seen:x}", f"version={setup.version}", f"limit={setup.limit}",
        f"deck={_deck_name(setup.deck)}", f"plies={setup.plies}",
    ])


_KEYS = ("dealt", "tiers", "reserves", "opened", "talon", "turned", "passes", "offered", "seen",
         "version", "limit", "deck", "plies")


def parse_position(text: str) -> Setup:
    """The setup ``text`` describes, its form checked; :class:`PositionError` says what is
    wrong."""
    where = f"position {text!r}"
    fields = dict(word.partition("=")[::2] for word in text.split())
    if sorted(fields) != sorted(_KEYS) or len(text.split()) != len(_KEYS):
        raise PositionError(f"{where}: write each of {', '.join(_KEYS)} once, as key=value")
    flags = {key: fields[key] for key in ("dealt", "offered")}
    if any(v not in ("yes", "no") for v in flags.values()):
        raise PositionError(f"{where}: dealt and offered are yes or no")
    try:
        return Setup(
            deck=_deck(fields["deck"], where), version=fields["version"],
            limit=fields["limit"], dealt=flags["dealt"] == "yes",
            tiers=tuple(tuple(_parse_cards(t, where)) for t in fields["tiers"].split("/")),
            reserves=tuple(tuple(_parse_cards(r, where))
                           for r in fields["reserves"].split("/")),
            opened=int(fields["opened"]), talon=tuple(_parse_cards(fields["talon"], where)),
            turned=int(fields["turned"]), passes=int(fields["passes"]),
            offered=flags["offered"] == "yes", seen=int(fields["seen"], 16),
            plies=int(fields["plies"]))
    except ValueError as error:
        if isinstance(error, PositionError):
            raise
        raise PositionError(f"{where}: opened, turned, passes and plies are whole numbers, "
                            "seen is hexadecimal") from None


def _parse_cards(text: str, where: str) -> list[int]:
    if text == "-":
        return []
    cards = []
    for code in text.split(","):
        card = find_card(code)
        if card is None:
            raise PositionError(f"{where}: {code!r} is not a card code")
        cards.append(card)
    return cards


def _deck(name: str, where: str) -> tuple[int, ...]:
    if name in DECKS:
        return tuple(sorted(BASIC + DECKS[name]))
    if name.startswith("custom:"):
        return tuple(sorted(_parse_cards(name[7:].replace(".", ","), where)))
    raise PositionError(f"{where}: the deck is basic, pawns, courts, pawns+courts or "
                        "custom:CODES")


def _card_json(card: int) -> dict[str, Any]:
    return {"code": CARDS[card].code, "name": CARDS[card].name}


def position_json(state: Position) -> dict[str, Any]:
    """The position as JSON (schema in ``docs/games/cascades-decktet.md``)."""
    outcome = state.outcome()
    to_move = state.to_move
    playable = []
    for card, source in state.sources().items():
        tiers = [t for t in range(3) if state.can_play(card, t)]
        playable.append(dict(_card_json(card), source=source,
                             tiers=[("top", "middle", "bottom")[t] for t in tiers]))
    return {
        "game": state.info.name,
        "plies": state.plies,
        "to_move": None if to_move is None else "chance" if to_move < 0 else "player",
        "winner": None if outcome is None or outcome.winner is None else "player",
        "reason": None if outcome is None else outcome.reason,
        "options": state.options(),
        "deck": [CARDS[c].code for c in state.deck],
        "dealt": state.dealt,
        "tiers": [[CARDS[c].code for c in row] for row in state.tiers],
        "reserves": [{"cards": [CARDS[c].code for c in pile], "open": p < state.opened}
                     for p, pile in enumerate(state.reserves)],
        "stock": [CARDS[c].code for c in state.stock],
        "waste": [CARDS[c].code for c in state.waste],
        "passes": state.passes,
        "passes_left": state.passes_left(),
        "offered_in_pass": state.offered_in_pass,
        "seen": [CARDS[c].code for c in range(len(CARDS)) if state.seen >> c & 1],
        "cards_left": state.cards_left(),
        "playable": playable,
    }


def parse_json(data: Mapping[str, Any]) -> Setup:
    """The setup a :func:`position_json` object describes."""
    where = "JSON position"
    try:
        options = data["options"]
        deck = tuple(sorted(_parse_cards(",".join(data["deck"]), where)))
        return Setup(
            deck=deck, version=str(options["version"]), limit=str(options["passes"]),
            dealt=bool(data["dealt"]),
            tiers=tuple(tuple(_parse_cards(",".join(row) or "-", where))
                        for row in data["tiers"]),
            reserves=tuple(tuple(_parse_cards(",".join(p["cards"]) or "-", where))
                           for p in data["reserves"]),
            opened=sum(1 for p in data["reserves"] if p["open"]),
            talon=tuple(_parse_cards(",".join(data["waste"] + data["stock"]) or "-", where)),
            turned=len(data["waste"]), passes=int(data["passes"]),
            offered=bool(data["offered_in_pass"]),
            seen=sum(1 << c for c in _parse_cards(",".join(data["seen"]) or "-", where)),
            plies=int(data["plies"]))
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, PositionError):
            raise
        raise PositionError(f"{where}: missing or malformed field ({error})") from None


def diagram(state: Position) -> str:
    """The table for people: the tiers, the waste's top, the reserves and the passes."""
    if not state.dealt:
        return "The deck is not dealt yet."
    lines = []
    for name, row in zip(("top", "middle", "bottom"), state.tiers):
        lines.append(f"{name:7} " + (" ".join(CARDS[c].code for c in row) or "-"))
    top = state.waste_top()
    lines.append(f"waste   {CARDS[top].code if top is not None else '-'} "
                 f"({len(state.waste)} face up), stock {len(state.stock)}")
    if state.version == "standard":
        piles = []
        for p, pile in enumerate(state.reserves):
            if not pile:
                piles.append("empty")
            elif p < state.opened:
                piles.append(f"{CARDS[pile[-1]].code} on {len(pile) - 1}")
            else:
                piles.append(f"{len(pile)} face down")
        lines.append("reserves " + " | ".join(piles))
    left = state.passes_left()
    lines.append(f"passes  {state.passes} done, "
                 f"{'no limit' if left is None else f'{left} more'}; "
                 f"{state.cards_left()} cards left")
    outcome = state.outcome()
    if outcome is not None:
        lines.append(("Won: " if outcome.winner == 0 else "Lost: ") + outcome.reason)
    return "\n".join(lines)
