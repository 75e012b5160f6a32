"""The board's application: screens, settings, the game in progress and the history, driven by
input events and time, drawing onto a canvas.

Nothing here waits, reads a clock or touches hardware: the driver (``driver.py``) feeds events
with the time they happened and asks for pictures, so the same app runs on the Pi in real time,
in the simulator, and in tests with a virtual clock.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import fields
from datetime import datetime
from typing import Any

from controller import __version__
from controller.app import description, words
from controller.app.announcer import Announcer
from controller.app.firmware_update import FirmwareUpdate, UpdateRefusedError
from controller.app.games import Games
from controller.app.identity import load_identity, save_identity
from controller.app.notices import Notices
from controller.app.pairing import Pairing
from controller.app.parked import ParkedGames
from controller.app.puzzles import Standing, keep_solve, standing
from controller.app.readings import LiveReadings
from controller.app.remote_wiring import RemoteWiring
from controller.app.restarts import BoardRestarts
from controller.app.screens.base import Screen
from controller.app.screens.game import GameScreen
from controller.app.screens.home import HomeScreen
from controller.app.screens.lesson import LessonScreen
from controller.app.screens.notice import NoticeScreen
from controller.app.screens.options import OptionsScreen
from controller.app.screens.pause import PausableScreen, PauseScreen
from controller.app.screens.players import PlayersScreen
from controller.app.screens.sensors import SensorsScreen
from controller.app.screens.update import UpdateOfferScreen, UpdatingScreen
from controller.app.session import Session
from controller.app.settings import Settings
from controller.app.storage import StorageError
from controller.app.store import Store
from controller.app.thinking import DEFAULT_THINK_SECONDS, ComputerMove, Requests, ThinkRequest
from controller.app.update_status import UpdateStatus, firmware_status, program_status
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
from controller.faces.face import face, lesson
from controller.faces.setup import Menu, Number
from controller.games import GameState, get_game
from controller.games.lesson import Lesson
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


class NoGameError(KaskadeError, LookupError):
    """No game is on the board, or not the one a command names."""


class GameOverError(KaskadeError, ValueError):
    """A command for a game in play names one that is over."""


class App:
    """The application for one board ``profile``, keeping its files in ``store``.

    What it keeps is its own: the screen on show, the game in play and the games set aside,
    the settings, the words over the screens, the sounds and the thinking asked for. Beside
    it, each with one job, are its files (``store.py``), the notices (``notices.py``), the
    touch board's firmware and its update (``firmware_update.py``) and its restarts
    (``restarts.py``), the sensors' readings (``readings.py``), the paired devices
    (``pairing.py``) and what play with boards elsewhere needs of it (``remote_wiring.py``).
    """

    def __init__(self, profile: Profile, store: Store,
                 wall_clock: Callable[[], datetime] = datetime.now,
                 think_seconds: float = DEFAULT_THINK_SECONDS,
                 new_id: Callable[[], str] | None = None) -> None:
        self.profile = profile
        self.store = store
        self.wall_clock = wall_clock
        self.thinking = Requests(think_seconds)
        """The computer's moves and the hints asked for, each given ``think_seconds``."""
        self.settings = store.settings.load()
        self.pairing = Pairing(store.directory)
        """The devices paired with the web companion (the home menu can forget them all)."""
        self.announcer = Announcer(profile.led_width, profile.led_height)
        """Messages in letters over the screens, and the board's sleep."""
        self._dimming = 1.0
        self.follow_sleep_setting()
        self.notices = Notices()
        """Things a person should know (a damaged file set aside); the front end shows them."""
        self.identity, problem = load_identity(store.directory)
        """The board's own id and the name its owner gave it."""
        self._notice(problem)
        self._notice(store.settings.problem)
        self._notice(self.pairing.problem)
        self._notice(store.history.check())
        self.sounds: list[Sound] = []
        self._words_taken = 0
        """The words said aloud so far (numbered as the announcer numbers them)."""
        self.touches_lost: str | None = None
        """Why the touch sensors cannot be reached, while they cannot (the board shows it)."""
        self.games = Games(store, self._notice, wall_clock, new_id)
        """The game in play, those set aside, the finished ones into the history; ``new_id``
        names new games (and so seeds their chance)."""
        self.firmware_update = FirmwareUpdate()
        """The touch board's firmware against the bundled one, and its update."""
        self.restarts = BoardRestarts()
        """The touch board's restarts nobody asked for."""
        self.remote: RemoteWiring[Screen] = RemoteWiring()
        """Where a game with a board elsewhere is offered or joined, and the link's words
        about the games it plays."""
        self.readings = LiveReadings()
        """The sensors' latest readings, while a web page watches them."""
        self.seat_names: dict[int, str] = {}
        """The people named for the seats of the game being set up on the board (player
        number -> name): the next new game started there takes them."""
        first = self._first_screen()
        self.screen: Screen = NoticeScreen(self, first) if self.notices else first

    def _first_screen(self) -> Screen:
        """Continue the saved game exactly where it stopped, or start at home."""
        session = self.games.resume()
        if session is None:
            return HomeScreen(self)
        if session.finished:
            return self.leave_finished_game()
        return self._play_screen() or HomeScreen(self)

    @property
    def session(self) -> Session[Any] | None:
        """The unfinished game, playing or waiting on the home screen."""
        return self.games.session

    @property
    def parked(self) -> ParkedGames:
        """Unfinished games waiting beside the one in :attr:`session`."""
        return self.games.parked

    @property
    def writer(self) -> Writer:
        """Where the game's saves run: at once, until the loop hands over its writer thread
        (:meth:`use_writer`)."""
        return self.games.writer

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
                self._notice(self.restarts.take(event, now))
            elif isinstance(event, TouchesLost):
                if self.touches_lost is None:
                    self.announce(self.say_words("touches lost"), LOST_RED, now)
                self.touches_lost = event.reason
            elif isinstance(event, TouchesBack):
                if self.touches_lost is not None:
                    self.caption(self.say_words("touches back"), now=now)
                self.touches_lost = None
        self._switch(following)

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
        self.games.use_writer(writer)

    @property
    def unacknowledged(self) -> bool:
        """Whether saves are under way, or the game has changes not saved (a save failed):
        what the page is shown waits for them, so that a move the page shows is on the
        card."""
        return self.writer.pending > 0 or (self.session is not None and self.session.unsaved)

    @property
    def unsaved_problem(self) -> str | None:
        """Why the game's latest changes are not on the card, while a failed save keeps them
        off it."""
        session = self.session
        return session.problem if session is not None and session.unsaved else None

    def think(self, state: GameState[Any], level: int, hint: bool = False) -> ThinkRequest:
        """Ask for a move (or a ``hint``) in ``state`` at ``level``; the answer arrives as a
        ``ComputerMove`` event with the request's token."""
        return self.thinking.ask(state, level, hint)

    def take_requests(self) -> list[ThinkRequest]:
        """The thinking asked for since the last call (for whoever drives the app)."""
        return self.thinking.take()

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
                secret: bool = False, spoken: str | None = None) -> None:
        """Name what a touch just chose (touches go on to the screen meanwhile); a
        ``secret`` one (a code) the web companion covers for anyone not paired; said aloud
        as ``spoken`` where given."""
        self.announcer.caption(text, now, colour, secret=secret, spoken=spoken)

    def lights(self, on: bool, now: float) -> None:
        """Put the LEDs out (dark as in sleep, the game as it is, until a touch or a button)
        or light them again."""
        if on:
            self.announcer.activity(now)
        else:
            self.announcer.lights_out()

    @property
    def lit(self) -> bool:
        """Whether the LEDs show anything (awake or dimmed; not asleep in the dark, not put
        out) as of the last picture."""
        return self._dimming > 0

    def clear_messages(self) -> None:
        """Take the words over the screen off the LEDs (a code that is spent)."""
        self.announcer.clear()

    def show_pairing_code(self, now: float | None = None) -> None:
        """A fresh pairing code on the LEDs, as a caption that play goes on under (a touch
        plays and ends it) and that the web companion covers for anyone not paired."""
        digits = self.pairing.new_code()
        self.announcer.caption(self.say_words("pairing code", code=digits), now, PAIRING_BLUE,
                               secret=True)

    def forget_paired_devices(self) -> int:
        """Forget every device paired with the web companion; how many there were."""
        return self.pairing.forget_all()

    def pair_device(self, digits: str, name: str, date: str, source: str = "") -> str:
        """A token for the device called ``name`` that typed ``digits`` from ``source``, the
        code on show (``PairingError`` when it is not); the code leaves the LEDs."""
        token = self.pairing.pair(digits, name, date, source)
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
        self.remote.link(setup, join)

    @property
    def remote_setup(self) -> Callable[[str, int], Screen] | None:
        """Where a game with a board elsewhere is offered or joined (``None`` until remote
        play is linked)."""
        return self.remote.setup

    def set_up_new(self, name: str) -> None:
        """The set-up of a new game of ``name`` on the board now (who plays, or for a game of
        one player its options); an unfinished game waits on its tile, a finished one goes to
        the history."""
        if self.session is not None and self.session.finished:
            self.leave_finished_game()
        self.screen = self.choose_players(name)

    def start_lesson(self, name: str, now: float) -> Lesson:
        """The lesson of ``name`` on the board now, as when its tile is held (a game in play
        waits on its tile); the lesson. ``NoLessonError`` when the game has none,
        ``LessonDoesNotFitError`` when its positions are larger than the board."""
        found = lesson(name)
        self.screen = LessonScreen(self, found, now)
        return found

    def ask_hint(self) -> bool:
        """A hint for the game on the board (it blinks there); False when none can be given
        now (not a person's turn). ``NoGameError`` when no game is on the board."""
        return self._on_the_board().hint_requested()

    def take_back(self, now: float) -> None:
        """The people here take back, as the undo button does on the game on the board (to
        their last decision; against a board elsewhere, they ask it to). ``NoGameError``
        when no game is on the board."""
        self._on_the_board().take_back(now)

    def resign(self, game_id: str | None = None, player: int | None = None) -> str:
        """The game on the board — or the game ``game_id``, wherever it is shown — given up
        by ``player`` (by default the people here: ``Session.resigner``); the words it ended
        with. ``NoGameError`` when there is no such game, ``GameOverError`` when it is
        over."""
        session = self._on_the_board().session if game_id is None else self._named(game_id)
        if session.finished:
            raise GameOverError("the game is already over")
        session.resign(session.resigner if player is None else player)
        self._ended(session)
        return session.tags["Termination"]

    # -- commands for whoever plays a seat of the game in play from elsewhere ------------------

    def game(self, game_id: str) -> Session[Any] | None:
        """The game in play (on the board, paused, or left at the home screen but not set
        aside) if its id is ``game_id``, else ``None``."""
        return self.games.game(game_id)

    def play_move(self, game_id: str, move: Any, now: float) -> None:
        """Play ``move`` (one of the game's move values) for the side to move in the game
        ``game_id``: through its screen when the game is shown, so it is shown as any move
        is. ``MoveError`` when it is not legal (nothing changes), ``NoGameError`` when that
        game is not in play."""
        session = self._named(game_id)
        screen = self._screen_of(session)
        if screen is None:
            session.play(move)
            if session.finished:
                self.record_finished(session)
        else:
            screen.play(move, now)

    def take_back_to(self, game_id: str, plies: int, now: float) -> None:
        """Take the game ``game_id`` back to ``plies`` moves (agreed elsewhere)."""
        session = self._named(game_id)
        screen = self._screen_of(session)
        if screen is not None:
            screen.take_back_to(plies, now)
            return
        while session.state.plies > plies:
            session.undo()

    def end_game(self, game_id: str, winner: int | None, termination: str) -> None:
        """End the game ``game_id`` as ``termination`` says (a board elsewhere left it, or
        the game was claimed), ``winner`` (a player's number, or ``None``) winning.
        ``GameOverError`` when it is over already."""
        session = self._named(game_id)
        if session.finished:
            raise GameOverError("the game is already over")
        session.end(winner, termination)
        self._ended(session)

    def name_seat(self, game_id: str, player: int, who: str) -> None:
        """``player``'s seat in the game ``game_id`` is ``who`` from now on (a seat's tag,
        ``seats.py``: the name of the board that joined)."""
        self._named(game_id).seat(player, who)

    def say_about_game(self, game_id: str, words: str) -> None:
        """Words about the game ``game_id`` from whoever plays a seat of it elsewhere
        (``waiting for Anna's board · 2 min``), shown in its description (``""``: none)."""
        self.remote.say(game_id, words)

    def game_words(self, session: Session[Any]) -> str:
        """What whoever plays a seat of ``session``'s game elsewhere says about it."""
        return self.remote.words.get(session.tags.get("Id", ""), "")

    def _named(self, game_id: str) -> Session[Any]:
        session = self.game(game_id)
        if session is None:
            raise NoGameError(f"the game {game_id} is not in play on this board")
        return session

    def _on_the_board(self) -> PausableScreen:
        screen = self.current_game()
        if screen is None:
            raise NoGameError("no game is on the board")
        return screen

    def _screen_of(self, session: Session[Any]) -> GameScreen[Any] | None:
        """The screen playing ``session``'s game, when it is on the board (paused or not)."""
        screen = self.current_game()
        return screen if isinstance(screen, GameScreen) and screen.session is session else None

    def _ended(self, session: Session[Any]) -> None:
        """``session``'s game has just been ended by a command: shown on its screen, and into
        the history."""
        screen = self.current_game()
        if screen is not None and screen.session is session:
            screen.resigned()
        else:
            self.record_finished(session)

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
        return self.games.waiting

    def open_game(self, name: str) -> Screen:
        """Continue the unfinished game of ``name``, or set up a new one."""
        if name in self.parked.names:
            self.games.take_up(name)
        if self.session is not None and self.session.state.info.name == name:
            playing = self._play_screen()
            if playing is not None:
                return playing
        return self.choose_players(name)

    def choose_players(self, name: str) -> Screen:
        """Who plays a new game of ``name`` (a game of one player: straight to its set-up);
        an unfinished game waits on its tile."""
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
        if names is None:
            names = {seat: name for seat, name in self.seat_names.items() if seat not in levels}
        self.seat_names = {}
        self.games.new(start, levels, names)
        screen = self._play_screen()
        assert screen is not None, "set-up screens offer only games that fit the board"
        return screen

    def continue_game(self, start: GameState[Any], moves: list[str],
                      tags: dict[str, str]) -> Session[Any]:
        """Play on from a game brought in (a record uploaded to the web companion, checked as
        a saved game is): it becomes the game on the board under an id of the app's own (one
        in play is set aside to wait), saved at once (the session's ``last_write`` says when
        it is on the card). ``GameDoesNotFitError`` when it does not fit the board."""
        session = self.games.brought_in(start, moves, tags)
        if not face(start.info.name).holds(self.profile, session.state):
            self._too_big(session.state)
            raise GameDoesNotFitError(f"that {title(session.state)} game needs a bigger board "
                                      f"than this one's {self.profile.columns}x"
                                      f"{self.profile.rows} pads")
        self.games.play_on(session)
        screen = self._play_screen()
        assert screen is not None, "it fits"
        self.screen = screen
        return session

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
        self.games.ended(session)

    def leave_finished_game(self) -> Screen:
        """Put the finished game in the history, forget it, and go home."""
        self.games.leave()
        return self.home()

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
            self.store.keep_selftest(findings)
        except StorageError as error:
            self._notice(f"the self-test's report was not kept: {error}")

    def rename(self, name: str) -> str | None:
        """Call the board ``name`` from now on (``BoardNameError`` for a name it cannot take,
        and nothing changes); what went wrong keeping it (it applies until the app stops)."""
        self.identity = self.identity.renamed(name)
        try:
            save_identity(self.store.directory, self.identity)
        except StorageError as error:
            problem = f"the board's name was not kept: {error}"
            self._notice(problem)
            return problem
        return None

    def update_status(self) -> list[UpdateStatus]:
        """Where the touch board's firmware and the program stand: a newer one known, one
        under way, done, or rolled back (``update_status.py``)."""
        return [firmware_status(self.firmware_update),
                program_status(self.store.directory.parent, __version__)]

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
        self.notices.note(text)
