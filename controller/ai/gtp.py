"""The computer players behind the Go Text Protocol (GTP version 2), for every two-player game,
so tournament tools and other programs can play against them (``docs/gtp.md``).

Framing as in the GTP 2 specification: one command per line, optionally preceded by a number
(echoed in the response); ``#`` starts a comment; a response is ``=`` (or ``?`` for an error),
the id, a space, the result, and an empty line.

GTP was made for Go, where a turn is one move and nothing is left to chance. The games here
stretch it in two ways, both inside the protocol's own words: a turn of several moves (two
stones in Cascades, three actions and an end in Colliding Circles) is several ``play`` or
``genmove`` commands for the same colour, and a die or a shuffle is a move of the colour
``chance`` — ``play chance 53`` tells the engine what the dice showed, ``genmove chance``
lets it throw them.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from controller import __version__
from controller.ai.base import Budget, Player
from controller.ai.levels import LEVELS, STRONGEST, computer
from controller.errors import KaskadeError
from controller.games import (
    CHANCE,
    GameState,
    MoveError,
    NothingToUndoError,
    OptionsError,
    get_game,
)

NAME = "Kaskade Board"
MOVES_PER_GAME = 40
"""How many moves of its own to plan for when only a total time is given."""
MAX_SECONDS = 60.0
"""The longest the engine thinks about one move, whatever the clock allows: a controller that
announces an endless main time still gets an answer."""


class GtpError(KaskadeError, ValueError):
    """A command that cannot be carried out; its message is the error response."""


class GtpEngine:
    """The state of one GTP session: a game, its options, a level, a time (or ``nodes``) per
    move and the computer's ``threads``. The computer player lasts the whole game, so what it
    keeps between moves (Kaskade's level 5 its transposition table, the general search its
    tree) serves every ``genmove`` of it; a new game or level gets a new one."""

    def __init__(self, game: str = "kaskade", level: int = STRONGEST,
                 seconds: float | None = 1.0, seed: int = 1, nodes: int | None = None,
                 threads: int = 1) -> None:
        if seconds is None and nodes is None:
            raise GtpError("a time or a number of nodes per move is needed")
        self.kind = get_game(game)
        if len(self.kind.info.players) != 2:
            raise GtpError(f"{self.kind.info.title} has one player; GTP serves two-player games")
        self.settings: dict[str, str] = {}
        self.game: GameState[Any] = self.kind.new()
        self.level = level
        self.seconds = seconds
        self.nodes = nodes
        self.threads = threads
        self._player: Player | None = None
        self.hard_limit = False
        """Whether the time per move is a limit no move may pass (byo-yomi), not an average."""
        self.rng = random.Random(seed)
        self.colours = _colours(self.kind.info.players, self.kind.info.chance)
        self.commands: dict[str, Callable[[list[str]], str]] = {
            "protocol_version": lambda _: "2",
            "name": lambda _: NAME,
            "version": lambda _: __version__,
            "known_command": self._known_command,
            "list_commands": lambda _: "\n".join(self.commands),
            "quit": lambda _: "",
            "boardsize": self._boardsize,
            "clear_board": self._clear_board,
            "play": self._play,
            "genmove": self._genmove,
            "undo": self._undo,
            "showboard": lambda _: "\n" + self.game.diagram(),
            "time_settings": self._time_settings,
            "kaskade-level": self._level,
            "kaskade-option": self._option,
            "kaskade-result": self._result,
        }

    def run(self, lines: Iterable[str], out: TextIO) -> None:
        """Answer each command line until ``quit`` or the end of input."""
        for line in lines:
            command = _clean(line)
            if not command:
                continue
            identifier, name, arguments = _split(command)
            handler = self.commands.get(name)
            if handler is None:
                out.write(f"?{identifier} unknown command\n\n")
            else:
                try:
                    out.write(f"={identifier} {handler(arguments)}".rstrip(" ") + "\n\n")
                except GtpError as error:
                    out.write(f"?{identifier} {error}\n\n")
            out.flush()
            if name == "quit":
                return

    # -- commands -------------------------------------------------------------------------------

    def _known_command(self, arguments: list[str]) -> str:
        _arguments(arguments, 1, "known_command NAME")
        return "true" if arguments[0] in self.commands else "false"

    def _boardsize(self, arguments: list[str]) -> str:
        _arguments(arguments, 1, "boardsize SIZE")
        if "size" not in self.kind.info.options:
            raise GtpError(f"unacceptable size ({self.kind.info.title} has one board size)")
        text = arguments[0]
        try:
            self._restart({**self.settings, "size": text}, "unacceptable size")
        except GtpError:
            if not text.isdigit():
                raise
            # N means NxN where the game's size is WxH (Kaskade)
            self._restart({**self.settings, "size": f"{text}x{text}"}, "unacceptable size")
        return ""

    def _clear_board(self, arguments: list[str]) -> str:
        self._restart(self.settings, "unacceptable options")
        return ""

    def _option(self, arguments: list[str]) -> str:
        _arguments(arguments, 2, "kaskade-option NAME VALUE")
        self._restart({**self.settings, arguments[0]: arguments[1]}, "unacceptable option")
        return ""

    def _play(self, arguments: list[str]) -> str:
        _arguments(arguments, 2, "play COLOUR MOVE")
        self._to_move(arguments[0])
        try:
            self.game.play_text(arguments[1])
        except MoveError as error:
            raise GtpError(f"illegal move: {error.reason}") from None
        return ""

    def _genmove(self, arguments: list[str]) -> str:
        _arguments(arguments, 1, "genmove COLOUR")
        if self._to_move(arguments[0]) == CHANCE:
            move = self.game.sample_chance(self.rng)
        else:
            player = self.player
            seconds = self.seconds
            if seconds is not None and self.hard_limit:
                seconds /= player.peak
            move = player.choose(self.game, Budget(seconds=seconds, steps=self.nodes), self.rng)
        name = self.game.move_name(move)
        self.game.play(move)
        return name

    def _undo(self, arguments: list[str]) -> str:
        try:
            self.game.undo()
        except NothingToUndoError:
            raise GtpError("cannot undo") from None
        return ""

    def _time_settings(self, arguments: list[str]) -> str:
        _arguments(arguments, 3, "time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES")
        try:
            main, byo_yomi, stones = float(arguments[0]), float(arguments[1]), int(arguments[2])
        except ValueError:
            raise GtpError("time_settings takes numbers") from None
        if not (math.isfinite(main) and math.isfinite(byo_yomi)) or main < 0 or byo_yomi < 0 \
                or stones < 0:
            raise GtpError("time_settings takes finite numbers from 0")
        hard_limit = byo_yomi > 0 and stones > 0
        per_move = byo_yomi / stones if hard_limit else main / MOVES_PER_GAME
        if per_move > 0:
            self.seconds = min(MAX_SECONDS, max(0.05, per_move * 0.9))
            self.hard_limit = hard_limit
        return ""

    def _level(self, arguments: list[str]) -> str:
        _arguments(arguments, 1, "kaskade-level 1-5")
        if not arguments[0].isdigit() or int(arguments[0]) not in LEVELS:
            raise GtpError(f"no level {arguments[0]}; the levels are 1 to 5")
        self.level = int(arguments[0])
        self._player = None
        return ""

    def _result(self, arguments: list[str]) -> str:
        """How the game ended, as an SGF result (``W+``, ``B+12``, ``0``) and in words."""
        outcome = self.game.outcome()
        if outcome is None:
            return "?"
        if outcome.winner is None:
            return f"0 {outcome.reason}"
        letter = "B" if self.kind.info.players[outcome.winner] == "black" else "W"
        margin = ""
        if outcome.scores is not None:
            margin = str(outcome.scores[outcome.winner] - outcome.scores[1 - outcome.winner])
        return f"{letter}+{margin} {outcome.reason}"

    # -- helpers --------------------------------------------------------------------------------

    @property
    def player(self) -> Player:
        """The computer of this game and level, made at its first move and kept to the end."""
        if self._player is None:
            self._player = computer(self.kind.info.name, self.level, self.threads)
        return self._player

    def _restart(self, settings: dict[str, str], refusal: str) -> None:
        """A new game with ``settings`` as its options; when they are refused, the game goes
        on unchanged and the error starts with ``refusal``."""
        try:
            self.game = self.kind.new(settings)
        except OptionsError as error:
            raise GtpError(f"{refusal} ({error})") from None
        self.settings = settings
        self._player = None

    def _to_move(self, colour: str) -> int:
        """The player ``colour`` names, who must be the one to move now."""
        player = self.colours.get(colour.lower())
        if player is None:
            names = [name for name in self.colours if len(name) > 1]
            raise GtpError(f"invalid color {colour!r}; use {', '.join(names[:-1])} or "
                           f"{names[-1]} (or their first letters)")
        outcome, to_move = self.game.outcome(), self.game.to_move
        if outcome is not None or to_move is None:
            raise GtpError(f"the game is over: {outcome.reason if outcome else ''}")
        if to_move != player:
            if to_move == CHANCE:
                raise GtpError("chance moves next: send 'play chance OUTCOME' with what the "
                               "dice or the shuffle gave, or 'genmove chance'")
            raise GtpError(f"it is {self.game.player_title(to_move)}'s turn")
        return player


def _colours(players: tuple[str, ...], chance: bool) -> dict[str, int]:
    """Colour words for the players: their names, their first letters, and ``white`` for the
    player who is not ``black`` where no player is called white (GTP knows only those two);
    ``chance`` too in a game of dice or shuffles."""
    colours: dict[str, int] = {}
    for number, name in enumerate(players):
        colours[name] = number
        colours[name[0]] = number
    if "white" not in colours and "black" in colours:
        other = 1 - colours["black"]
        colours["white"] = colours["w"] = other
    if chance:
        colours["chance"] = colours["c"] = CHANCE
    return colours


def _clean(line: str) -> str:
    """The line without its comment, with control characters gone and tabs as spaces."""
    line = line.split("#", 1)[0].replace("\t", " ")
    return re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", "", line).strip()


def _split(command: str) -> tuple[str, str, list[str]]:
    words = command.split()
    identifier = ""
    if words[0].isdigit():
        identifier = words.pop(0)
    if not words:
        return identifier, "", []
    return identifier, words[0], words[1:]


def _arguments(arguments: list[str], count: int, usage: str) -> None:
    if len(arguments) != count:
        raise GtpError(f"syntax error: {usage}")
