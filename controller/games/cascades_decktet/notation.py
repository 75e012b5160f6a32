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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from controller.games.cascades_decktet.cards import (
    ACE,
    BASIC,
    CARDS,
    COURTS,
    FOUR_COPIES,
    MASKS,
    PAWNS,
    RANKS,
    find_card,
    tier_room,
)
from controller.games.cascades_decktet.moves import DRAW, TIERS, TURN, Deal, Move, Play
from controller.games.errors import InvalidMoveError, OptionsError, PositionError

if TYPE_CHECKING:
    from controller.games.cascades_decktet.state import DecktetState

TIER_WORDS = {"top": 0, "t": 0, "middle": 1, "m": 1, "bottom": 2, "b": 2}
DECKS = {"basic": (), "pawns": PAWNS, "courts": COURTS, "pawns+courts": PAWNS + COURTS}


def move_name(state: DecktetState, move: Move) -> str:
    """The token for ``move``."""
    if move in (DRAW, TURN):
        return str(move)
    if isinstance(move, Play) and 0 <= move.card < len(CARDS) and 0 <= move.tier < 3:
        return f"{CARDS[move.card].token}:{TIERS[move.tier]}"
    if isinstance(move, Deal) and all(0 <= c < len(CARDS) for c in move.cards):
        return "deal:" + ".".join(CARDS[c].code for c in move.cards)
    raise InvalidMoveError(repr(move), state.position(), "not a move of this game")


def parse_move(state: DecktetState, text: str) -> Move:
    """The move a token names (legality is ``play``'s business)."""
    word = text.strip().lower()
    if word in (DRAW, TURN):
        return word
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

def _cards(cards: list[int]) -> str:
    return ",".join(CARDS[c].code for c in cards) or "-"


def _deck_name(state: DecktetState) -> str:
    extra = tuple(c for c in state.deck if c not in BASIC)
    for name, cards in DECKS.items():
        if sorted(cards) == sorted(extra):
            return name
    return "custom:" + ".".join(CARDS[c].code for c in state.deck)


def position_text(state: DecktetState) -> str:
    """The one-line position."""
    limit = "unlimited" if state.pass_limit is None else str(state.pass_limit)
    return " ".join([
        f"dealt={'yes' if state.dealt else 'no'}",
        "tiers=" + "/".join(_cards(t) for t in state.tiers),
        "reserves=" + "/".join(_cards(r) for r in state.reserves),
        f"opened={state.opened}", f"talon={_cards(state.talon)}", f"turned={state.turned}",
        f"passes={state.passes}", f"offered={'yes' if state.offered_in_pass else 'no'}",
        f"seen={state.seen:x}", f"version={state.version}", f"limit={limit}",
        f"deck={_deck_name(state)}", f"plies={state.plies}",
    ])


_KEYS = ("dealt", "tiers", "reserves", "opened", "talon", "turned", "passes", "offered", "seen",
         "version", "limit", "deck", "plies")


def parse_position(game: type[DecktetState], text: str) -> DecktetState:
    """The state ``text`` describes; :class:`PositionError` says what is wrong."""
    where = f"position {text!r}"
    fields = dict(word.partition("=")[::2] for word in text.split())
    if sorted(fields) != sorted(_KEYS) or len(text.split()) != len(_KEYS):
        raise PositionError(f"{where}: write each of {', '.join(_KEYS)} once, as key=value")
    try:
        parts = {
            "tiers": [_parse_cards(t, where) for t in fields["tiers"].split("/")],
            "reserves": [_parse_cards(r, where) for r in fields["reserves"].split("/")],
            "talon": _parse_cards(fields["talon"], where),
            "opened": int(fields["opened"]), "turned": int(fields["turned"]),
            "passes": int(fields["passes"]), "seen": int(fields["seen"], 16),
            "plies": int(fields["plies"]),
        }
    except ValueError:
        raise PositionError(f"{where}: opened, turned, passes and plies are whole numbers, "
                            "seen is hexadecimal") from None
    flags = {key: fields[key] for key in ("dealt", "offered")}
    if any(v not in ("yes", "no") for v in flags.values()):
        raise PositionError(f"{where}: dealt and offered are yes or no")
    return build(game, parts, flags["dealt"] == "yes", flags["offered"] == "yes",
                 fields["version"], fields["limit"], fields["deck"], where)


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


