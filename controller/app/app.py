"""The board's application: screens, settings, the game in progress and the history, driven by
input events and time, drawing onto a canvas.

Nothing here waits, reads a clock or touches hardware: the driver (``driver.py``) feeds events
with the time they happened and asks for pictures, so the same app runs on the Pi in real time,
in the simulator, and in tests with a virtual clock.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import Any

from controller.app import description, words
from controller.app.announcer import Announcer
from controller.app.autosave import Autosave
from controller.app.firmware_update import FirmwareUpdate, UpdateRefusedError
from controller.app.history import DuplicateGameError, History
from controller.app.lock import Lock, hold_lock
from controller.app.pairing import Pairing
from controller.app.parked import ParkedGames
from controller.app.puzzles import Standing, keep_solve, standing
from controller.app.readings import LiveReadings
from controller.app.screens.base import Screen
from controller.app.screens.home import HomeScreen
from controller.app.screens.notice import NoticeScreen
from controller.app.screens.options import OptionsScreen
from controller.app.screens.pause import PausableScreen, PauseScreen
from controller.app.screens.players import PlayersScreen
from controller.app.screens.sensors import SensorsScreen
from controller.app.screens.update import UpdateOfferScreen, UpdatingScreen
from controller.app.session import Session
from controller.app.settings import Settings, SettingsFile
from controller.app.storage import StorageError, clean_temporaries, read_text, write_atomically
from controller.app.thinking import ComputerMove, ThinkRequest
from controller.app.writer import Writer
from controller.devices.interfaces import (
    ButtonDown,
    InputEvent,
    PadDown,
    PadReadings,
    PadUp,
    SensorsFault,
    SensorsFirmware,
    SensorsRestarted,
    Sound,
    TouchesBack,
    TouchesLost,
    UpdateFinished,
    UpdateProgress,
)
from controller.errors import KaskadeError
from controller.faces.face import face
from controller.faces.setup import Menu, Number
from controller.games import GameState, game_names, get_game
from controller.games.puzzle import Puzzle
from controller.games.status import title
from controller.profile.firmware import default_thresholds
from controller.profile.model import Profile
from controller.render.canvas import Canvas
from controller.render.color import Colour
from controller.render.disconnected import RED as LOST_RED
from controller.render.disconnected import draw_disconnected
from controller.render.marquee import WHITE
from controller.render.menu import PAIRING_BLUE

log = logging.getLogger(__name__)


class GameDoesNotFitError(KaskadeError, ValueError):
    """A game brought in is larger than this board."""


class NothingWaitingError(KaskadeError, LookupError):
    """No unfinished game of the kind asked for waits to be continued."""


class UnknownSettingError(KaskadeError, KeyError):
    """A change names no setting."""


LOOP_WINDOW = 60.0
"""Seconds after the last of restarts in a loop that the touch board is still said to be in
one (the touch link says when restarts make a loop)."""
MAX_NOTICES = 20
"""Notices kept (the oldest go first); one already kept is not added again, so a failure that
repeats (a full card) neither grows the list nor fills the log."""
HISTORY_FILE = "history.sqlite3"
LOCK_FILE = "app.lock"
SELFTEST_FILE = "selftest.json"
DEFAULT_THINK_SECONDS = 1.0
SOLITAIRE_HINT_SECONDS = 4.0
"""The longest a one-player game's hint may think when the computer's usual time is shorter:
its hint is a solver's verdict — can this deal still be won — worth a wait at the deal, when
every card is out and a Pi's second leaves one standard deal in nine undecided; the solver
answers as soon as it knows, within a second for nearly every deal."""


def hint_seconds(state: GameState[Any], think_seconds: float) -> float:
    """How long a hint about ``state`` may think: the computer's usual time, and for a game
    of one player at least :data:`SOLITAIRE_HINT_SECONDS`."""
    if len(state.info.players) == 1:
        return max(think_seconds, SOLITAIRE_HINT_SECONDS)
    return think_seconds


@dataclass
class Store:
    """The app's files: the history is shared by every board on this machine; the game in
    progress and the settings belong to one board (profile)."""

    autosave: Autosave
    history: History
    settings: SettingsFile
    directory: Path
    _lock: Lock | None = None

    @classmethod
    def at(cls, root: Path, board: str) -> Store:
        """The files under the state directory ``root`` for the board called ``board``."""
        directory = root / board
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError(f"{directory}: {error.strerror or error}") from None
        return cls(Autosave(directory / "current.record"), History(root / HISTORY_FILE),
                   SettingsFile(directory / "settings.json"), directory)

    @property
    def selftest(self) -> Path:
        """Where the last self-test's findings are kept."""
        return self.directory / SELFTEST_FILE

    def waiting(self, game: str) -> Autosave:
        """Where an unfinished game of ``game`` waits while another game is played."""
        return Autosave(self.directory / f"waiting-{game}.record")

    def claim(self) -> list[str]:
        """Make this app the only one using these files (two apps on one game would each
        overwrite the other's moves), then remove what a crash left behind; what a person
        should know about it. Raises ``StateInUseError`` when another app holds them."""
        self._lock = hold_lock(self.directory / LOCK_FILE)
        notes = [self._lock.problem] if self._lock.problem else []
        removed = clean_temporaries(self.directory)
        if removed:
            notes.append(f"removed {len(removed)} unfinished temporary file(s) a crash left in "
                         f"{self.directory}")
        return notes


