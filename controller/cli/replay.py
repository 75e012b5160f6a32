"""``kaskade replay``: replay a game record and show (or export) the position it reaches."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from controller.app.storage import StorageError, read_text
from controller.cli.game_options import game_options
from controller.cli.usage import UsageError
from controller.games import CHANCE, GameState, game_names, get_game
from controller.games.record import Record, parse_moves, parse_record
from controller.games.replay import (
    NOTATIONS,
    check_result,
    moves_written,
    played_names,
    record_text,
    replay,
    starting_state,
)
from controller.games.status import status_line

EXAMPLES = """\
examples:
  kaskade replay kaskade --size 6x9 --moves "c3 d4 c3"
  kaskade replay kaskade --size 6x9 --moves "c3 d4 c3" --json
  kaskade replay game.record --ply 20          the position after the first 20 moves
  kaskade replay game.record --record          the record, tidied, to share
  kaskade replay cascades -o size=4 --moves "b2 a2 c2"
  kaskade replay big-balls --seed 7 --moves "BB:b5-b4 throw" --record
                                               deals and dice drawn from seed 7
  kaskade replay big-balls --moves "123564 245613 4 a3-a4" --record --notation original
                                               Big Balls as its inventors write it

A record file holds a header of tags and the moves (docs/records.md); 'kaskade play
--record FILE' writes one. An illegal or malformed move exits with status 2, prints
nothing on stdout, and says on stderr which move failed and why."""


def register(commands: Any) -> None:
    """Add ``replay`` to the command line."""
    parser = commands.add_parser(
        "replay",
        help="replay a game record and show the position it reaches",
        description="Replay a game from a record file or from a list of moves, and print the\n"
        "position it reaches as a diagram, as JSON, or as a tidy record.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "source", metavar="GAME|FILE",
        help=f"a game ({', '.join(game_names())}) to play --moves in, or a record file "
        "('-' reads standard input)",
    )
    parser.add_argument("--size", metavar="WxH",
                        help="board size, width x height (e.g. 6x9); default 6x9")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                        help="set another option of the game (repeatable)")
    parser.add_argument("--moves", metavar="MOVES", default="",
                        help='the moves in the game\'s notation, e.g. "c3 d4 c3" (move numbers '
                        "such as '1.' are allowed and ignored; Big Balls also reads the "
                        "original's 4 e2-d3 and BB b6-b5)")
    parser.add_argument("--position", metavar="TEXT",
                        help="start from this position (docs/notation.md) instead of a new game")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="draw the chance steps (shuffles, dice) that the moves leave out "
                        "from this seed; a chance step the moves give is played as given; the "
                        "same seed always draws the same")
    parser.add_argument("--ply", type=int, metavar="N",
                        help="stop after the first N moves (chance steps drawn by --seed "
                        "count), to look at an earlier position")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true",
                        help="print the final position as one JSON object")
    output.add_argument("--record", action="store_true",
                        help="print the replayed game as a record")
    parser.add_argument("--notation", choices=NOTATIONS, default="game",
                        help="with --record: write the moves in the game's own notation "
                        "(default) or as the original text does (Big Balls: 4 e2-d3 for the "
                        "throw, a 4 and the step; BB b6-b5); either reads back")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Replay and print; every error is raised before anything is printed."""
    record, start, moves = _load(args)
    if args.notation != "game" and not args.record:
        raise UsageError(f"--notation {args.notation} is how --record writes the moves; add "
                         "--record")
    if args.ply is not None and args.ply < 0:
        raise UsageError(f"--ply {args.ply}: give a number of moves, 0 or more")
    state = start.copy()
    rng = None if args.seed is None else random.Random(args.seed)
    replay(state, moves, rng, limit=args.ply)
    while rng is not None and state.to_move == CHANCE and \
            (args.ply is None or state.plies - start.plies < args.ply):
        state.play(state.sample_chance(rng))
    moves = played_names(start, state)
    if args.ply is not None and len(moves) < args.ply:
        count = f"{len(moves)} move{'' if len(moves) == 1 else 's'}"
        raise UsageError(f"--ply {args.ply}: the game has {count}")
    if record is not None and args.ply is None:
        check_result(record, state)
    if args.json:
        text = json.dumps(state.to_json())
    elif args.record:
        tags = {} if record is None else _player_tags(record, start)
        text = record_text(start, moves, tags, args.notation).rstrip("\n")
    else:
        text = f"{status_line(state)}\n{state.diagram()}"
    print(text)
    return 0


def _load(args: argparse.Namespace) -> tuple[Record | None, GameState[Any], list[str]]:
    """The record (if the source is a file), the starting state and the moves."""
    if args.source.strip().lower() in game_names():
        game = get_game(args.source)
        options = game_options(args)
        if args.position is not None:
            start = game.from_position(args.position)
            if options:
                raise UsageError("--position already fixes the board; leave out --size and -o")
        else:
            start = game.new(options)
        return None, start, moves_written(start, parse_moves(_text(args.moves)))
    for flag, given in (("--moves", args.moves), ("--size", args.size),
                        ("--option", args.option), ("--position", args.position)):
        if given:
            raise UsageError(f"{flag} goes with a game name; the record {args.source} "
                             "gives its own")
    record = parse_record(_read_source(args.source))
    return record, starting_state(record), record.moves


def _text(value: object) -> str:
    """An option's text: argparse (before Python 3.12) gives ``--moves=--`` as an empty list,
    having taken the ``--`` for its own end-of-options mark."""
    return value if isinstance(value, str) else "--"


def _read_source(source: str) -> str:
    if source != "-":
        return read_text(Path(source))
    try:
        return sys.stdin.buffer.read().decode("utf-8")
    except UnicodeDecodeError as error:
        raise StorageError(f"standard input: not UTF-8 text ({error.reason})") from None


def _player_tags(record: Record, start: GameState[Any]) -> dict[str, str]:
    """The tags of ``record`` that ``record_text`` does not derive from the game itself."""
    derived = {"game", "position", *start.info.options}
    return {name: value for name, value in record.tags.items() if name.lower() not in derived}
