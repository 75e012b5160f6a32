"""What a screen may ask of the app that shows it: the one seam between the screens and the
application.

A screen is handed its host when it is made and keeps it as ``self.host``; everything it reads
of the board or does beyond itself goes through the members below, and nothing else of the app.
:class:`controller.app.app.App` is the host on the board, in the simulator and in the tests;
a screen never imports it (the layer test fails one that does), so the app imports every
screen it shows without a circle.

The host is generic in the screen type only to keep this module free of the screens: the
members that lead somewhere return the next screen, and a screen is made with a host — each
would otherwise need the other's module. Screens write ``Host[Screen]``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from datetime import datetime
from typing import Any, Protocol, TypeVar

from controller.app.firmware_update import FirmwareUpdate
from controller.app.puzzles import Standing
from controller.app.session import Session
from controller.app.settings import Settings
from controller.app.thinking import ThinkRequest
from controller.app.update_status import UpdateStatus
from controller.devices.interfaces import Sound
from controller.games import GameState
from controller.games.puzzle import Puzzle
from controller.profile.model import Profile
from controller.render.color import Colour
from controller.render.marquee import WHITE

ScreenT_co = TypeVar("ScreenT_co", covariant=True)
"""The screens the host leads to (``controller.app.screens.base.Screen``)."""


class Host(Protocol[ScreenT_co]):
    """The app as its screens see it."""

    # -- the board and its settings -------------------------------------------------------------

    @property
    def profile(self) -> Profile:
        """The board: its pads, LEDs and sensors."""

    @property
    def settings(self) -> Settings:
        """The players' choices; a screen that changes one keeps it with :meth:`save_settings`."""

    def save_settings(self) -> str | None:
        """Keep the settings; a failure is reported and its words returned (the setting still
        applies until the app stops)."""

    @property
    def touch_threshold(self) -> int:
        """The sensors' touch threshold in counts: calibrated, or the board's default."""

    # -- words, sounds and what a person should know ----------------------------------------------

    def say(self, sound: Sound) -> None:
        """Make ``sound`` (unless sound is switched off)."""

    def say_words(self, key: str, **values: Any) -> str:
        """The LED message ``key`` in the board's language."""

    def caption(self, text: str, now: float | None = None, colour: Colour = WHITE,
                secret: bool = False, spoken: str | None = None) -> None:
        """Name what a touch just chose, over the screen (touches go on to the screen); a
        ``secret`` one (a code) is for the people at the board; any other is said aloud as
        ``spoken`` where given, else as written."""

    def announce(self, text: str, colour: Colour = WHITE, now: float | None = None,
                 spoken: str | None = None) -> None:
        """Show ``text`` over the screen until it has been read or a touch skips it; said
        aloud (where the board speaks) as ``spoken`` where given, else as written."""

    def show_pairing_code(self, now: float | None = None) -> None:
        """A fresh code on the LEDs for pairing a device with the web companion."""

    def forget_paired_devices(self) -> int:
        """Forget every device paired with the web companion; how many there were."""

    @property
    def notices(self) -> Sequence[str]:
        """Things a person should know (a damaged file set aside), the latest last."""

    # -- where a screen leads -------------------------------------------------------------------

    def home(self) -> ScreenT_co:
        """The home screen, or first the offer of a firmware update."""

    def sensors(self) -> ScreenT_co:
        """The touch sensors' heat map."""

    def waiting_games(self) -> Set[str]:
        """The games with an unfinished game to continue."""

    def open_game(self, name: str) -> ScreenT_co:
        """Continue the unfinished game of ``name``, or set up a new one."""

    def choose_players(self, name: str) -> ScreenT_co:
        """Who plays a new game of ``name`` (for a game of one player, its set-up); an
        unfinished game waits on its tile."""

    @property
    def remote_setup(self) -> Callable[[str, int], ScreenT_co] | None:
        """Where a game with a board elsewhere is offered or joined — for a game's name and
        the seat played here — once a broker is set up; ``None`` without one."""

    def set_up(self, name: str, levels: dict[int, int]) -> ScreenT_co:
        """The set-up of a new game of ``name``, the computer in the seats ``levels`` names."""

    def start_game(self, start: GameState[Any], levels: dict[int, int],
                   names: dict[int, str] | None = None) -> ScreenT_co:
        """A new game from ``start``, the people ``names`` names (by default those of
        :attr:`seat_names`) in their seats; an unfinished game of another kind waits
        meanwhile."""

    # -- the people at the board ----------------------------------------------------------------

    def people(self) -> list[str]:
        """The people the board knows by name (none when they cannot be read)."""

    @property
    def seat_names(self) -> dict[int, str]:
        """The people named for the seats of the game being set up (player number -> name),
        changed by the screen that names them; the next new game takes them."""

    def leave_finished_game(self) -> ScreenT_co:
        """Put the finished game in the history, forget it, and go home."""

    # -- the game in play -----------------------------------------------------------------------

    def think(self, state: GameState[Any], level: int, hint: bool = False) -> ThinkRequest:
        """Ask for a move (or a ``hint``) in ``state`` at ``level``; the answer comes to the
        screen as a ``ComputerMove`` with the request's token."""

    def game_words(self, session: Session[Any]) -> str:
        """What whoever plays a seat of ``session``'s game elsewhere says about it (``waiting
        for Anna's board · 2 min``), or ``""``."""

    def record_finished(self, session: Session[Any]) -> None:
        """Put the game of ``session`` that has just ended in the history at once, if it is
        the host's game (a replay's is not)."""

    # -- the puzzle of the day ------------------------------------------------------------------

    def puzzle_standing(self) -> Standing | None:
        """How the puzzles of the day stand on the board's date (today's, whether it is solved,
        the streak); ``None`` when the history cannot be read (said as a notice)."""

    def keep_puzzle(self, puzzle: Puzzle, tries: int) -> Standing | None:
        """Keep a solve of ``puzzle`` after ``tries`` wrong moves, if it is today's (the first
        solve of a day counts); how the puzzles stand after it (``None``: not kept)."""

    # -- the self-test and the firmware update --------------------------------------------------

    def wall_clock(self) -> datetime:
        """The date and time now (a report says when it was made)."""

    def keep_selftest(self, findings: dict[str, Any]) -> None:
        """Keep a finished self-test's findings for the web page."""

    def update_status(self) -> list[UpdateStatus]:
        """Where the touch board's firmware and the program stand (a newer one known, one
        under way, done, rolled back with why)."""

    @property
    def firmware_update(self) -> FirmwareUpdate:
        """The touch board's firmware against the bundled one (``standing``), and its update:
        ``start()`` it, or ``decline()`` the offer until the app starts again."""
