"""``kaskade gtp``: the computer player behind the Go Text Protocol (GTP version 2), so
tournament tools and other programs can play against it (``docs/gtp.md``).

Framing as in the GTP 2 specification: one command per line, optionally preceded by a number
(echoed in the response); ``#`` starts a comment; a response is ``=`` (or ``?`` for an error),
the id, a space, the result, and an empty line.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from controller import __version__
from controller.ai.base import Budget
from controller.ai.levels import LEVELS, STRONGEST, computer
from controller.errors import KaskadeError
from controller.games import MoveError, NothingToUndoError, OptionsError
from controller.games.kaskade import KaskadeState
from controller.games.kaskade.grid import DEFAULT_SIZE, parse_size

COLOURS = {"white": 0, "w": 0, "black": 1, "b": 1}
NAME = "Kaskade Board"
MOVES_PER_GAME = 40
MAX_SECONDS = 60.0
"""The longest the engine thinks about one move, whatever the clock allows: a controller that
announces an endless main time still gets an answer."""
"""How many moves of its own to plan for when only a total time is given."""


class GtpError(KaskadeError, ValueError):
    """A command that cannot be carried out; its message is the error response."""


class GtpEngine:
    """The state of one GTP session: a Kaskade game, a level and a time per move."""

    def __init__(self, level: int = STRONGEST, seconds: float = 1.0, seed: int = 1) -> None:
        self.game = KaskadeState(*DEFAULT_SIZE)
        self.level = level
        self.seconds = seconds
        self.rng = random.Random(seed)
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
        _arguments(arguments, 1, "boardsize WxH")
        text = arguments[0] if "x" in arguments[0].lower() else f"{arguments[0]}x{arguments[0]}"
        try:
            self.game = KaskadeState(*parse_size(text))
        except OptionsError as error:
            raise GtpError(f"unacceptable size ({error})") from None
        return ""

    def _clear_board(self, arguments: list[str]) -> str:
        self.game = KaskadeState(self.game.grid.width, self.game.grid.height)
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
        self._to_move(arguments[0])
        player = computer("kaskade", self.level)
        move = player.choose(self.game, Budget(seconds=self.seconds), self.rng)
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
        per_move = byo_yomi / stones if byo_yomi > 0 and stones > 0 else main / MOVES_PER_GAME
        if per_move > 0:
            self.seconds = min(MAX_SECONDS, max(0.05, per_move * 0.9))
        return ""

    def _level(self, arguments: list[str]) -> str:
        _arguments(arguments, 1, "kaskade-level 1-5")
        if not arguments[0].isdigit() or int(arguments[0]) not in LEVELS:
            raise GtpError(f"no level {arguments[0]}; the levels are 1 to 5")
        self.level = int(arguments[0])
        return ""

    def _to_move(self, colour: str) -> None:
        player = COLOURS.get(colour.lower())
        if player is None:
            raise GtpError(f"invalid color {colour!r}; use white, black, w or b")
        outcome, to_move = self.game.outcome(), self.game.to_move
        if outcome is not None or to_move is None:
            raise GtpError(f"the game is over: {outcome.reason if outcome else ''}")
        if to_move != player:
            raise GtpError(f"it is {self.game.player_title(to_move)}'s turn")


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


def register(commands: Any) -> None:
    """Add ``gtp`` to the command line."""
    parser = commands.add_parser(
        "gtp", help="play the computer through the Go Text Protocol (stdin/stdout)",
        description="Speak GTP version 2 on standard input and output, so tournament tools and "
        "other programs can play against the computer. Colours are white/black (or w/b), moves "
        "algebraic (c3), boardsize takes WxH. See docs/gtp.md.",
    )
    parser.add_argument("--game", default="kaskade", choices=("kaskade",),
                        help="the game (default kaskade)")
    parser.add_argument("--level", type=int, default=STRONGEST, choices=LEVELS,
                        help=f"the computer's level (default {STRONGEST})")
    parser.add_argument("--seconds", type=float, default=1.0, metavar="S",
                        help="thinking time per move until time_settings says otherwise "
                        "(default 1)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, stdin: TextIO | None = None,
        stdout: TextIO | None = None) -> int:
    """Serve GTP until ``quit`` or the end of input."""
    if not 0 < args.seconds <= MAX_SECONDS:  # also refuses nan
        raise GtpError(f"--seconds must be above 0 and at most {MAX_SECONDS:g}")
    GtpEngine(args.level, args.seconds, args.seed).run(stdin or sys.stdin, stdout or sys.stdout)
    return 0
