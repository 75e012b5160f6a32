"""Records and game states: the state a record starts from, its moves played one by one, and
the record of a game being played.

Pure: the caller reads and writes the files. Errors say which move (its number, counting every
move from 1, and its text) failed and why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from controller.errors import KaskadeError
from controller.games.base import CHANCE, Event, GameState, Rng
from controller.games.errors import MoveError, OptionsError, PositionError
from controller.games.record import Record, format_record
from controller.games.registry import get_game

RESULTS_UNFINISHED = "*"
RESULT_DRAW = "draw"
RESULTS_SOLITAIRE = ("won", "lost")
"""A one-player game's results: there is no winner's name to write, nor a draw."""


class ReplayError(KaskadeError, ValueError):
    """A move of a record could not be played."""

    def __init__(self, number: int, text: str, error: MoveError) -> None:
        self.number = number
        self.text = text
        self.error = error
        super().__init__(
            f"move {number} {text!r} is {error.adjective}: {error.reason} "
            f"(in position {error.position})"
        )


def starting_state(record: Record) -> GameState[Any]:
    """The state a record starts from: its game with the options its tags give, or its
    ``Position`` tag. Every option of the game must be stated unless a position is given."""
    game = get_game(record.game)
    options = {name: record.tag(name) for name in game.info.options}
    position = record.tag("Position")
    if position is not None:
        state = game.from_position(position)
        for name, value in options.items():
            if value is not None and game.new({name: value}).options()[name] != \
                    state.options()[name]:
                raise PositionError(
                    f"the [{name.capitalize()}] tag says {value!r} but the [Position] is "
                    f"{state.options()[name]!r}"
                )
        return state
    missing = [name.capitalize() for name, value in options.items() if value is None]
    if missing:
        raise OptionsError(
            f"a {game.info.title} record must give {', '.join(f'[{m}]' for m in missing)} "
            "in its header"
        )
    return game.new({name: value for name, value in options.items() if value is not None})


def moves_written(start: GameState[Any], words: Sequence[str]) -> list[str]:
    """The moves a move list's ``words`` stand for, played from ``start``: one text per move
    in the game's notation (a game may read its original text's notation too, see
    :meth:`GameState.words_as_moves`)."""
    written = start.words_as_moves(words, start.position())
    return [move for moves in written for move in moves]


def replay(
    state: GameState[Any],
    moves: Sequence[str],
    rng: Rng | None = None,
    first_number: int = 1,
    limit: int | None = None,
) -> list[list[Event]]:
    """Play ``moves`` (notation) on ``state`` and return each move's events. With ``rng``, a
    chance step that comes due and that the next text does not give is drawn from it (a text
    that is a legal outcome of the chance step is played as written); without, the moves must
    give every chance step. ``limit`` stops after that many moves, drawn ones included.
    Raises :class:`ReplayError` for the first move that cannot be played; the moves before it
    stay played."""
    played: list[list[Event]] = []
    for number, text in enumerate(moves, first_number):
        while rng is not None and state.to_move == CHANCE and not _gives_chance(state, text):
            if limit is not None and len(played) >= limit:
                return played
            played.append(state.play(state.sample_chance(rng)))
        if limit is not None and len(played) >= limit:
            return played
        try:
            played.append(state.play_text(text))
        except MoveError as error:
            if state.to_move == CHANCE and rng is None:
                error.reason += " (write the chance step's outcome here, or draw it with a seed)"
            raise ReplayError(number, text, error) from error
    return played


def _gives_chance(state: GameState[Any], text: str) -> bool:
    """Whether ``text`` names a legal outcome of the chance step due in ``state``."""
    try:
        return state.is_legal(state.parse_move(text))
    except MoveError:
        return False


def played_names(start: GameState[Any], state: GameState[Any]) -> list[str]:
    """The notation of every move played on ``state`` since ``start`` (a copy of which it
    was), chance outcomes included: what a record of the game lists."""
    walk = start.copy()
    names = []
    for move in state.moves[len(start.moves):]:
        names.append(walk.move_name(move))
        walk.play(move)
    return names


def result_text(state: GameState[Any]) -> str:
    """The ``Result`` tag for a state: the winner's name, ``draw``, or ``*`` while unfinished;
    ``won`` or ``lost`` for a one-player game."""
    outcome = state.outcome()
    if outcome is None:
        return RESULTS_UNFINISHED
    if len(state.info.players) == 1:
        return RESULTS_SOLITAIRE[0 if outcome.winner == 0 else 1]
    if outcome.winner is None:
        return RESULT_DRAW
    return state.info.players[outcome.winner]


def check_result(record: Record, state: GameState[Any]) -> None:
    """Raise :class:`PositionError` when the record's ``Result`` contradicts a finished game.
    An unfinished game may carry any result (a resignation, an agreed result)."""
    claimed = record.tag("Result")
    valid = {RESULTS_UNFINISHED, *RESULTS_SOLITAIRE} if len(state.info.players) == 1 else \
        {RESULTS_UNFINISHED, RESULT_DRAW, *state.info.players}
    if claimed is None:
        return
    if claimed not in valid:
        raise PositionError(
            f"[Result {claimed!r}] is not one of {', '.join(sorted(valid))}"
        )
    actual = result_text(state)
    if state.is_over() and claimed not in (RESULTS_UNFINISHED, actual):
        raise PositionError(f"[Result {claimed!r}] contradicts the moves, which end: {actual}")


NOTATIONS = ("game", "original")
"""How a record may write its moves: in the game's own notation, or as the game's original
text does (only where that differs: Big Balls)."""


class NotationError(KaskadeError, ValueError):
    """A record asked for in a notation the game does not have."""


def record_text(
    start: GameState[Any], moves: Sequence[str], tags: Mapping[str, str] | None = None,
    notation: str = "game",
) -> str:
    """The record of ``moves`` (notation) played from ``start``, with ``tags`` (players, date)
    added to the header. Each move is written as the game names it — ``c2xc3`` for a capture
    typed as ``c2-c3`` — never as it was typed; with ``notation="original"`` as the game's
    original text writes it (Big Balls' ``4 e2-d3`` for the throw, a 4 and the step), which
    reads back to the same moves. A start other than a new game is written as a ``Position``
    tag. The ``Result`` is the game's own once it is over; before that ``tags`` may give one
    (a resignation), else it is ``*``."""
    if notation not in NOTATIONS:
        raise NotationError(f"notation {notation!r}: choose {' or '.join(NOTATIONS)}")
    state = start.copy()
    names, movers = [], []
    for text in moves:
        move = state.parse_move(text)
        names.append(state.move_name(move))
        movers.append(mover_of(state))
        state.play(move)
    if notation == "original":
        original = start.original_notation(names, movers)
        if original is None:
            raise NotationError(f"{start.info.title} has one notation, its records' own; the "
                                "original notation is Big Balls' (4 e2-d3, BB b6-b5)")
        names, movers = original
    return game_record(start, state, names, movers, tags)


def mover_of(state: GameState[Any]) -> int:
    """Whose turn the next move belongs to, for numbering it in a record."""
    return state.turn_player()


def game_record(
    start: GameState[Any],
    final: GameState[Any],
    moves: Sequence[str],
    movers: Sequence[int],
    tags: Mapping[str, str] | None = None,
) -> str:
    """``record_text`` for a caller that already holds the ``final`` state and each move's
    ``movers``: no replay, so saving after every move stays cheap however long the game."""
    state = final
    header = {"Game": state.info.name}
    header.update({name.capitalize(): value for name, value in start.options().items()})
    if start.plies:
        header["Position"] = start.position()
    header.update(tags or {})
    if state.is_over() or "Result" not in header:
        header["Result"] = result_text(state)
    return format_record(header, moves, movers, len(state.info.players))
