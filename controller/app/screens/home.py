"""Home: a tile per game that fits the board (it breathes while a game waits to be continued),
the brightness bar, the sensors pad, the language and the sound switch, and above the sound
switch the blue pairing pad: a touch writes a pairing code for the web companion across the
board (only someone at the board can read it; touches go on to the menu meanwhile).

The first touch on a game's tile writes the game's name across the board while the tile
breathes; touching the same tile again starts it (or continues the game waiting on it). A
first-time player learns what each tile is, and nothing starts by accident. Holding a game's
tile for two seconds starts its lesson instead (``lesson.py``; after a moment it says so).
Every other control acts at once and says in words what it did (``60%``, ``sound off``,
``Deutsch``).

Holding the sound pad for three seconds instead forgets every device paired with the web
companion (after a second it says so: "keep holding").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from controller.app.screens.base import Screen
from controller.app.screens.lesson import LessonDoesNotFitError, LessonScreen
from controller.app.screens.puzzle import PuzzleDoesNotFitError, PuzzleScreen
from controller.app.words import LANGUAGES
from controller.devices.interfaces import Sound
from controller.faces.face import faces_for, lesson
from controller.games import get_game
from controller.games.lesson import NoLessonError
from controller.games.puzzle import puzzle_of
from controller.render.canvas import Canvas
from controller.render.menu import HomeLayout, draw_home

if TYPE_CHECKING:
    from controller.app.host import Host

FORGET_WARNING = 1.0
FORGET_HOLD = 3.0
"""Seconds the sound pad is held before it says what a longer hold does, and before it forgets
the paired devices."""
LEARN_WARNING = 0.7
LEARN_HOLD = 2.0
"""Seconds a game's tile is held before it says that a longer hold teaches the game, and
before its lesson starts."""


class HomeScreen(Screen):
    """The home menu."""

    def __init__(self, host: Host[Screen]) -> None:
        super().__init__(host)
        faces = faces_for(self.profile)
        self.games = tuple(game.name for game in faces)
        """The games with a tile: those that fit this board."""
        self.icons = tuple(game.icon for game in faces)
        self.layout = HomeLayout.of(self.profile, len(self.games))
        self.selected: int | None = None
        """The game tile touched once: its name is on show, a second touch starts it."""
        self.sound_held: float | None = None
        """Since when the sound pad is held (towards forgetting the paired devices)."""
        self.forgot = False
        """The hold has forgotten them: its release does not switch the sound."""
        self.warned = False
        self.tile_held: tuple[int, float] | None = None
        """The game tile held (towards its lesson), and since when."""
        self.no_lesson = False
        """The hold found no lesson (and said so): its release does not pick the tile."""
        self.learn_said = False
        """The held tile has said that holding on teaches its game."""
        self.puzzle = host.puzzle_standing()
        """How the puzzle of the day stands (its tile breathes while today's is open)."""

    def pad_down(self, pad: int, now: float) -> Screen | None:
        hit = self.layout.hit(self.pad(pad))
        if hit == ("sound", 0):
            self.sound_held, self.forgot, self.warned = now, False, False
        elif hit is not None and hit[0] == "game":
            self.tile_held, self.learn_said = (hit[1], now), False
        return None

    def tick(self, now: float) -> Screen | None:
        if self.tile_held is not None and not self.learn_said and \
                now - self.tile_held[1] >= LEARN_WARNING:
            self.learn_said = True
            title = get_game(self.games[self.tile_held[0]]).info.title
            self.host.caption(self.host.say_words("keep holding to learn", game=title), now)
        if self.tile_held is not None and now - self.tile_held[1] >= LEARN_HOLD:
            name = self.games[self.tile_held[0]]
            self.tile_held = None
            try:
                screen = LessonScreen(self.host, lesson(name), now)
            except (NoLessonError, LessonDoesNotFitError):  # a game from outside the product
                self.host.say(Sound.ILLEGAL)
                self.host.caption(self.host.say_words("no lesson",
                                                    game=get_game(name).info.title), now)
                self.no_lesson = True
                return None
            self.host.say(Sound.TAP)
            return screen
        held = self.sound_held
        if held is None or self.forgot:
            return None
        if now - held >= FORGET_HOLD:
            count = self.host.forget_paired_devices()
            self.forgot = True
            self.host.caption(self.host.say_words("forgotten", count=count), now)
            self.host.say(Sound.UNDO)
        elif now - held >= FORGET_WARNING and not self.warned:
            self.warned = True
            self.host.caption(self.host.say_words("keep holding to forget"), now)
        return None

    def wakeup(self, now: float) -> float | None:
        if self.tile_held is not None:
            since = self.tile_held[1]
            return since + LEARN_WARNING if not self.learn_said else since + LEARN_HOLD
        if self.sound_held is None or self.forgot:
            return None
        held = self.sound_held
        return held + FORGET_WARNING if now < held + FORGET_WARNING else held + FORGET_HOLD

    def pad_up(self, pad: int, now: float) -> Screen | None:
        hit = self.layout.hit(self.pad(pad))
        self.sound_held = self.tile_held = None
        if hit == ("sound", 0) and self.forgot:
            return None
        if self.no_lesson:
            self.no_lesson = False
            return None
        if hit is None:
            self.selected = None
            return None
        kind, value = hit
        host, settings = self.host, self.host.settings
        host.say(Sound.TAP)
        if kind == "puzzle":
            return self._puzzle(now)
        if kind == "game":
            if value == self.selected:
                return host.open_game(self.games[value])
            self.selected = value
            name = self.games[value]
            key = "touch again to continue" if name in host.waiting_games() else "touch again"
            host.caption(host.say_words(key, game=get_game(name).info.title), now)
            return None
        self.selected = None
        if kind == "sensors":
            return host.sensors()
        if kind == "pairing":
            host.show_pairing_code(now)
            return None
        if kind == "brightness":
            settings.brightness = value / len(self.layout.brightness)
            words = host.say_words("percent", percent=round(settings.brightness * 100))
        elif kind == "language":
            settings.language = LANGUAGES[(LANGUAGES.index(settings.language) + 1)
                                          % len(LANGUAGES)]
            words = host.say_words("language")
        elif kind == "speech":
            settings.speech = not settings.speech
            words = host.say_words("speech on" if settings.speech else "speech off")
        else:
            settings.sound = not settings.sound
            words = host.say_words("sound on" if settings.sound else "sound off")
        host.save_settings()
        host.caption(words, now)
        return None

    def _puzzle(self, now: float) -> Screen | None:
        """The puzzle tile touched: its name the first time, the puzzle the second."""
        host, puzzle = self.host, len(self.games)
        if self.selected != puzzle:
            self.selected = puzzle
            solved = self.puzzle is not None and self.puzzle.solved_today is not None
            host.caption(host.say_words("puzzle again" if solved else "puzzle"), now)
            return None
        self.selected = None
        today = puzzle_of(host.wall_clock().date().toordinal())
        try:
            return PuzzleScreen(host, today, now)
        except PuzzleDoesNotFitError:
            host.say(Sound.ILLEGAL)
            host.announce(host.say_words("puzzle too big", game=today.start().info.title),
                          now=now)
            return None

    def pad_words(self, pad: int) -> str:
        hit = self.layout.hit(self.pad(pad))
        if hit is None:
            return ""
        kind, value = hit
        if kind == "puzzle":
            return "the puzzle of the day · touch: its name · touch again: try it"
        if kind == "game":
            title = get_game(self.games[value]).info.title
            return f"{title} · touch: its name · hold: learn it" if value != self.selected \
                else f"{title} · touch: play it · hold: learn it"
        levels = len(self.layout.brightness)
        return {"brightness": f"brightness {round(value / levels * 100)} %",
                "sensors": "the touch sensors' heat map",
                "language": "the language of the words on the LEDs (English, Deutsch)",
                "sound": "sound on or off · hold 3 s: forget the devices paired with the "
                         "web page",
                "pairing": "pair a phone: touch for a code, then type it on the web page",
                "speech": "speech on or off: the board says its words aloud"}[kind]

    def describe(self, now: float) -> str:
        settings = self.host.settings
        words = [f"Home · {len(self.games)} games"]
        if self.selected == len(self.games):
            words.append("the puzzle of the day chosen: touch its tile again to try it")
        elif self.selected is not None:
            title = get_game(self.games[self.selected]).info.title
            words.append(f"{title} chosen: touch its tile again to play")
        waiting = [get_game(name).info.title for name in self.games
                   if name in self.host.waiting_games()]
        if waiting:
            words.append(f"{' and '.join(waiting)} waiting to be continued")
        words += [f"brightness {round(settings.brightness * 100)} %",
                  f"sound {'on' if settings.sound else 'off'}",
                  f"speech {'on' if settings.speech else 'off'}",
                  f"language: {self.host.say_words('language')}"]
        if self.puzzle is not None:
            words.append("today's puzzle solved" if self.puzzle.solved_today is not None else
                         "today's puzzle is open")
            if self.puzzle.streak:
                words.append(f"puzzle streak {self.puzzle.streak}")
        if self.selected is None:
            words.append("touch a game's tile to see its name, hold it to learn the game")
        words.append("to pair a phone, touch the blue pad above the sound pad and type the "
                     "code on the web page")
        return " · ".join(words)

    def draw(self, canvas: Canvas, now: float) -> bool:
        levels = len(self.layout.brightness)
        level = max(1, min(levels, round(self.host.settings.brightness * levels)))
        unfinished = self.host.waiting_games()
        waiting = [game in unfinished for game in self.games]
        open_puzzle = self.puzzle is not None and self.puzzle.solved_today is None
        return draw_home(canvas, self.profile, self.layout, level, self.host.settings.sound,
                         self.icons, waiting, now, self.selected, self.host.settings.language,
                         open_puzzle, self.host.settings.speech)
