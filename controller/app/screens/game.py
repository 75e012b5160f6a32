"""What every game on the board does the same way, whatever its rules and pictures.

* A touch acts on release, so a hold can mean something else: holding any pad for a second
  takes back the last move (the pad fills white as you hold); so does the undo button. Undo goes
  back to the last decision of a person — past the computer's moves and past dice, so a die
  is never thrown again by taking a move back (and a throw at the same point of the game always
  shows the same number: chance is drawn from the game's id and its move count).
* When the computer is to move it thinks off the event loop and plays when its answer arrives,
  after anything on show has finished.
* Chance steps (shuffles, dice) are drawn by the app, after the game's own pause for showing
  them (a die tumbles for a moment).
* The menu button opens the pause menu (continue, hint, resign, home); once the game is over a
  touch goes home.
* Words on the LEDs: whose turn it is when a game starts or is continued, and the result with
  its score when it ends; a touch skips either.
* A seat may be played elsewhere (``remote`` in its tag): its moves, the game's chance and
  any take-back agreed come by the app's commands (``App.play_move``, ``App.take_back_to``),
  which play them here with ``play`` and ``take_back_to``; a hold or the undo button asks for
  a take-back instead of taking back at once (the session says so: ``TakeBackAsked``), and
  no hint is given. Whatever plays that seat has its words in the description
  (``Host.game_words``).

Each game's screen says what a tap means (``tap``), what a move shows (``after_move``), how
the board looks (``draw``) and, in words, what a touch would do now (``touch_words``).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic

from controller.ai.levels import STRONGEST, level_name
from controller.app.screens.base import Screen
from controller.app.screens.pause import PausableScreen, PauseScreen
from controller.app.seats import NOT_JOINED
from controller.app.session import S, Session
from controller.app.thinking import ComputerMove, ThinkRequest
from controller.app.words import player_word
from controller.devices.interfaces import Sound
from controller.games import CHANCE, Event, GameOver
from controller.games.status import standing, title
from controller.render.canvas import Canvas
from controller.render.color import CONFIRM, HIGHLIGHT, ILLEGAL, Colour, player_colours
from controller.render.feedback import HINT, NEVER, Touches, Turn

if TYPE_CHECKING:
    from controller.app.host import Host

HOLD_UNDO = 1.0
"""Seconds a pad is held to take back the last move."""
HOLD_SHOWN = 0.3
"""After how long a hold starts to show."""


class GameScreen(PausableScreen, Generic[S]):
    """A game on the board (``GameScreen[CascadesState]``). Must: ``tap``, ``draw``,
    ``touch_words``. May: ``after_move``, ``touched``, ``chance_delay``, ``animation_end`` /
    ``end_animation``."""

    def __init__(self, host: Host[Screen], session: Session[S]) -> None:
        super().__init__(host)
        self.session = session
        self.touches: dict[int, float] = {}
        """Pads down now, and since when."""
        self.spent: set[int] = set()
        """Pads whose touch has done its job (skipped an animation, undone a move)."""
        self.illegal: tuple[int | None, float] = (None, NEVER)
        self.moved_at = NEVER
        self.showing_winner = session.finished
        """Whether the win is on show (not before the winning move has been shown)."""
        self.pending: ThinkRequest | None = None
        """The computer's move being thought about."""
        self.hinting: ThinkRequest | None = None
        """A hint being thought about."""
        self.hint: tuple[Any, float] = (None, NEVER)
        self.hint_score: float | None = None
        """How the last hint's search judged the position (+1 won … -1 lost); ``None`` for a
        hint no search gave (a lesson's move to try)."""
        self.computer_played: str | None = None
        """The computer's last move in words (``level 3 (Black) played c4``) until a person
        moves or takes back."""
        self.chance_at: float | None = None
        """When the chance step due now is drawn (after the game has shown it coming)."""
        self.judge: Callable[[Any], bool] | None = None
        """A lesson's check of each move a person makes, asked before the move is played:
        a move it refuses flashes red as an illegal one does (``screens/lesson.py``)."""
        self.scripted: Callable[[S], Any | None] | None = None
        """A lesson's or a puzzle's own moves for chance and for the computer's seat: the
        move it needs now (``None`` from it: drawn, or thought of, as in a game)."""
        self.tapped: int | None = None
        """The pad whose release is being acted on (a refused move flashes it)."""
        self.announce_turn()
        self._next_step(None)

    @property
    def state(self) -> S:
        """The game being played."""
        return self.session.state

    # -- for each game --------------------------------------------------------------------------

    @abstractmethod
    def tap(self, pad: int, now: float) -> None:
        """A finger let go of ``pad`` (not a hold, not skipping an animation): play the move it
        means, or ``refuse`` it."""

    def move_at(self, pad: int) -> Any | None:
        """The legal move a tap on ``pad`` plays for the side to move, whoever that is, when
        one tap plays one (a web page holding a remote seat maps its taps with it: see
        ``controller/remote/view.py``); ``None`` otherwise, and for games that choose a move
        in more than one touch."""
        del pad
        return None

    @abstractmethod
    def touch_words(self) -> str:
        """What a touch does now, for the person to move (``touch an empty cell or one of
        yours``)."""

    def touched(self, pad: int, now: float) -> None:
        """A finger came down on ``pad`` (the game may show something while it rests)."""
        del pad, now

    def after_move(self, events: list[Event], now: float) -> bool:
        """Show what ``events`` did (sounds, animations); True while an animation runs, and
        the next step waits for ``end_animation``."""
        del events, now
        self.host.say(Sound.MOVE)
        return False

    def animation_end(self) -> float | None:
        """When the animation on show ends, if one is."""
        return None

    def end_animation(self, now: float) -> None:
        """Stop the animation on show (it ended, or a touch skipped it)."""
        del now

    def chance_delay(self) -> float:
        """Seconds to show a chance step coming before it is drawn."""
        return 0.0

    # -- input ----------------------------------------------------------------------------------

    def pad_down(self, pad: int, now: float) -> Screen | None:
        if self.animation_end() is not None:
            self._finish_animation(now)
            self.spent.add(pad)
        self.touches[pad] = now
        if pad not in self.spent:
            self.touched(pad, now)
        return None

    def pad_up(self, pad: int, now: float) -> Screen | None:
        held_since = self.touches.pop(pad, None)
        if pad in self.spent:
            self.spent.discard(pad)
            return None
        if held_since is None:
            return None
        if self.session.finished:
            return self.host.leave_finished_game()
        self.tapped = pad
        self.tap(pad, now)
        return None

    def button_down(self, button: str, now: float) -> Screen | None:
        if button == "undo":
            self.take_back(now)
        elif button == "menu":
            return PauseScreen(self.host, self)
        return None

    def computer_move(self, answer: ComputerMove, now: float) -> Screen | None:
        if self.pending is not None and answer.token == self.pending.token:
            self.pending = None
            self.play(answer.move, now)
        elif self.hinting is not None and answer.token == self.hinting.token:
            self.hinting = None
            self.hint = (answer.move, now)
            self.hint_score = answer.score
        return None

    def tick(self, now: float) -> Screen | None:
        for pad, since in list(self.touches.items()):
            if pad not in self.spent and now - since >= HOLD_UNDO:
                self.spent.add(pad)
                self.take_back(now)
        end = self.animation_end()
        if end is not None and now >= end:
            self._finish_animation(now)
        if self.chance_at is not None and now >= self.chance_at:
            self._draw_chance(now)
        return None

    def wakeup(self, now: float) -> float | None:
        times = [since + HOLD_UNDO for pad, since in self.touches.items() if pad not in self.spent]
        for when in (self.animation_end(), self.chance_at):
            if when is not None:
                times.append(when)
        return min(times) if times else None

    # -- moves ----------------------------------------------------------------------------------

    def person_to_move(self) -> bool:
        """Whether a person (not the computer, not chance) decides now."""
        to_move = self.state.to_move
        return not self.session.finished and to_move is not None and to_move != CHANCE and \
            self.session.computer_level(to_move) is None and self.chance_at is None and \
            self.session.remote_player(to_move) is None

    def refuse(self, pad: int | None, now: float) -> None:
        """A touch that is not a legal move: flash the pad red."""
        self.illegal = (pad, now)
        self.host.say(Sound.ILLEGAL)

    def play(self, move: Any, now: float) -> None:
        """Play ``move`` for the side to move and show it (unless a lesson's ``judge``
        refuses a person's move)."""
        if self.judge is not None and self.person_to_move() and not self.judge(move):
            self.refuse(self.tapped, now)
            return
        self.hint = (None, NEVER)
        mover = self.state.to_move
        if mover is not None and mover != CHANCE:
            level = self.session.computer_level(mover)
            self.computer_played = None if level is None else \
                f"{level_name(self.state, level, mover)} ({self.state.player_title(mover)}) " \
                f"played {self.state.move_name(move)}"
            if level is not None and self.host.settings.show_computer_moves:
                self.host.caption(self.host.say_words("computer played", level=level,
                                                      move=self.state.move_name(move)), now,
                                  player_colours(self.state.info.players)[mover])
        events = self.session.play(move)
        if self.session.finished:
            self.host.record_finished(self.session)
        self.moved_at = now
        if not self.after_move(events, now):
            if any(isinstance(event, GameOver) for event in events):
                self._won()
            self._next_step(now)

    def _next_step(self, now: float | None) -> None:
        """After a move (or when the screen opens): draw chance, or ask the computer."""
        if self.session.finished or self.animation_end() is not None:
            return
        if self.session.remote or self.session.still:
            return  # chance and the other seat's moves come through the link, or not at all
        if self.state.to_move == CHANCE:
            delay = self.chance_delay()
            if now is None or delay <= 0:
                self._draw_chance(now if now is not None else NEVER)
            else:
                self.chance_at = now + delay
            return
        level = self.session.computer_level(self.state.to_move)
        if level is not None and self.pending is None:
            scripted = None if self.scripted is None else self.scripted(self.state)
            if scripted is not None:
                self.play(scripted, now if now is not None else NEVER)
                return
            self.pending = self.host.think(self.state, level)

    def _draw_chance(self, now: float) -> None:
        """Draw the chance step due now, the same way every time at this point of this game."""
        self.chance_at = None
        fixed = None if self.scripted is None else self.scripted(self.state)
        seed = f"{self.session.tags.get('Id', '')}:{self.state.plies}"
        self.play(fixed if fixed is not None else
                  self.state.sample_chance(random.Random(seed)), now)

    def can_take_back(self) -> bool:
        """Whether a person's decision can be taken back (not after a resignation)."""
        return self.session.takeback() > 0

    def take_back(self, now: float) -> None:
        """Take back moves to the last decision of a person (past the computer and chance);
        against a board elsewhere, ask it to."""
        if self.session.remote:
            self.session.ask_take_back()
            self.host.say(Sound.TAP)
            return
        count = self.session.takeback()
        if not count:
            self.end_animation(now)
            self.stop_thinking()
            self.chance_at = None
            self.host.say(Sound.ILLEGAL)
            self._next_step(now)
            return
        self.take_back_to(self.state.plies - count, now)

    def take_back_to(self, plies: int, now: float) -> None:
        """Take the game back to ``plies`` moves and show it (a take-back decided here, or
        agreed with whoever plays a seat elsewhere)."""
        self.end_animation(now)
        self.stop_thinking()
        self.chance_at = None
        while self.state.plies > plies:
            self.session.undo()
        self.computer_played = None
        self.showing_winner = False
        self.moved_at = NEVER
        self.host.say(Sound.UNDO)
        self._next_step(now)

    def hint_requested(self) -> bool:
        """Start thinking about a hint for the person to move; False when none can be given."""
        if not self.person_to_move() or self.session.remote:
            return False
        if self.hinting is None:  # asked again while thinking: the hint under way answers
            self.hinting = self.host.think(self.state, STRONGEST, hint=True)
        return True

    def stop_thinking(self) -> None:
        """Cancel the computer's thinking (its answer will not come)."""
        for request in (self.pending, self.hinting):
            if request is not None:
                request.cancel.set()
        self.pending = self.hinting = None

    def _finish_animation(self, now: float) -> None:
        self.end_animation(now)
        if self.session.finished and not self.showing_winner:
            self._won()
        self._next_step(now)

    def _won(self) -> None:
        self.showing_winner = True
        self.host.say(Sound.WIN)
        text, colour = self.result_words()
        self.host.announce(text, colour)

    def announce_turn(self, now: float | None = None) -> None:
        """Say whose turn it is (a game with two seats that goes on)."""
        state, session, host = self.state, self.session, self.host
        players = state.info.players
        if session.finished or len(players) < 2:
            return
        player = state.turn_player()
        if all(session.computer_level(p) is None for p in range(len(players))):
            text = host.say_words("to move", player=player_word(host.settings.language,
                                                               players[player]))
        else:
            text = host.say_words("computer's turn" if session.computer_level(player) is not None
                                 else "your turn")
        host.announce(text, player_colours(players)[player], now)

    def result_words(self) -> tuple[str, Colour]:
        """The result for the LEDs and its colour: ``Black wins 5:3`` in Black's colour,
        ``you won!``, ``lost, 12 cards left``."""
        state, session, host = self.state, self.session, self.host
        players = state.info.players
        outcome = state.outcome()
        winner = session.winner
        scores = outcome.scores if outcome is not None else None
        named = session.person_name(winner)
        if len(players) == 1:
            left = state.left_over()
            if winner is not None:
                return host.say_words("named won", name=named) if named else \
                    host.say_words("won"), CONFIRM
            return (host.say_words("lost with", cards=left) if left else
                    host.say_words("lost")), ILLEGAL
        if winner is None:
            score = ":".join(map(str, scores)) if scores else ""
            return host.say_words("draw by", score=score) if score else host.say_words("draw"), \
                HIGHLIGHT
        people = [p for p in range(len(players)) if session.computer_level(p) is None]
        if len(people) == 1:
            if winner == people[0] and named:
                return host.say_words("named won", name=named), player_colours(players)[winner]
            return host.say_words("you won" if winner == people[0] else "you lost"), \
                player_colours(players)[winner]
        name = named or player_word(host.settings.language, players[winner])
        if scores:
            score = f"{scores[winner]}:{scores[1 - winner]}"
            return host.say_words("wins by", player=name, score=score), \
                player_colours(players)[winner]
        return host.say_words("wins", player=name), player_colours(players)[winner]

    def resigned(self) -> None:
        """The pause menu ended the game by resignation."""
        self.host.record_finished(self.session)
        self.end_animation(NEVER)
        self._won()

    # -- drawing and words ----------------------------------------------------------------------

    @abstractmethod
    def draw(self, canvas: Canvas, now: float) -> bool:
        """Draw the game."""

    def describe(self, now: float) -> str:
        """``Kaskade 6x6 · you (White) against level 3 · White to move · White 5 cells · Black 3
        cells · move 12 · level 3 (Black) played c4 · touch an empty cell or one of yours``."""
        words = self.position_words()
        if self.computer_played is not None:
            words.append(self.computer_played)
        words.append(self.host.game_words(self.session))
        words.append(self.hint_words(now))
        if self.session.finished:
            words.append("touch to go home")
        elif self.pending is not None:
            words.append("the computer is thinking")
        elif self.person_to_move():
            if self.hinting is not None:
                words.append("the computer is thinking about a hint")
            words.append(self.touch_words())
        return " · ".join(word for word in words if word)

    def position_words(self, person: str = "you") -> list[str]:
        """The game as it stands — title, seats (the ``person`` against the computer), whose
        turn or the result, its situation, the move — without what a touch would do or
        what the computer is doing: a replay's caption is these alone."""
        state, session = self.state, self.session
        words = [title(state), self.seats(person)]
        if session.resigned:
            winner = session.winner
            words.append(f"{session.tags['Termination']}"
                         + (f", {state.player_title(winner)} wins" if winner is not None else ""))
        elif state.to_move != CHANCE:
            words.append(standing(state))
        words.append(state.situation())
        words.append(f"{state.plies} moves" if session.finished else f"move {state.plies + 1}")
        return [word for word in words if word]

    def hint_words(self, now: float) -> str:
        """The hint while it blinks on the LEDs (``hint: c4 blinks``), or ``""``."""
        move, since = self.hint
        if move is None or not 0 <= now - since < HINT:
            return ""
        return f"hint: {self.state.move_name(move)} blinks"

    def seats(self, person: str = "you") -> str:
        """Who plays: ``two people``, ``you (White) against level 3``, ``alone``."""
        players = range(len(self.state.info.players))
        if len(players) == 1:
            return ""
        remote = {p: self.session.remote_player(p) for p in players}
        if any(remote.values()):
            return " against ".join(
                f"{person} ({self.state.player_title(p)})" if not remote[p] else
                f"{remote[p]} ({self.state.player_title(p)})" if remote[p] == NOT_JOINED else
                f"{remote[p]}'s board ({self.state.player_title(p)})" for p in players)
        levels = {p: self.session.computer_level(p) for p in players}
        names = {p: self.session.person_name(p) for p in players}
        people = [p for p in players if levels[p] is None]
        if len(people) == len(players):
            if not any(names.values()):
                return "two people"
            return " and ".join(f"{names[p] or 'a person'} ({self.state.player_title(p)})"
                                for p in players)
        if not people:
            return " against ".join(level_name(self.state, level, seat)
                                    for seat, level in levels.items() if level is not None)
        (seat,) = people
        other = levels[1 - seat]
        assert other is not None
        return f"{names[seat] or person} ({self.state.player_title(seat)}) against " \
            f"{level_name(self.state, other, 1 - seat)}"

    def held(self, now: float) -> tuple[int | None, float]:
        """The pad held longest towards undo, and how far (0-1)."""
        live = [(since, pad) for pad, since in self.touches.items() if pad not in self.spent]
        if not live:
            return None, 0.0
        since, pad = min(live)
        progress = (now - since - HOLD_SHOWN) / (HOLD_UNDO - HOLD_SHOWN)
        return pad, max(0.0, min(1.0, progress))

    def touch_feedback(self, now: float) -> Touches:
        """The illegal flash and the hold towards undo, for the renderer."""
        held_pad, progress = self.held(now)
        illegal_pad, illegal_at = self.illegal
        return Touches(illegal_pad, illegal_at, held_pad, progress)

    def turn(self, now: float) -> Turn:
        """What every game's picture shows about the people at the board (each game's view
        carries it): whose turn, the winner on show, the last move's time, the fingers'
        feedback, the computer thinking, when the hint came."""
        return Turn(to_move=None if self.session.finished else self.state.turn_player(),
                    winner=self.winner, moved_at=self.moved_at,
                    touches=self.touch_feedback(now), thinking=self.thinking,
                    hint_at=self.hint[1])

    @property
    def thinking(self) -> bool:
        """Whether the computer is thinking (about its move or a hint)."""
        return self.pending is not None or self.hinting is not None

    @property
    def winner(self) -> int | None:
        """The winner once the win is on show."""
        return self.session.winner if self.showing_winner else None
