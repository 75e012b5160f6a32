"""The one state protocol that every game on the board implements.

The app, the renderers, the computer players, the record replayer and the conformance tests
are written once against :class:`GameState` and work for every registered game. The protocol
follows python-chess (``play``/``undo`` as a move stack, notation as parse/name pairs, errors
that say which move and which position) and OpenSpiel (chance as an explicit actor, outcomes as
per-player utilities), and is shaped by the five games this board plays:

* **Kaskade** — two players, one placement per turn, cascades reported as events.
* **Cascades (Chang)** — one or two stones or a pass per turn: a turn may be several moves by
  the same player, so ``to_move`` can stay the same after ``play``.
* **Big Balls** — a die throw is a chance step (``to_move == CHANCE``) between a player's
  decision to throw and their stone move; the opening shuffle is a chance step too.
* **Colliding Circles** — up to three actions per turn and an explicit end of turn; scores.
* **Cascades (Decktet)** — one player, a hidden shuffled deck: ``determinize`` lets a search
  sample the unseen cards.

States are mutable (``play`` and ``undo`` change them in place, as a search wants); ``copy``
gives an independent one. A state never reads a clock, a file or a global random generator:
chance is drawn from an :class:`Rng` that the caller passes in.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from controller.games.errors import IllegalMoveError

CHANCE = -1
"""``to_move`` when chance acts next (a die to throw, cards to shuffle)."""


class Rng(Protocol):
    """The part of :class:`random.Random` that games use; pass a seeded one for repeatable play."""

    def random(self) -> float:
        """A float in [0, 1)."""
        ...


@dataclass(frozen=True)
class GameInfo:
    """What a game is, as the registry, the menus and the command line need to know it."""

    name: str
    """Short name used by the registry, the command line and game records (``kaskade``)."""
    title: str
    """Name for people (``Kaskade``)."""
    players: tuple[str, ...]
    """Player names in seat order, lower case; a player's number is its index here."""
    options: Mapping[str, str] = field(default_factory=dict)
    """Option name -> one-line help (with the default) for the options ``new`` accepts."""
    chance: bool = False
    """True when the game has chance steps (dice, shuffles)."""
    hidden_information: bool = False
    """True when some player cannot see all of the state (face-down cards)."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    winner: int | None
    """The winning player's number; ``None`` for a draw or a lost one-player game."""
    reason: str
    """Why, in words for people (``"Black has no cells left"``)."""
    scores: tuple[int, ...] | None = None
    """Final scores per player, for games that count points."""

    def utility(self, player: int, players: int) -> float:
        """+1 for a win, -1 for a loss, 0 for a draw — what a search maximises.

        In a one-player game a loss is -1 as well, so "win" and "lose" stay comparable.
        """
        if self.winner is None:
            return -1.0 if players == 1 else 0.0
        return 1.0 if self.winner == player else -1.0


@dataclass(frozen=True)
class Event:
    """Something that happened while a move was played, in the order it happened.

    Renderers animate events and commentary describes them; neither re-implements the rules.
    Each game defines its own event types on top of this one.
    """


@dataclass(frozen=True)
class GameOver(Event):
    """The move ended the game."""

    outcome: Outcome


M = TypeVar("M", bound=Hashable)
"""A game's move: a small immutable value (a frozen dataclass) that compares with ``==``,
hashes, and whose ``repr`` evaluates after ``from <the game's package> import *``; a move
with nothing to say is a named constant (``PASS``), never a bare string or number."""
S = TypeVar("S", bound="GameState[Any]")



class PositionBase(Protocol):
    """What every game's notation reads of any position: its game, the moves made, whose turn
    it is and how it ended. Each notation's own ``Position`` adds what its game shows."""

    @property
    def info(self) -> GameInfo: ...
    @property
    def plies(self) -> int: ...
    @property
    def to_move(self) -> int | None: ...
    def outcome(self) -> Outcome | None: ...