class App:
    """The application for one board ``profile``, keeping its files in ``store``."""

    remote_setup: Callable[[str, int], Screen] | None = None
    """Where a game with a board elsewhere is offered or joined (given by the link to the
    broker once it is attached; ``None`` without one)."""
    remote_join: Callable[[str], None] | None = None
    """Look up the game an invite code stands for and join it (the web page's way; given by
    the link too)."""

    def __init__(self, profile: Profile, store: Store,
                 wall_clock: Callable[[], datetime] = datetime.now,
                 think_seconds: float = DEFAULT_THINK_SECONDS,
                 new_id: Callable[[], str] | None = None) -> None:
        self.profile = profile
        self.new_id = new_id
        """Names new games (and so seeds their chance); ``None``: a random name each time."""
        self.store = store
        self.wall_clock = wall_clock
        self.think_seconds = think_seconds
        """How long the computer thinks about a move (and about a hint)."""
        self.writer = Writer()
        """Where the game's saves run: at once, until the loop hands over its writer thread
        (:meth:`use_writer`)."""
        self.requests: list[ThinkRequest] = []
        self._tokens = 0
        self.settings = store.settings.load()
        self.pairing = Pairing(store.directory)
        """The devices paired with the web companion (the home menu can forget them all)."""
        self.announcer = Announcer(profile.led_width, profile.led_height)
        """Messages in letters over the screens, and the board's sleep."""
        self._dimming = 1.0
        self.follow_sleep_setting()
        self.notices: list[str] = []
        """Things a person should know (a damaged file set aside); the front end shows them."""
        self._notice(store.settings.problem)
        self._notice(self.pairing.problem)
        self._notice(store.history.check())
        self.sounds: list[Sound] = []
        self._words_taken = 0
        """The words said aloud so far (numbered as the announcer numbers them)."""
        self.touches_lost: str | None = None
        """Why the touch sensors cannot be reached, while they cannot (the board shows it)."""
        self.session: Session | None = None
        """The unfinished game, playing or waiting on the home screen."""
        self.firmware_update = FirmwareUpdate()
        """The touch board's firmware against the bundled one, and its update."""
        self.board_restart: tuple[SensorsRestarted, float] | None = None
        """The touch board's last restart nobody asked for, and when it was reported."""
        self.readings = LiveReadings()
        """The sensors' latest readings, while a web page watches them."""
        self.parked = ParkedGames(store.waiting, game_names(), self._notice)
        """Unfinished games waiting beside the one in ``session``."""
        self.seat_names: dict[int, str] = {}
        """The people named for the seats of the game being set up on the board (player
        number -> name): the next new game started there takes them."""
        first = self._first_screen()
        self.screen: Screen = NoticeScreen(self, first) if self.notices else first

    def _first_screen(self) -> Screen:
        """Continue the saved game exactly where it stopped, or start at home."""
        saved = self.store.autosave.load()
        self._notice(self.store.autosave.problem)
        if saved is None:
            return HomeScreen(self)
        self.session = Session(saved.start, saved.moves, saved.tags, self.store.autosave,
                               self._notice, self.writer)
        if self.session.finished:
            return self.leave_finished_game()
        return self._play_screen() or HomeScreen(self)

    # -- driving --------------------------------------------------------------------------------

    def handle(self, event: InputEvent | ComputerMove, now: float) -> None:
        """React to an input event (or a computer's answer) that happened at ``now``."""
        if isinstance(event, ComputerMove | UpdateProgress):
            self.announcer.activity(now)
        elif self.announcer.intercept(event, now):
            return
        if isinstance(event, PadDown):
            following = self.screen.pad_down(event.pad, now)
        elif isinstance(event, PadUp):
            following = self.screen.pad_up(event.pad, now)
        elif isinstance(event, ButtonDown):
            following = self.screen.button_down(event.button, now)
        elif isinstance(event, PadReadings):
            self.readings.take(event.readings)
            following = self.screen.readings(event.readings, now)
        elif isinstance(event, ComputerMove):
            following = self.screen.computer_move(event, now)
        elif isinstance(event, SensorsFirmware):
            self.firmware_update.board_said(event)
            following = UpdateOfferScreen(self) if isinstance(self.screen, HomeScreen) and \
                self.firmware_update.offered else None
        elif isinstance(event, UpdateProgress):
            self.firmware_update.progress(event.share)
            following = self.screen.update_progress(event.share, now)
        elif isinstance(event, UpdateFinished):
            self._notice(self.firmware_update.finished(event.error))
            following = self.screen.update_finished(event.error, now)
        else:
            following = None
            if isinstance(event, SensorsFault):
                self._notice(f"the touch board reports: {event.fault}")
            elif isinstance(event, SensorsRestarted):
                self._board_restarted(event, now)
            elif isinstance(event, TouchesLost):
                if self.touches_lost is None:
                    self.announce(self.say_words("touches lost"), LOST_RED, now)
                self.touches_lost = event.reason
            elif isinstance(event, TouchesBack):
                if self.touches_lost is not None:
                    self.caption(self.say_words("touches back"), now=now)
                self.touches_lost = None
        self._switch(following)

    def _board_restarted(self, event: SensorsRestarted, now: float) -> None:
        """Say that the touch board restarted — once, in a loop, that it keeps doing so."""
        was_looping = self.board_restart is not None and self.board_restart[0].looping
        self.board_restart = (event, now)
        if not event.looping:
            self._notice(f"the touch board restarted: {event.reason}")
        elif not was_looping:
            self._notice(f"the touch board keeps restarting ({event.recent} times within a "
                         f"minute; the last time {event.reason}): its firmware or wiring is "
                         "at fault (kaskade firmware status, kaskade doctor)")

    def board_restarts(self, now: float) -> dict[str, Any]:
        """The touch board's restarts nobody asked for, for the health page: how many, the
        last one's reason, and in words whether it restarts in a loop now."""
        if self.board_restart is None:
            return {"restarts": 0, "last_restart": None, "looping": False,
                    "restarting": "no restarts since the app started"}
        event, at = self.board_restart
        ago = max(0.0, now - at)
        looping = event.looping and ago <= LOOP_WINDOW
        words = (f"restarting in a loop: {event.recent} times within a minute, the last "
                 f"{ago:.0f} s ago" if looping else
                 f"restarted {event.count} time(s) since the app started, the last "
                 f"{ago:.0f} s ago")
        return {"restarts": event.count, "last_restart": event.reason, "looping": looping,
                "restarting": words}

    def tick(self, now: float) -> None:
        """Let time-driven things happen (holds, the end of animations and messages)."""
        self.announcer.tick(now)
        self._switch(self.screen.tick(now))

    def draw(self, canvas: Canvas, now: float) -> bool:
        """Draw the current screen and any message over it; whether the picture changes with
        time (never while the board sleeps dark)."""
        self._dimming = self.announcer.dimming(now)
        moving = self.screen.draw(canvas, now)
        if self.touches_lost is not None:
            draw_disconnected(canvas, now)
            moving = True
        moving |= self.announcer.draw(canvas, now)
        return moving and self._dimming > 0

    def describe(self, now: float) -> str:
        """What the LEDs show at ``now`` and what a touch would do, in one line: the
        screen's words after anything drawn over it (``controller/app/description.py``)."""
        return description.describe(self.screen, self.announcer, self.touches_lost, now)

    def wakeup(self, now: float) -> float | None:
        """When ``tick`` must next run even if nothing is touched."""
        times = [time for time in (self.screen.wakeup(now), self.announcer.wakeup(now))
                 if time is not None]
        return min(times) if times else None

    def flush(self, now: float | None = None) -> None:
        """Save the game if it changed (called right after its picture went to the LEDs; a
        failed save is tried again once its pause is over)."""
        if self.session is not None and self.session.unsaved:
            self.session.save(now)

    def use_writer(self, writer: Writer) -> None:
        """Save through ``writer`` from now on (the loop's writer thread)."""
        self.writer = writer
        if self.session is not None:
            self.session.writer = writer

    @property
    def unacknowledged(self) -> bool:
        """Whether saves are under way: what the page is shown waits for them, so that a move
        the page shows is on the card."""
        return self.writer.pending > 0

    def think(self, state: GameState[Any], level: int, hint: bool = False) -> ThinkRequest:
        """Ask for a move in ``state`` (copied) at ``level`` — for a ``hint``, the time
        :func:`hint_seconds` gives — the answer arrives as a ``ComputerMove`` event with the
        request's token."""
        self._tokens += 1
        seconds = hint_seconds(state, self.think_seconds) if hint else self.think_seconds
        request = ThinkRequest(self._tokens, state.copy(), level, seconds,
                               seed=self._tokens + state.plies, hint=hint)
        self.requests.append(request)
        return request

    def take_requests(self) -> list[ThinkRequest]:
        """The thinking asked for since the last call (for whoever drives the app)."""
        requests, self.requests = self.requests, []
        return requests

    def take_words(self) -> list[tuple[str, str]]:
        """The words to say aloud now, each with the board's language (none while speech is
        switched off: the words written meanwhile are not said later)."""
        said = self.announcer.said_since(self._words_taken)
        self._words_taken = self.announcer.spoken_count
        language = self.settings.language
        return [(text, language) for _, text in said] if self.settings.speech else []

    def take_sounds(self) -> list[Sound]:
        """The sounds to make now (none when sound is switched off)."""
        sounds, self.sounds = self.sounds, []
        return sounds if self.settings.sound else []

    @property
    def wants_readings(self) -> bool:
        """Whether the touch sensors should stream their readings (the sensors screen, or
        someone watching ``readings``)."""
        return self.screen.wants_readings or self.readings.watched

    @property
    def touch_threshold(self) -> int:
        """The sensors' touch threshold in counts: calibrated, or the profile's default."""
        stored = self.settings.thresholds
        return stored[0] if stored else default_thresholds(self.profile)[0]

    @property
    def brightness(self) -> float:
        """The global LED brightness, 0-1: the setting, dimmed while the board sleeps."""
        return self.settings.brightness * self._dimming

    def follow_sleep_setting(self) -> None:
        """Sleep after the time the settings give (after they changed)."""
        minutes = self.settings.sleep_minutes
        self.announcer.sleep_after = minutes * 60 if minutes > 0 else None

    def say_words(self, key: str, **values: Any) -> str:
        """The LED message ``key`` in the board's language."""
        return words.say(self.settings.language, key, **values)

    def announce(self, text: str, colour: Colour = WHITE, now: float | None = None,
                 spoken: str | None = None) -> None:
        """Show ``text`` over the screen until it has been read or a touch skips it; said
        aloud as ``spoken`` where given."""
        self.announcer.announce(text, colour, now, spoken)

    def caption(self, text: str, now: float | None = None, colour: Colour = WHITE,
                spoken: str | None = None) -> None:
        """Name what a touch just chose (touches go on to the screen meanwhile); said aloud
        as ``spoken`` where given."""
        self.announcer.caption(text, now, colour, spoken=spoken)

    def show_pairing_code(self, now: float | None = None) -> None:
        """A fresh pairing code on the LEDs, as a caption that play goes on under (a touch
        plays and ends it) and that the web companion covers for anyone not paired."""
        digits = self.pairing.new_code()
        self.announcer.caption(self.say_words("pairing code", code=digits), now, PAIRING_BLUE,
                               secret=True)

    def forget_paired_devices(self) -> int:
        """Forget every device paired with the web companion; how many there were."""
        return self.pairing.forget_all()

    def pair_device(self, digits: str, name: str, date: str) -> str:
        """A token for the device called ``name`` that typed ``digits``, the code on show
        (``PairingError`` when it is not); the code leaves the LEDs."""
        token = self.pairing.pair(digits, name, date)
        if self.announcer.secret:
            self.announcer.clear()
        return token

    def _switch(self, following: Screen | None) -> None:
        if following is not None:
            self.screen = following

    # -- commands: what a front end (the web companion, a runner) asks of the board -------------

    def show(self, screen: Screen) -> None:
        """Put ``screen`` on the board now (a runner's own: the self-test, a picture)."""
        self.screen = screen

    def new_game(self, start: GameState[Any], levels: dict[int, int],
                 names: dict[int, str] | None = None) -> Session[Any]:
        """Play a new game from ``start`` on the board now, the computer in the seats
        ``levels`` names and the people ``names`` names in theirs (:meth:`start_game`); the
        game."""
        self.screen = self.start_game(start, levels, names or {})
        assert self.session is not None, "start_game made it"
        return self.session

    def continue_waiting(self, name: str) -> None:
        """Continue the unfinished game of ``name`` on the board now; ``NothingWaitingError``
        when none waits."""
        if name not in self.waiting_games():
            raise NothingWaitingError(f"no {name} game waits to be continued")
        self.screen = self.open_game(name)

    def link_remote(self, setup: Callable[[str, int], Screen],
                    join: Callable[[str], None]) -> None:
        """Remote play is set up: ``setup`` makes the screen where a game of a name, the seat
        played here, is offered or joined; ``join`` joins by invite code (the web page)."""
        self.remote_setup, self.remote_join = setup, join

    def current_game(self) -> PausableScreen | None:
        """The screen playing the game on the board, paused or not; ``None`` when no game is
        on the board."""
        screen = self.screen.play if isinstance(self.screen, PauseScreen) else self.screen
        return screen if isinstance(screen, PausableScreen) else None

    def change_settings(self, changes: Mapping[str, Any]) -> str | None:
        """Set the settings ``changes`` names (each value checked by the caller), follow them
        and keep them: what :meth:`save_settings` says (a failure's words, the settings
        still apply). ``UnknownSettingError`` for a name that is no setting, and nothing
        changes."""
        unknown = sorted(set(changes) - {setting.name for setting in fields(Settings)})
        if unknown:
            raise UnknownSettingError(f"no setting {unknown[0]!r}")
        for name, value in changes.items():
            setattr(self.settings, name, value)
        self.follow_sleep_setting()
        return self.save_settings()

    # -- for the screens ------------------------------------------------------------------------

    def say(self, sound: Sound) -> None:
        """Queue ``sound``."""
        self.sounds.append(sound)

    def home(self) -> Screen:
        """The home screen (an unfinished game stays saved, its tile breathing), or first the
        offer of a firmware update."""
        return UpdateOfferScreen(self) if self.firmware_update.offered else HomeScreen(self)

    def recover(self) -> None:
        """After a screen failed (a bug the log names): the game stays saved and waits on its
        tile; the board goes home instead of stopping."""
        if self.session is not None and self.session.unsaved:
            self.session.save(None)
        self._notice("something went wrong on that screen; back home (any game is kept)")
        self.screen = HomeScreen(self)

    def sensors(self) -> Screen:
        """The touch sensors' heat map."""
        return SensorsScreen(self)

    def waiting_games(self) -> set[str]:
        """The games with an unfinished game to continue."""
        current = {self.session.state.info.name} if self.session is not None else set()
        return current | self.parked.names

    def open_game(self, name: str) -> Screen:
        """Continue the unfinished game of ``name``, or set up a new one."""
        if name in self.parked.names:
            self._unpark(name)
        if self.session is not None and self.session.state.info.name == name:
            playing = self._play_screen()
            if playing is not None:
                return playing
        self.seat_names = {}
        if len(get_game(name).info.players) == 1:
            return self.set_up(name, {})
        return PlayersScreen(self, name)

    def people(self) -> list[str]:
        """The people the board knows by name (none when the history cannot be read: the
        problem is noted, and play goes on unnamed)."""
        try:
            return self.store.history.people()
        except StorageError as error:
            self._notice(f"the people's names cannot be read: {error}")
            return []

    def set_up(self, name: str, levels: dict[int, int]) -> Screen:
        """The set-up of a new game of ``name`` after the players were chosen: the game's own
        set-up screen, else a row of pads for each of its options, else the game at once."""
        game = face(name)
        if game.setup is not None:
            return game.setup(self, levels)
        options = game.options(self.profile)
        if not options:
            return self.start_game(get_game(name).new(), levels)
        rows = [option for option in options if isinstance(option, Menu | Number)]
        assert len(rows) == len(options), f"{name}: a size is chosen on a set-up of its own"
        return OptionsScreen(self, name, rows, levels)

    def start_game(self, start: GameState[Any], levels: dict[int, int],
                   names: dict[int, str] | None = None) -> Screen:
        """A new game from ``start``, the computer in the seats ``levels`` names, the people
        ``names`` names (by default those chosen on the board: :attr:`seat_names`) in theirs;
        an unfinished game of another kind waits to be continued."""
        self._park()
        if names is None:
            names = {seat: name for seat, name in self.seat_names.items() if seat not in levels}
        self.seat_names = {}
        self.session = Session.new(start, self.wall_clock(), self.store.autosave, self._notice,
                                   levels, self.new_id() if self.new_id else None, self.writer,
                                   names)
        screen = self._play_screen()
        assert screen is not None, "set-up screens offer only games that fit the board"
        return screen

    def continue_game(self, start: GameState[Any], moves: list[str],
                      tags: dict[str, str]) -> Session[Any]:
        """Play on from a game brought in (a record uploaded to the web companion, checked as
        a saved game is): it becomes the game on the board under an id of the app's own (one
        in play is set aside to wait), saved at once (the session's ``last_write`` says when
        it is on the card). ``GameDoesNotFitError`` when it does not fit the board."""
        now = self.wall_clock()
        own = {"Id": self._fresh_id(), "Date": now.date().isoformat(),
               "Started": now.isoformat(timespec="seconds")}
        players = {player.capitalize() for player in start.info.players}
        kept = {k: v for k, v in tags.items() if k in players | {"Result", "Termination"}}
        session = Session(start, moves, {**own, **kept}, self.store.autosave, self._notice,
                          self.writer)
        if not face(start.info.name).holds(self.profile, session.state):
            self._too_big(session.state)
            raise GameDoesNotFitError(f"that {title(session.state)} game needs a bigger board "
                                      f"than this one's {self.profile.columns}x"
                                      f"{self.profile.rows} pads")
        self._park()
        self.parked.forget(start.info.name)
        self.session = session
        session.save()
        screen = self._play_screen()
        assert screen is not None, "it fits"
        self.screen = screen
        return session

    def _park(self) -> None:
        """Set the unfinished game aside (its own file) so that another can be played."""
        self.parked.park(self.session, self.writer)

    def _unpark(self, name: str) -> None:
        """Make the waiting game of ``name`` the one in play (setting the current one aside)."""
        taken = self.parked.take(name, self.writer)
        if taken is None:
            return
        saved, clear = taken
        self._park()
        self.session = Session(saved.start, saved.moves, saved.tags, self.store.autosave,
                               self._notice, self.writer)
        self.session.unsaved = True
        self.session.save(then=clear)

    def _play_screen(self) -> Screen | None:
        """The screen that plays the session's game, or ``None`` (with a notice) when the game
        does not fit this board: it stays saved for a board it fits."""
        assert self.session is not None
        state = self.session.state
        game = face(state.info.name)
        if not game.holds(self.profile, state):
            self._notice(f"the unfinished {title(state)} game does not fit this board "
                         f"({self.profile.columns}x{self.profile.rows} pads); it stays saved")
            self._too_big(state)
            return None
        return game.screen(self, self.session)

    def _too_big(self, state: GameState[Any]) -> None:
        """Say on the LEDs why a game cannot be played here: it needs a bigger board."""
        self.announce(self.say_words("too big", game=title(state), columns=self.profile.columns,
                                     rows=self.profile.rows))

    def puzzle_standing(self) -> Standing | None:
        """How the puzzles of the day stand on the board's date."""
        try:
            return standing(self.store.history, self.wall_clock().date())
        except StorageError as error:
            self._notice(f"the puzzles solved cannot be read: {error}")
            return None

    def keep_puzzle(self, puzzle: Puzzle, tries: int) -> Standing | None:
        """Keep a solve of today's ``puzzle``; how the puzzles stand after it."""
        now = self.wall_clock()
        try:
            if not keep_solve(self.store.history, puzzle, now, tries):
                return None
            return standing(self.store.history, now.date())
        except StorageError as error:
            self._notice(f"the puzzle solved was not kept: {error}")
            return None

    def record_finished(self, session: Session[Any]) -> None:
        """Put the game that has just ended in the history at once (the web page lists it
        while its result is still on the LEDs) if ``session`` is this app's game (a replay's
        is not). Its entry is replaced, not doubled, if it is taken back and ends again, or
        when the board leaves it."""
        if session is not self.session:
            return
        try:
            self.store.history.add(session.match(self.wall_clock()))
        except StorageError as error:
            self._notice(f"the game was not added to the history: {error}")

    def leave_finished_game(self) -> Screen:
        """Put the finished game in the history, forget it, and go home. A game whose id
        another game in the history has (a record brought in before ids were the app's own)
        is added under a new id: a game in the history is never replaced."""
        assert self.session is not None
        session, history, autosave = self.session, self.store.history, self.store.autosave
        now = self.wall_clock()
        match = session.match(now)
        renamed = session.match(now, game_id=uuid.uuid4().hex)
        said: list[str] = []

        def store() -> None:
            try:
                history.add(match)
            except DuplicateGameError as error:
                history.add(renamed)
                said.append(f"{error}; the finished game was added as {renamed.id}")
            autosave.clear()

        def stored(error: Exception | None) -> None:
            for text in said:
                self._notice(text)
            if error is not None:
                self._notice(f"the game was not added to the history: {error}")

        self.writer.submit(store, stored)
        self.session = None
        return self.home()

    def _fresh_id(self) -> str:
        """A new game's id."""
        return self.new_id() if self.new_id else uuid.uuid4().hex

    def update_now(self) -> None:
        """Start the firmware update from elsewhere than its offer (the web page); the board
        shows its progress as when the offer's tile is held. A game in play is kept. Raises
        ``UpdateRefusedError`` when it cannot start (the reason in its words)."""
        refusal = self.firmware_update.refusal()
        if refusal is not None:
            raise UpdateRefusedError(refusal)
        self.say(Sound.TAP)
        self.firmware_update.start()
        self.screen = UpdatingScreen(self)

    def keep_selftest(self, findings: dict[str, Any]) -> None:
        """Keep a finished self-test's ``findings`` for the web page; a failure to is
        reported, the test's verdict still shows."""
        try:
            write_atomically(self.store.selftest, json.dumps(findings, indent=1) + "\n")
        except StorageError as error:
            self._notice(f"the self-test's report was not kept: {error}")

    def last_selftest(self) -> dict[str, Any] | None:
        """The last self-test's findings; ``None`` before the first (or when its file
        cannot be read: it is only a report, the next self-test writes it anew)."""
        try:
            findings = json.loads(read_text(self.store.selftest))
        except (StorageError, ValueError):
            return None
        return findings if isinstance(findings, dict) else None

    def save_settings(self) -> str | None:
        """Keep the settings; a failure is reported (and its words returned), the setting
        still applies until the app stops."""
        try:
            self.store.settings.save(self.settings)
        except StorageError as error:
            problem = f"the settings were not saved: {error}"
            self._notice(problem)
            return problem
        return None

    def _notice(self, text: str | None) -> None:
        """Keep ``text`` for a person to read (and log it), unless it is kept already."""
        if not text:
            return
        if text in self.notices:
            log.debug("%s (again)", text)
            self.notices.remove(text)
            self.notices.append(text)
            return
        log.warning("%s", text)
        self.notices.append(text)
        del self.notices[:-MAX_NOTICES]
