"""Take: the smallest game the board can play, written the way docs/game-interface.md's "Adding
a game" says, every part in one file so the whole path can be read at once. A row of lights;
White and Black in turn take one or two from the right-hand end; whoever takes the last light
wins. ``tests/test_adding_a_game.py`` puts it on the board, the web page, the terminal and in
front of the computer through its one registry entry.

In the product a game is two folders: its rules in ``controller/games/NAME/`` and its face in
``controller/faces/NAME/`` (``picture.py``, ``screen.py``, ``text.py``, ``lesson.py`` and
``FACE`` in ``__init__.py``), both named by its entry in ``controller/games/registry.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from controller.app.screens.base import Screen
from controller.app.screens.game import GameScreen
from controller.app.session import Session
from controller.faces.face import Face
from controller.faces.setup import Number
from controller.faces.text import HowToPlay, Text, plain
from controller.games import (
    Event,
    GameInfo,
    GameOver,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    NothingToUndoError,
    OptionsError,
    Outcome,
    PositionError,
)
from controller.games.lesson import Lesson, Step
from controller.games.registry import GameEntry
from controller.profile.model import Profile
from controller.render.canvas import Canvas
from controller.render.color import HIGHLIGHT, NEUTRAL, Colour, player_colours, scale
from controller.render.feedback import Turn, backdrop, draw_touches
from controller.render.glyphs import ball_rows, solid_rows
from controller.render.tile import Tile

if TYPE_CHECKING:
    from controller.app.host import Host

LONGEST = 16

# -- the rules (controller/games/take/) ----------------------------------------------------------


@dataclass(frozen=True)
class Took(Event):
    """``player`` took ``count`` lights; ``left`` remain."""

    player: int
    count: int
    left: int


@dataclass(frozen=True, slots=True)
class Take:
    """A move: take ``count`` lights (1 or 2) from the right-hand end; written ``1`` or ``2``."""

    count: int


class TakeState(GameState[Take]):
    """A row of ``left`` lights, ``player`` to take; a move is a :class:`Take`."""

    info = GameInfo(name="take", title="Take", players=("white", "black"),
                    options={"lights": "lights in the row, 3 to 16 (default 7)"})

    def __init__(self, lights: int, left: int | None = None, player: int = 0,
                 plies: int = 0) -> None:
        self.lights = lights
        self.left = lights if left is None else left
        self.player = player
        self._plies = plies
        self._moves: list[Take] = []

    @classmethod
    def new(cls, options: Mapping[str, str] | None = None) -> TakeState:
        given = dict(options or {})
        text = given.pop("lights", "7")
        if given:
            raise OptionsError(f"Take has no option {next(iter(given))!r}")
        if not text.isdigit() or not 3 <= int(text) <= LONGEST:
            raise OptionsError(f"lights {text!r}: give 3 to {LONGEST}")
        return cls(int(text))

    def options(self) -> dict[str, str]:
        return {"lights": str(self.lights)}

    @classmethod
    def from_position(cls, text: str) -> TakeState:
        """``left/lights w|b plies`` (``3/7 b 3``)."""
        try:
            row, side, plies = text.split()
            left, lights = (int(part) for part in row.split("/"))
            played = int(plies)
        except ValueError:
            raise PositionError(f"position {text!r}: write left/lights w|b plies, e.g. "
                                "3/7 b 3") from None
        if side not in ("w", "b") or not 0 <= left <= lights or not 3 <= lights <= LONGEST \
                or played < 0:
            raise PositionError(f"position {text!r}: no such position")
        return cls(lights, left, "wb".index(side), played)

    def position(self) -> str:
        return f"{self.left}/{self.lights} {'wb'[self.player]} {self.plies}"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TakeState:
        try:
            return cls.from_position(f"{data['left']}/{data['lights']} "
                                     f"{'wb'[data['player']]} {data['plies']}")
        except (KeyError, TypeError, IndexError):
            raise PositionError("JSON position: needs left, lights, player and plies") from None

    def to_json(self) -> dict[str, Any]:
        outcome = self.outcome()
        return {"game": "take", "plies": self.plies, "to_move": self.to_move,
                "winner": outcome.winner if outcome else None, "left": self.left,
                "lights": self.lights, "player": self.player}

    def copy(self) -> TakeState:
        twin = TakeState(self.lights, self.left, self.player, self._plies)
        twin._moves = list(self._moves)
        return twin

    def diagram(self) -> str:
        return "o " * self.left + ". " * (self.lights - self.left) + \
            f"  {self.player_title(self.player)} to take"

    @property
    def to_move(self) -> int | None:
        return None if self.left == 0 else self.player

    @property
    def plies(self) -> int:
        return self._plies

    @property
    def moves(self) -> list[Take]:
        return self._moves

    def outcome(self) -> Outcome | None:
        if self.left:
            return None
        winner = 1 - self.player  # the player who took the last light
        return Outcome(winner, f"{self.player_title(winner)} took the last light")

    def legal_moves(self) -> list[Take]:
        return [Take(count) for count in (1, 2) if count <= self.left]

    def play(self, move: Take) -> list[Event]:
        if move not in self.legal_moves():
            raise IllegalMoveError(repr(move), self.position(),
                                   "take 1 or 2 lights, no more than are left")
        self.left -= move.count
        events: list[Event] = [Took(self.player, move.count, self.left)]
        self.player = 1 - self.player
        self._plies += 1
        self._moves.append(move)
        outcome = self.outcome()
        if outcome is not None:
            events.append(GameOver(outcome))
        return events

    def undo(self) -> Take:
        if not self._moves:
            raise NothingToUndoError("there is no move to take back")
        move = self._moves.pop()
        self.left += move.count
        self.player = 1 - self.player
        self._plies -= 1
        return move

    def parse_move(self, text: str) -> Take:
        if text.strip() not in ("1", "2"):
            raise InvalidMoveError(text, self.position(), "a move is 1 or 2")
        return Take(int(text))

    def move_name(self, move: Take) -> str:
        if not isinstance(move, Take) or move.count not in (1, 2):
            raise InvalidMoveError(repr(move), self.position(), "a move is 1 or 2")
        return str(move.count)


# -- the picture (controller/faces/take/picture.py) ---------------------------------------------


def fits(profile: Profile) -> bool:
    """The smallest row, 3 lights, and a row of turn colour above it."""
    return profile.columns >= 3 and profile.rows >= 2


@dataclass(frozen=True)
class TakeView:
    """What to show: the row, and which lights the player to move may take."""

    lights: int
    left: int
    takeable: frozenset[int]
    colours: tuple[Colour, Colour]
    turn: Turn


def draw_take(canvas: Canvas, profile: Profile, view: TakeView, now: float) -> bool:
    """The lights along the bottom row, the turn's colour in the row above."""
    k = profile.per_pad
    theme = backdrop(canvas, view.colours, view.turn.to_move, view.turn.winner, now)
    for column in range(view.lights):
        if column < view.left:
            colour = HIGHLIGHT if column in view.takeable else NEUTRAL
            canvas.block(column * k, 0, ball_rows(k, 1, colour))
        canvas.block(column * k, k, solid_rows(k, scale(theme, 0.3)))
    return draw_touches(canvas, profile, view.turn.touches, now) or view.turn.winner is not None


