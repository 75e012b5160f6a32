"""A finished game's pictures, move by move, for the page's replay viewer: each position drawn
by the game's own screen on the board's profile, as the LEDs showed it, with its description;
and a move's animation (Kaskade's cascade) as the board played it, frame by frame.

The pictures are made on a scratch app of their own (its files in a temporary folder), never
on the board's app, so a replay can be drawn on any thread while the board plays on.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.app.app import App, GameDoesNotFitError
from controller.app.screens.game import GameScreen
from controller.app.session import Session
from controller.app.store import Store
from controller.errors import KaskadeError
from controller.faces.face import Face, face
from controller.games import GameState
from controller.games.record import Record, parse_record
from controller.games.replay import starting_state
from controller.profile.model import Profile
from controller.render.canvas import Canvas

MAX_PLIES = 2000
"""Longer games are cut here: a replay is for looking at, not for an endless record."""
FRAME_SECONDS = 0.05
"""How often an animation is looked at: 20 pictures a second, as smooth as the LEDs."""
MAX_FRAMES = 200
"""An animation longer than ten seconds is cut (none is: Kaskade's longest takes 2.5 s)."""


class NoSuchMoveError(KaskadeError, LookupError):
    """A replay was asked for a move the game does not have."""


@dataclass
class _Replay:
    """A game read from its record, ready to be drawn on a scratch app."""

    profile: Profile
    record: Record
    start: GameState[Any]
    moves: list[str]
    game: Face
    app: App

    def screen(self, ply: int) -> GameScreen[Any]:
        """The game's screen showing the position after ``ply`` moves."""
        session = Session(self.start, self.moves[:ply], dict(self.record.tags), None)
        screen = self.game.screen(self.app, session)
        self.app.clear_messages()  # the words a game opens with are not part of the position
        return screen

    def picture(self, screen: GameScreen[Any], now: float) -> str:
        """The LEDs as ``screen`` draws them at ``now``: six hex digits per LED."""
        canvas = Canvas(self.profile.led_width, self.profile.led_height)
        screen.draw(canvas, now)
        return bytes(canvas.pixels).hex()


@contextlib.contextmanager
def _replay(profile: Profile, record_text: str) -> Iterator[_Replay]:
    record = parse_record(record_text)
    start = starting_state(record)
    game = face(start.info.name)
    if not game.holds(profile, start):
        raise GameDoesNotFitError(f"that {start.info.title} game does not fit this board")
    with tempfile.TemporaryDirectory() as scratch:
        yield _Replay(profile, record, start, list(record.moves)[:MAX_PLIES], game,
                      App(profile, Store.at(Path(scratch), "replay")))


def _leds(hex_digits: str) -> list[str]:
    return [hex_digits[i : i + 6] for i in range(0, len(hex_digits), 6)]


def replay_pictures(profile: Profile, record_text: str) -> dict[str, Any]:
    """``{"game", "title", "plies", "frames": [{"ply", "move", "description", "leds"}]}``
    for the game in ``record_text``; ``frames[0]`` is the start."""
    with _replay(profile, record_text) as replay:
        frames = []
        for ply in range(len(replay.moves) + 1):
            screen = replay.screen(ply)
            frames.append({
                "ply": ply,
                "move": screen.session.moves[-1] if ply else None,
                "description": " · ".join(screen.position_words("a person")),
                "leds": _leds(replay.picture(screen, 0.0)),
            })
        return {"game": replay.start.info.name, "title": replay.start.info.title,
                "plies": len(replay.moves), "frames": frames}


def move_animation(profile: Profile, record_text: str, ply: int) -> dict[str, Any]:
    """How the board showed move ``ply`` being played (1 is the first move): ``{"ply",
    "move", "seconds", "frames": [{"at", "leds"}]}``, a frame each time the picture changes;
    no frames for a move the game shows without an animation."""
    with _replay(profile, record_text) as replay:
        if not 1 <= ply <= len(replay.moves):
            raise NoSuchMoveError(f"this game has moves 1 to {len(replay.moves)}, not {ply}")
        screen = replay.screen(ply - 1)
        move = replay.moves[ply - 1]
        screen.play(screen.state.parse_move(move), 0.0)
        end = screen.animation_end()
        frames: list[dict[str, Any]] = []
        if end is not None:
            for step in range(min(MAX_FRAMES, int(end / FRAME_SECONDS) + 1)):
                at = round(step * FRAME_SECONDS, 3)
                picture = replay.picture(screen, at)
                if not frames or frames[-1]["hex"] != picture:
                    frames.append({"at": at, "hex": picture})
        return {"ply": ply, "move": move, "seconds": end or 0.0,
                "frames": [{"at": frame["at"], "leds": _leds(frame["hex"])}
                           for frame in frames]}
