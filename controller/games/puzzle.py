"""The puzzle of the day: a position of one of the board's games with a question whose answer
the computer's exact searches have proven, one a day by date, the same on every board.

Three kinds, taking turns day by day:

* **Kaskade, win in N** (``win``): the player to move takes every cell of the other's within N
  of their own moves, whatever the other does. The player makes a move; the board answers with
  the defence that holds out longest; and so on, until the win.
* **Cascades on a solved top** (``stone``): a position on top 4, which is solved: the player to
  move wins with perfect play, but only with one stone. Which?
* **The Decktet solitaire** (``deal``): a deal the solver has decided, at a moment when every
  card still out is face up — it can still be won, but one move only keeps it so. Which?

A puzzle is data (:data:`controller.games.puzzle_book.BOOK`): the position in its game's own
notation and a tree of the player's moves — at each position the right moves, each with the
defence's answer and the position after it (or nothing: the move solves the puzzle), and the
wrong moves, each with the defence that refutes it (Kaskade) — so the board, the page and the
terminal judge an answer without searching. ``controller/ai/puzzles.py`` made the book with the
solvers and proves every answer and every refutation again (``tests/controller/ai``).

Pure: which puzzle a day has is a function of the day alone — a day is its number in the
proleptic Gregorian calendar, ``date.toordinal()``, so nothing here needs the clock's module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from controller.errors import KaskadeError
from controller.games.base import GameState
from controller.games.registry import get_game

KINDS = ("win", "stone", "deal")
"""The kinds of puzzle, in the order the days take them."""
GAME_OF = {"win": "kaskade", "stone": "cascades", "deal": "cascades-decktet"}
"""The game each kind of puzzle is set in."""


class PuzzleError(KaskadeError, ValueError):
    """A puzzle that does not exist, or an answer that is not a move of it."""


@dataclass(frozen=True)
class Node:
    """A position of a puzzle where its player is to move."""

    right: Mapping[str, tuple[str, Node] | None]
    """Each right move (in the game's notation) → the defence's answer and the position after
    it, or ``None``: the move solves the puzzle."""
    wrong: Mapping[str, str] = field(default_factory=dict)
    """Each wrong move → the defence's answer that refutes it (Kaskade), or ``""`` where the
    refutation is the search's verdict on the position it leaves (lost, or not won)."""

    def moves(self) -> int:
        """The player's moves the longest right line from here takes."""
        return 1 + max((child[1].moves() for child in self.right.values()
                        if child is not None), default=0)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle of the book."""

    id: str
    """``kaskade-007``: its kind's game and its number in the book."""
    kind: str
    """One of :data:`KINDS`."""
    position: str
    """The position, in the game's position text."""
    root: Node

    @property
    def game(self) -> str:
        """The game it is set in (``kaskade``)."""
        return GAME_OF[self.kind]

    def start(self) -> GameState[Any]:
        """A fresh game at the puzzle's position."""
        return get_game(self.game).from_position(self.position)

    @property
    def moves(self) -> int:
        """How many of the player's moves the answer takes (the N of "win in N")."""
        return self.root.moves()

    def player(self) -> str:
        """Whose move it is, by colour (``White``; ``you`` at the solitaire)."""
        state = self.start()
        if len(state.info.players) == 1:
            return "you"
        return state.player_title(state.turn_player())

    def question(self) -> str:
        """The question in a sentence (the description line, the page, the terminal)."""
        player = self.player()
        if self.kind == "win":
            other = "Black" if player == "White" else "White"
            count = f"{self.moves} move{'s' if self.moves != 1 else ''}"
            return f"{player} to move takes every {other} cell within {count}, whatever " \
                f"{other} does. Find the {'first ' if self.moves > 1 else ''}move" \
                f"{', then the next after each answer' if self.moves > 1 else ''}."
        if self.kind == "stone":
            return f"{player} to move wins with perfect play — but only with one stone. " \
                "Which?"
        return "Every card still out is face up, and this deal can still be won — but only " \
            "one move keeps it so. Which?"

    def short(self, language: str) -> str:
        """The question in a few words for the LEDs (``White wins in 2``), in ``language``."""
        player = self.player()
        if self.kind == "win":
            if language == "de":
                return f"{_GERMAN.get(player, player)} gewinnt in {self.moves}"
            return f"{player} wins in {self.moves}"
        if self.kind == "stone":
            return "finde den Gewinnstein" if language == "de" else "find the winning stone"
        return "halte die Partie gewinnbar" if language == "de" else "keep the deal winnable"


_GERMAN = {"White": "Weiß", "Black": "Schwarz"}


@dataclass(frozen=True)
class Answer:
    """What one of the player's moves did: whether it was right, the defence's answer to it
    (``""``: none — the puzzle is solved, or the move was wrong and the verdict refutes it),
    and whether the puzzle is solved."""

    move: str
    right: bool
    reply: str
    solved: bool

    def words(self, puzzle: Puzzle, state: GameState[Any]) -> str:
        """The answer in a sentence, for the page and the terminal (``state``: the position
        the move was made in)."""
        if self.solved:
            return f"{self.move}: right — solved!"
        if self.right:
            return f"{self.move}: right. {_defender(state)} answers {self.reply}."
        if self.reply:
            return f"{self.move}: not this one — {_defender(state)} answers {self.reply} and " \
                "holds out. Try again."
        why = {"win": "it does not win in time", "stone": "the other side then wins with "
               "perfect play", "deal": "after it no order of moves wins the deal"}
        return f"{self.move}: not this one — {why[puzzle.kind]}. Try again."


def _defender(state: GameState[Any]) -> str:
    """The other side's colour, seen from the player to move in ``state``."""
    return state.player_title(1 - state.turn_player())


class Quiz:
    """A person working through a puzzle, move by move: each of their moves is judged, the
    defence's answers come from the puzzle's tree, and tries are counted. Whoever shows the
    puzzle (the board's screen, the page, the terminal) plays on a state of its own from
    :meth:`start`."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.node = puzzle.root
        self.tries = 0
        """Wrong moves made so far."""
        self.solved = False
        self.answers: list[Answer] = []
        self._reply: tuple[str, Node] | None = None
        """The defence's answer due after a right move, and the position after it."""

    def start(self) -> GameState[Any]:
        """A fresh game at the puzzle's position."""
        return self.puzzle.start()

    def judge(self, state: GameState[Any], move: Any) -> bool:
        """Whether the player's ``move`` in ``state`` is right (compared as the game names
        moves); a wrong one counts a try. Once right, :meth:`reply` gives the answer due."""
        name = state.move_name(move)
        if self.solved or self._reply is not None or not state.is_legal(move):
            return False
        if name in self.node.right:
            child = self.node.right[name]
            self.solved = child is None
            self._reply = child
            self.answers.append(Answer(name, True, "" if child is None else child[0],
                                       self.solved))
            return True
        self.tries += 1
        self.answers.append(Answer(name, False, self.node.wrong.get(name, ""), False))
        return False

    def reply(self, state: GameState[Any]) -> Any | None:
        """The defence's answer due now (read by ``state``), moving on to the position after
        it; ``None`` when none is due."""
        if self._reply is None:
            return None
        text, self.node = self._reply
        self._reply = None
        return state.parse_move(text)

    def again(self) -> None:
        """From the puzzle's position again (tries and a solve stay counted)."""
        self.node, self._reply = self.puzzle.root, None


def walk(puzzle: Puzzle, moves: Sequence[str]) -> tuple[GameState[Any], list[Answer]]:
    """The player's ``moves`` (their own only; the defence answers as the puzzle says) from the
    puzzle's position: the position reached and what each move did. A wrong move is answered
    and not played (the position stays); a move after the solve, or one that is no move of
    the position at all, raises :class:`PuzzleError`. This is how the page asks: every move
    it has sent so far, each time."""
    quiz = Quiz(puzzle)
    state = quiz.start()
    for text in moves:
        if quiz.solved:
            raise PuzzleError(f"{text}: the puzzle is solved already")
        try:
            move = state.parse_move(text)
        except KaskadeError as error:
            raise PuzzleError(f"{text}: {getattr(error, 'reason', error)}") from None
        if not state.is_legal(move):
            raise PuzzleError(f"{text} is not a move of this position")
        if quiz.judge(state, move):
            state.play(move)
            reply = quiz.reply(state)
            if reply is not None:
                state.play(reply)
    return state, quiz.answers


@cache
def book() -> tuple[Puzzle, ...]:
    """Every puzzle of the book, in the order the days take them (kinds by turns)."""
    from controller.games.puzzle_book import BOOK  # noqa: PLC0415 - large: read when asked

    return tuple(Puzzle(ident, kind, position, _node(tree)) for ident, kind, position, tree
                 in BOOK)


def _node(tree: tuple[Mapping[str, Any], Mapping[str, str]]) -> Node:
    right, wrong = tree
    return Node({move: None if child is None else (child[0], _node(child[1]))
                 for move, child in right.items()}, dict(wrong))


def puzzle_of(day: int) -> Puzzle:
    """The puzzle of ``day`` (``date.toordinal()``): the same on every board, a new one each
    day, round the book."""
    puzzles = book()
    return puzzles[day % len(puzzles)]


def find(ident: str) -> Puzzle:
    """The puzzle called ``ident`` (``kaskade-007``); :class:`PuzzleError` if none is."""
    for puzzle in book():
        if puzzle.id == ident:
            return puzzle
    raise PuzzleError(f"no puzzle is called {ident[:40]!r}")


def streaks(days: Sequence[int], today: int) -> tuple[int, int]:
    """The current streak — days in a row with the day's puzzle solved, up to today (or up to
    yesterday while today's is still open) — and the longest, from the days solved (each
    ``date.toordinal()``)."""
    solved = sorted(set(days))
    longest = run = 0
    previous: int | None = None
    for day in solved:
        run = run + 1 if previous is not None and day - previous == 1 else 1
        longest = max(longest, run)
        previous = day
    done = set(solved)
    current = 0
    day = today if today in done else today - 1
    while day in done:
        current += 1
        day -= 1
    return current, longest
