"""Game records: how games are saved, shared and replayed (format in ``docs/records.md``).

A record is plain UTF-8 text in the style chess players know from PGN: a header of tags, one
per line, then the moves in the game's own notation::

    [Game "kaskade"]
    [Size "6x9"]
    [White "Ann"]
    [Black "Ben"]
    [Date "2026-11-21"]
    [Result "*"]

    1. c3 d4 2. c3 e5 3. b2 ; comments run to the end of the line
    {or sit between braces}

Move numbers (``1.``, ``3...``) are only for readers and are ignored; every other token is one
move (one ply) in the game's notation — or, for a game that also reads its original text's
notation (Big Balls' ``BB b6-b5``, ``4 e2-d3``), the moves the game says it stands for, so a
record's ``moves`` are always one move each. Reading and writing here are pure text
functions; files are the caller's job.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from controller.errors import KaskadeError
from controller.games.errors import UnknownGameError
from controller.games.registry import get_game

_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_MOVE_NUMBER = re.compile(r"\d+\.+")
_WORD = re.compile(r"[^\s;{]+")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_WRAP = 79


class RecordError(KaskadeError, ValueError):
    """A record that cannot be read; says on which line and why."""

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}")


@dataclass
class Record:
    """A parsed record: its tags in file order and its moves as written."""

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    """The line on which each move stands, for error messages."""

    @property
    def game(self) -> str:
        """The ``Game`` tag (every record has one)."""
        return self.tags["Game"]

    def tag(self, name: str) -> str | None:
        """A tag's value by case-insensitive name, or ``None``."""
        for key, value in self.tags.items():
            if key.lower() == name.lower():
                return value
        return None


def parse_record(text: str) -> Record:
    """Read a record; raises :class:`RecordError` naming the line for anything malformed."""
    record = Record()
    in_moves = False
    seen: set[str] = set()
    for number, kind, value in _tokens(text):
        if kind == "tag":
            if in_moves:
                raise RecordError(number, "a tag after the moves; tags belong in the header")
            assert isinstance(value, tuple)
            name, tag_value = value
            if name.lower() in seen:
                raise RecordError(number, f"the tag [{name}] appears twice")
            seen.add(name.lower())
            record.tags[name] = tag_value
        else:
            in_moves = True
            record.moves.append(str(value))
            record.lines.append(number)
    if record.tag("Game") is None:
        raise RecordError(1, 'a record needs a [Game "…"] tag in its header, e.g. [Game "kaskade"]')
    record.tags = {("Game" if k.lower() == "game" else k): v for k, v in record.tags.items()}
    try:
        game = get_game(record.game)
    except UnknownGameError:
        return record  # replaying it names the game that is not there
    written = game.words_as_moves(record.moves, record.tag("Position"))
    record.lines = [line for line, moves in zip(record.lines, written) for _ in moves]
    record.moves = [move for moves in written for move in moves]
    return record


def parse_moves(text: str) -> list[str]:
    """The moves in a move list such as ``"1. c3 d4 2. c3"`` (the movetext of a record, with
    its move numbers and comments); raises :class:`RecordError` for a tag or an open comment."""
    moves = []
    for number, kind, value in _tokens(text):
        if kind == "tag":
            raise RecordError(number, "a move list cannot contain tags")
        moves.append(str(value))
    return moves


def _tokens(text: str) -> Iterator[tuple[int, str, str | tuple[str, str]]]:
    """Yield ``(line, "tag", (name, value))`` and ``(line, "move", text)`` in order. One pass
    with a position in each line, so a record of a million moves on one line reads in time
    proportional to its length."""
    comment_from: int | None = None
    for number, line in enumerate(text.splitlines(), 1):
        at, end = 0, len(line)
        while at < end:
            if comment_from is not None:
                close = line.find("}", at)
                if close < 0:
                    break
                comment_from = None
                at = close + 1
                continue
            while at < end and line[at].isspace():
                at += 1
            if at >= end or line[at] == ";":
                break
            if line[at] == "{":
                comment_from = number
                at += 1
                continue
            if line[at] == "[":
                match = _TAG.match(line, at)
                if match is None:
                    raise RecordError(
                        number, f'malformed tag {line[at:at + 80].strip()!r}; write [Name "value"]'
                    )
                yield number, "tag", (match[1], re.sub(r"\\(.)", r"\1", match[2]))
                at = match.end()
                continue
            token = _WORD.match(line, at)
            assert token is not None  # line[at] is not a space, nor ; { or [
            at = token.end()
            word = token[0]
            move = _MOVE_NUMBER.sub("", word, count=1) if _MOVE_NUMBER.match(word) else word
            if move:
                yield number, "move", move
    if comment_from is not None:
        raise RecordError(comment_from, "a '{' comment that is never closed with '}'")


def format_record(
    tags: Mapping[str, str],
    moves: Sequence[str],
    movers: Sequence[int],
    players: int,
) -> str:
    """The text of a record with ``tags`` (``Game`` first) and ``moves``.

    ``movers`` gives the player number of each move, for the move numbers: a number starts
    each turn of the first player (``3...`` when a record starts with another player's move);
    in a one-player game every move is numbered.
    """
    if "Game" not in tags:
        raise ValueError("a record needs a Game tag")
    ordered = {"Game": tags["Game"], **{k: v for k, v in tags.items() if k != "Game"}}
    header = [f'[{name} "{_escape(value)}"]' for name, value in ordered.items()]
    words: list[str] = []
    turn = 0
    previous: int | None = None
    for move, mover in zip(moves, movers):
        if players == 1 or (mover == 0 and previous != 0):
            turn += 1
            words.append(f"{turn}.")
        elif previous is None:
            turn += 1
            words.append(f"{turn}...")
        words.append(move)
        previous = mover
    return "\n".join([*header, "", *_wrap(words)]).rstrip("\n") + "\n"


def _escape(value: str) -> str:
    """A tag value as written: quotes and backslashes escaped, and any line break or other
    control character made a space (a tag is one line: a name with a line break in it must
    not end the tag and start another)."""
    plain = _CONTROL.sub(" ", value)
    return plain.replace("\\", "\\\\").replace('"', '\\"')


def _wrap(words: Sequence[str]) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > _WRAP:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines
