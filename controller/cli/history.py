"""``kaskade history``: the games finished on this machine's boards."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from controller.app.history import History, Match
from controller.app.paths import state_dir
from controller.app.seats import person_name
from controller.app.standings import Standings, game_title, standings, standings_json
from controller.app.store import HISTORY_FILE
from controller.web.results import seat_words


def register(commands: Any) -> None:
    """Add ``history`` to the command line."""
    parser = commands.add_parser(
        "history", help="list the finished games",
        description="List the games finished on the board (newest first) with who played "
        "and the running score — a rating per person and per computer level, and head to "
        "head — or show one game as a record.",
        epilog="A game's record can be replayed: kaskade history --show ID | kaskade replay -",
    )
    parser.add_argument("--limit", type=int, default=20, metavar="N",
                        help="show the newest N games (default 20; 0 for all)")
    parser.add_argument("--show", metavar="ID", help="print the record of the game whose id "
                        "starts with ID")
    parser.add_argument("--scores", action="store_true",
                        help="print only the scores: each player's rating per game (Glicko-2, "
                        "a person by name and the computer by level) and head to head")
    parser.add_argument("--json", action="store_true", help="print the games (or with "
                        "--scores the scores) as JSON")
    add_state_dir(parser)
    parser.set_defaults(handler=run)


def add_state_dir(parser: argparse.ArgumentParser) -> None:
    """``--state-dir``: where the history (and the people in it) is kept."""
    parser.add_argument("--state-dir", metavar="DIR",
                        help="where the history is kept (as for kaskade sim)")


def history_of(args: argparse.Namespace) -> History:
    """The history the command's ``--state-dir`` names (the default state directory's)."""
    return History(state_dir(args.state_dir) / HISTORY_FILE)


def run(args: argparse.Namespace) -> int:
    """Print the history."""
    history = history_of(args)
    if args.show:
        print(history.find(args.show).record, end="")
        return 0
    limit = None if args.limit <= 0 else args.limit
    if args.json and not args.scores:  # the games as they are kept, records and all
        matches = history.matches(limit)
        _say_problem(history)
        print(json.dumps([asdict(match) for match in matches]))
        return 0
    everything = history.matches(records=False)
    _say_problem(history)
    scores = standings(everything)
    if args.json:
        print(json.dumps(standings_json(scores)))
        return 0
    if not everything:
        print("No finished games yet.")
        return 0
    lines = [] if args.scores else _games(everything[:limit])
    lines += _scores(scores)
    print("\n".join(lines) if lines else "No scored games yet: a game is scored when each "
          "seat is a person named with kaskade players, or the computer.")
    return 0


def _say_problem(history: History) -> None:
    """Say on stderr what the reading had to leave out, if anything."""
    if history.problem:
        print(f"kaskade history: {history.problem}", file=sys.stderr)


def _games(matches: Sequence[Match]) -> list[str]:
    """The games as a table, in words: the game's title, its options named (``size 6x9``,
    ``version standard``), who sat where, who won."""
    rows = [("finished", "game", "options", "players", "result", "plies", "id")]
    rows += [(match.finished[:16].replace("T", " "), game_title(match.game),
              _options(match.options), _players(match), _result(match), str(match.plies),
              match.id[:8]) for match in matches]
    return _table(rows, numeric={5})


def _options(options: Mapping[str, str]) -> str:
    """``size 6x9``, ``version standard, passes 3, pawns no, courts no``, or ``-``."""
    return ", ".join(f"{name} {value}" for name, value in options.items()) or "-"


def _players(match: Match) -> str:
    """``Anna (Black) v level 1 (White)``; alone at the board ``a person`` or the name."""
    if len(match.players) == 1:
        (seat,) = match.players.values()
        return person_name(seat) or "a person"
    return " v ".join(seat_words(player, seat) for player, seat in match.players.items())


def _result(match: Match) -> str:
    """``Black won``, ``draw``; alone at the board ``won`` or ``lost, 7 cards left``."""
    if len(match.players) == 1:
        if match.result in match.players:
            return "won"
        return "lost" if match.left_over is None else f"lost, {match.left_over} left"
    return f"{match.result.capitalize()} won" if match.result in match.players else "draw"



def _scores(scores: Standings) -> list[str]:
    """The ratings and the head-to-head scores as two tables, and the games for one as a
    third (nothing when no game is scored)."""
    lines = _alone(scores)
    if not scores.ratings:
        return lines
    ratings = [("game", "player", "rating", "±", "games", "won", "lost", "drawn")]
    ratings += [(game_title(s.game), s.who, f"{s.rating.rating:.0f}",
                 f"{2 * s.rating.deviation:.0f}", str(s.games), str(s.wins), str(s.losses),
                 str(s.draws)) for s in scores.ratings]
    pairs = [("game", "player", "won", "player", "won", "drawn")]
    pairs += [(game_title(p.game), p.first, str(p.first_wins), p.second, str(p.second_wins),
               str(p.draws)) for p in scores.head_to_head]
    return ["", "Ratings (Glicko-2: 1500 to begin with; ± two deviations, smaller the more "
            "games tell)", *_table(ratings, numeric={2, 3, 4, 5, 6, 7}),
            "", "Head to head", *_table(pairs, numeric={2, 4, 5}), *lines]


def _alone(scores: Standings) -> list[str]:
    """The games for one: each person's deals, wins, and the cards left (fewest, average)."""
    if not scores.alone:
        return []
    rows = [("game", "player", "deals", "won", "fewest left", "left on average")]
    rows += [(game_title(a.game), a.who, str(a.games), str(a.wins),
              "-" if a.best is None else str(a.best),
              "-" if a.average is None else f"{a.average:.1f}") for a in scores.alone]
    return ["", "Alone at the board", *_table(rows, numeric={2, 3, 4, 5})]


def _table(rows: Sequence[tuple[str, ...]], numeric: set[int]) -> list[str]:
    """The rows as columns as wide as their widest entry, two spaces apart (the ``numeric``
    columns to the right), so no two columns run together whatever the games and players are
    called."""
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return ["  ".join(value.rjust(width) if column in numeric else value.ljust(width)
                      for column, (value, width) in enumerate(zip(row, widths))).rstrip()
            for row in rows]