class GameState(ABC, Generic[M]):
    """A position of one game plus the moves played on it since it was created or loaded.

    Subclasses must implement every abstract member. They may override the others where they
    can do better (``is_legal`` without listing all moves, ``random_playout`` on a fast path,
    ``determinize`` for hidden cards, ``chance_outcomes``/``sample_chance`` for chance steps).
    """

    info: ClassVar[GameInfo]
    playout_limit: ClassVar[int | None] = None
    """For games that need not end (pieces may move back and forth for ever): a random
    playout still going after this many actions counts as a draw. Not a rule of the game."""

    # -- creating, copying, saving ----------------------------------------------------------

    @classmethod
    @abstractmethod
    def new(cls: type[S], options: Mapping[str, str] | None = None) -> S:
        """A new game. ``options`` are text, as typed on the command line or found in a record
        (``{"size": "6x9"}``); unknown or invalid ones raise :class:`OptionsError`."""

    @abstractmethod
    def options(self) -> dict[str, str]:
        """The options this game was created with, as text; ``new(s.options())`` starts the
        same kind of game again."""

    @classmethod
    @abstractmethod
    def from_position(cls: type[S], text: str) -> S:
        """A state from a one-line position as ``position`` writes it (no moves to undo).
        Raises :class:`PositionError` naming what is wrong."""

    @abstractmethod
    def position(self) -> str:
        """This position as one line of text that ``from_position`` reads back."""

    @classmethod
    @abstractmethod
    def from_json(cls: type[S], data: Mapping[str, Any]) -> S:
        """A state from the object ``to_json`` returns. Raises :class:`PositionError`."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """This position as a JSON-ready object. Every game's object starts with ``game``
        and contains ``plies``, ``to_move`` and ``winner``; the rest is documented per game."""

    @abstractmethod
    def copy(self: S) -> S:
        """An independent state with the same position and move stack."""

    @abstractmethod
    def diagram(self) -> str:
        """The position drawn in plain text for people (several lines, no colour codes)."""

    def __repr__(self) -> str:
        """How to make this position again, python-chess style:
        ``KaskadeState.from_position('…')`` (the moves played on it are not part of it)."""
        return f"{type(self).__name__}.from_position({self.position()!r})"

    def __str__(self) -> str:
        """The diagram, so ``print(state)`` shows the board."""
        return self.diagram()

    def __eq__(self, other: object) -> bool:
        """States are equal when they are of the same game and their positions are: what
        ``position()`` writes — the board, whose turn it is, dice, hands and cards, the
        options the game was made with and the ply count — and never the moves played on
        them, so two ways to one position compare equal (python-chess compares boards so)."""
        if not isinstance(other, GameState):
            return NotImplemented
        return type(other) is type(self) and other.position() == self.position()

    __hash__ = None  # type: ignore[assignment]
    """States change in place as moves are played, so they cannot be keys of a dict or
    members of a set: key on ``position()`` instead."""

    # -- whose turn, how it ended -------------------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The number of the player to move, :data:`CHANCE`, or ``None`` once the game is over."""

    @property
    @abstractmethod
    def plies(self) -> int:
        """Moves made since the game began, chance steps included (also for loaded positions)."""

    @property
    @abstractmethod
    def moves(self) -> Sequence[M]:
        """The moves played on this state, oldest first: what ``undo`` can take back."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.outcome() is not None

    def turn_player(self) -> int:
        """Whose turn it is, also at a chance step (the player a die is thrown for), so records
        number a thrown die with its player's turn. Games with chance steps override it."""
        return self.to_move if self.to_move is not None and self.to_move >= 0 else 0

    def player_title(self, player: int) -> str:
        """A player's name for people (``White``)."""
        return self.info.players[player].capitalize()

    def left_over(self) -> int | None:
        """What a one-player game left unplaced at its end (cards), for its result; ``None``
        where the game counts nothing of the kind."""
        return None

    def situation(self) -> str:
        """What a person at the board needs to know besides whose turn it is, in words — the
        cells each side holds, the die's number and the stones it lets move, cards left — or
        ``""``. Games override it; the board, the terminal and the simulator show it."""
        return ""

    # -- moves ----------------------------------------------------------------------------------

    @abstractmethod
    def legal_moves(self) -> list[M]:
        """Every move allowed now (chance outcomes at a chance step, where they can be listed —
        a shuffled deck cannot, and lists none: draw it with ``sample_chance``); empty once the
        game is over. A player to move always has at least one (a pass, where the rules allow
        it)."""

    def is_legal(self, move: M) -> bool:
        """Whether ``play(move)`` would be accepted."""
        return move in self.legal_moves()

    @abstractmethod
    def play(self, move: M) -> list[Event]:
        """Play a legal move and return what happened, in order. Raises
        :class:`IllegalMoveError` (naming the move and the position) and changes nothing if the
        move is not legal."""

    @abstractmethod
    def undo(self) -> M:
        """Take back the last move and return it; raises :class:`NothingToUndoError`."""

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """The move that ``text`` names in this position's notation. Raises
        :class:`InvalidMoveError` for text that names no move; does not check legality."""

    @abstractmethod
    def move_name(self, move: M) -> str:
        """The notation of ``move``; ``parse_move(move_name(m)) == m``."""

    def public_move_name(self, move: M) -> str:
        """``move`` as every player may know it, for whatever people read while a game goes
        on (the last move, the move list, a replay): its notation, except where that would
        show what the rules hide — a shuffled deck's order is only ``deal``. Asked of the
        position the move is played from. A record keeps the whole move (it must replay)."""
        return self.move_name(move)

    def play_text(self, text: str) -> list[Event]:
        """Parse and play a move written in notation."""
        return self.play(self.parse_move(text))

    @classmethod
    def words_as_moves(cls, words: Sequence[str], position: str | None = None
                       ) -> list[list[str]]:
        """What each word of a written move list (a record's, ``--moves``) stands for: the
        moves, one text per move in this game's notation, that ``parse_move`` reads one by
        one. ``position`` is where the words start (``None``: a new game). Most games write
        a move a word; a game whose original text writes a move in two words or several
        moves in one (Big Balls' ``BB b6-b5``, ``4 e2-d3``) reads them here, so every reader
        of records sees one move a word."""
        del position
        return [[word] for word in words]

    def original_notation(self, moves: Sequence[str], movers: Sequence[int]
                          ) -> tuple[list[str], list[int]] | None:
        """``moves`` (this game's notation, played from this state by ``movers``) as the
        game's original text writes them, with who made each; ``None`` when the game has no
        other notation than its own."""
        del moves, movers
        return None

    # -- chance and hidden information --------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[M, float]] | None:
        """At a chance step: each outcome with its probability, or ``None`` when there are too
        many to list (a shuffled deck), in which case the game overrides ``sample_chance``."""
        self._require_chance_step()
        return None

    def sample_chance(self, rng: Rng) -> M:
        """Draw the outcome of the chance step due now, using ``rng`` only."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise TypeError(f"{type(self).__name__} lists no chance outcomes and must "
                            "override sample_chance")
        point = rng.random()
        for move, probability in outcomes:
            point -= probability
            if point < 0:
                return move
        return outcomes[-1][0]

    def determinize(self: S, player: int, rng: Rng) -> S:
        """A copy in which everything ``player`` cannot see is re-dealt at random, consistent
        with what they can see. Games of perfect information return a plain copy."""
        del player, rng
        return self.copy()

    def _require_chance_step(self) -> None:
        if self.to_move != CHANCE:
            raise IllegalMoveError("chance", self.position(), "no chance step is due now")

    # -- simulation ---------------------------------------------------------------------------

    def random_playout(self, rng: Rng) -> Outcome:
        """Play uniformly random moves (and chance steps) from here to the end on a copy and
        return the outcome; this state is left unchanged. Searches call this a lot, so games
        with a faster way override it."""
        state = self.copy()
        actions = 0
        while self.playout_limit is None or actions < self.playout_limit:
            outcome = state.outcome()
            if outcome is not None:
                return outcome
            if state.to_move == CHANCE:
                state.play(state.sample_chance(rng))
            else:
                moves = state.legal_moves()
                state.play(moves[int(rng.random() * len(moves))])
            actions += 1
        return state.outcome() or Outcome(None, f"no end after {self.playout_limit} more actions")