def build(game: type[DecktetState], parts: Mapping[str, Any], dealt: bool, offered: bool,
          version: str, limit: str, deck_name: str, where: str) -> DecktetState:
    """A state from its parts, checked: text and JSON positions both come through here."""
    try:
        state = game(_deck(deck_name, where), version, limit)
    except OptionsError as error:
        raise PositionError(f"{where}: {error}") from None
    tiers, reserves, talon = parts["tiers"], parts["reserves"], parts["talon"]
    if len(tiers) != 3 or len(reserves) != 3:
        raise PositionError(f"{where}: three tiers and three reserve piles, split by /")
    everything = [c for t in tiers for c in t] + [c for r in reserves for c in r] + talon
    if len(set(everything)) != len(everything):
        raise PositionError(f"{where}: a card appears twice")
    if dealt and sorted(everything) != list(state.deck):
        raise PositionError(f"{where}: the tiers, reserves and talon must hold the whole deck")
    if not dealt and everything:
        raise PositionError(f"{where}: before the deal the table is empty")
    state.dealt = dealt
    state.tiers, state.reserves, state.talon = [list(t) for t in tiers], \
        [list(r) for r in reserves], list(talon)
    state.opened, state.turned, state.passes = parts["opened"], parts["turned"], parts["passes"]
    state.offered_in_pass, state.seen, state._plies = offered, parts["seen"], parts["plies"]
    state.counts = [[sum(1 for c in row if RANKS[c] == rank) for rank in range(13)]
                    for row in state.tiers]
    for row in state.tiers:
        for card in row:
            state.seen |= 1 << card
    _check(state, where)
    state._see()
    state._note_offers()
    state._outcome = state._judge() if dealt else None
    return state


def _check(state: DecktetState, where: str) -> None:
    if any(len(r) > 3 for r in state.reserves) or not 0 <= state.opened <= 3:
        raise PositionError(f"{where}: reserve piles hold at most three cards; 0-3 are open")
    if not 0 <= state.turned <= len(state.talon):
        raise PositionError(f"{where}: turned counts cards of the talon")
    if state.pass_limit is not None and state.passes > state.pass_limit:
        raise PositionError(f"{where}: at most {state.pass_limit} passes")
    if state.version == "ace":
        if any(state.reserves) or state.opened:
            raise PositionError(f"{where}: the ace version has no reserve piles")
        if state.dealt and any(len(t) < 2 or RANKS[t[0]] != ACE or RANKS[t[1]] != ACE
                               for t in state.tiers):
            raise PositionError(f"{where}: in the ace version each tier starts with two Aces")
    elif state.opened != min(3, state.passes):
        raise PositionError(f"{where}: a reserve pile opens after each of the first three "
                            "passes")
    for tier, row in enumerate(state.tiers):
        for index, card in enumerate(row):
            rank = RANKS[card]
            here = sum(1 for c in row[:index + 1] if RANKS[c] == rank)
            if here > tier_room(rank, tier):
                raise PositionError(f"{where}: too many cards of one rank in a tier")
            if here == 2 and rank in FOUR_COPIES and not any(
                    RANKS[c] == rank for c in state.tiers[2]):
                raise PositionError(f"{where}: a second {CARDS[card].name} on top needs its "
                                    "rank in the bottom tier")
            if tier and sum(1 for c in state.tiers[tier - 1] if RANKS[c] == rank) < here:
                raise PositionError(f"{where}: {CARDS[card].name} needs more of its rank in "
                                    "the tier above")
            if state.version == "standard" and index and not MASKS[card] & MASKS[row[index - 1]]:
                raise PositionError(f"{where}: {CARDS[card].name} shares no suit with the "
                                    "card before it")
            if state.version == "ace" and index >= 2 and \
                    not MASKS[card] & (MASKS[row[0]] | MASKS[row[1]]):
                raise PositionError(f"{where}: {CARDS[card].name} shares no suit with its "
                                    "tier's Aces")


def _card_json(card: int) -> dict[str, Any]:
    return {"code": CARDS[card].code, "name": CARDS[card].name}


def position_json(state: DecktetState) -> dict[str, Any]:
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


def parse_json(game: type[DecktetState], data: Mapping[str, Any]) -> DecktetState:
    """The state a :func:`position_json` object describes."""
    where = "JSON position"
    try:
        options = data["options"]
        codes = ",".join(data["deck"])
        deck = _parse_cards(codes, where)
        extra = sorted(c for c in deck if c not in BASIC)
        deck_name = next((n for n, cards in DECKS.items() if sorted(cards) == extra),
                         "custom:" + codes.replace(",", "."))
        parts = {
            "tiers": [_parse_cards(",".join(row) or "-", where) for row in data["tiers"]],
            "reserves": [_parse_cards(",".join(p["cards"]) or "-", where)
                         for p in data["reserves"]],
            "talon": _parse_cards(",".join(data["waste"] + data["stock"]) or "-", where),
            "opened": sum(1 for p in data["reserves"] if p["open"]),
            "turned": len(data["waste"]), "passes": int(data["passes"]),
            "seen": sum(1 << c for c in _parse_cards(",".join(data["seen"]) or "-", where)),
            "plies": int(data["plies"]),
        }
        return build(game, parts, bool(data["dealt"]), bool(data["offered_in_pass"]),
                     str(options["version"]), str(options["passes"]), deck_name, where)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, PositionError):
            raise
        raise PositionError(f"{where}: missing or malformed field ({error})") from None


def diagram(state: DecktetState) -> str:
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