def icon(canvas: Canvas, tile: Tile, k: int, level: float) -> None:
    """A row of lights with the last two bright."""
    for column, row in tile.pads():
        bright = column >= tile.column + tile.size - 2 and row == tile.row
        canvas.block(column * k, row * k, ball_rows(k, 1, scale(
            HIGHLIGHT if bright else NEUTRAL, level if row == tile.row else 0.2 * level)))


# -- the screen (controller/faces/take/screen.py) -----------------------------------------------


class TakeScreen(GameScreen[TakeState]):
    """Tap the last light to take one, the one before it to take two."""

    def __init__(self, host: Host[Screen], session: Session[TakeState]) -> None:
        self.colours = player_colours(session.state.info.players)
        super().__init__(host, session)

    def tap(self, pad: int, now: float) -> None:
        column, row = self.pad(pad)
        move = Take(self.state.left - column)
        if row != 0 or not self.person_to_move() or not self.state.is_legal(move):
            self.refuse(pad, now)
            return
        self.play(move, now)

    def touch_words(self) -> str:
        return "touch the last light to take one, the one before it to take two"

    def view(self, now: float) -> TakeView:
        legal = self.state.legal_moves() if self.person_to_move() else []
        return TakeView(self.state.lights, self.state.left,
                        frozenset(self.state.left - move.count for move in legal), self.colours,
                        self.turn(now))

    def draw(self, canvas: Canvas, now: float) -> bool:
        return draw_take(canvas, self.profile, self.view(now), now)


# -- how to play and the text board (controller/faces/take/text.py) ----------------------------

HOW_TO_PLAY = HowToPlay(
    goal="Take the last light. In turn each player takes one or two lights from the right.",
    moves="Type 1 or 2: how many lights to take.")

TEXT = Text(lambda state, paint: plain(state.diagram(), ["white"]))


# -- the lesson (controller/faces/take/lesson.py) ------------------------------------------------

LESSON = Lesson("take", (
    Step("leave three", "Four lights are left. Take one, to leave three: whatever Black takes, "
         "you take the rest.", "4/7 w 2", ("1",), "Not that: take one light, to leave three.",
         "Three are left for Black: Black takes one or two, and you take the last.",
         short_de="drei lassen"),
))


# -- the face (controller/faces/take/__init__.py) and the entry (controller/games/registry.py) --


def _longest(profile: Profile) -> int:
    return min(LONGEST, profile.columns)


def _start(host: Host[Screen], levels: dict[int, int]) -> Screen:
    """Its own set-up: the longest row the board holds, at once."""
    return host.start_game(TakeState.new({"lights": str(_longest(host.profile))}), levels)


FACE = Face("take", fits=fits,
            holds=lambda profile, state: fits(profile) and state.lights <= profile.columns,
            options=lambda profile: (Number("lights", 3, _longest(profile), _longest(profile)),),
            screen=TakeScreen, icon=icon, how_to_play=HOW_TO_PLAY, text=TEXT, lesson=LESSON,
            setup=_start)
"""Take's face: fits any board with a row of three, starts at once on the board with the
longest row it holds (the page offers the row's length)."""

ENTRY = GameEntry("take", "tests.support.take_game:TakeState", "tests.support.take_game:FACE")
"""Take's one entry, naming its rules and its face."""
