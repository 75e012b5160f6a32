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
from controller.faces.text import move_said
from controller.games import GameState
from controller.games.record import Record, parse_record
from controller.games.replay import starting_state
from controller.profile.load import load_profile, profile_names
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
        session.still = True  # the position after ``ply`` moves: no chance drawn after it
        screen = self.game.screen(self.app, session)
        self.app.clear_messages()  # the words a game opens with are not part of the position
        return screen

    def picture(self, screen: GameScreen[Any], now: float) -> str:
        """The LEDs as ``screen`` draws them at ``now``: six hex digits per LED."""
        canvas = Canvas(self.profile.led_width, self.profile.led_height)
        screen.draw(canvas, now)
        return bytes(canvas.pixels).hex()


def drawing_board(profile: Profile, game: Face, start: GameState[Any]) -> Profile:
    """The board a replay is drawn on: this one, or — for a game it cannot hold (a 6 x 9
    Kaskade game played in the terminal, on an 8 x 8 board) — the smallest reference build
    that holds it, so any game of the history can be looked at."""
    if game.holds(profile, start):
        return profile
    builds = [load_profile(name) for name in profile_names()]
    holding = [build for build in builds if game.holds(build, start)]
    if not holding:
        raise GameDoesNotFitError(f"that {start.info.title} game fits none of the boards "
                                  "a replay can be drawn on")
    return min(holding, key=lambda build: (build.pads, build.per_pad != profile.per_pad))


@contextlib.contextmanager
def _replay(profile: Profile, record_text: str) -> Iterator[_Replay]:
    record = parse_record(record_text)
    start = starting_state(record)
    game = face(start.info.name)
    board = drawing_board(profile, game, start)
    with tempfile.TemporaryDirectory() as scratch:
        yield _Replay(board, record, start, list(record.moves)[:MAX_PLIES], game,
                      App(board, Store.at(Path(scratch), "replay")))


def _leds(hex_digits: str) -> list[str]:
    return [hex_digits[i : i + 6] for i in range(0, len(hex_digits), 6)]


def replay_pictures(profile: Profile, record_text: str) -> dict[str, Any]:
    """``{"game", "title", "plies", "board", "frames": [{"ply", "move", "chance",
    "description", "leds"}]}`` for the game in ``record_text``; ``frames[0]`` is the start.
    A move is named as people read it (a die's throw in words, a shuffled deck's order
    never); ``board`` is the build the pictures are drawn for (``{"name", "per_pad",
    "led_width", "led_height", "own"}``, ``own`` false when this board cannot hold the game)."""
    with _replay(profile, record_text) as replay:
        frames = []
        said = Session(replay.start, replay.moves, {}, None)
        for ply in range(len(replay.moves) + 1):
            screen = replay.screen(ply)
            frames.append({
                "ply": ply,
                "move": said.said[ply - 1] if ply else None,
                "chance": said.drawn[ply - 1] if ply else False,
                "description": " · ".join(screen.position_words("a person")),
                "leds": _leds(replay.picture(screen, 0.0)),
            })
        board = replay.profile
        return {"game": replay.start.info.name, "title": replay.start.info.title,
                "plies": len(replay.moves),
                "board": {"name": board.name, "per_pad": board.per_pad,
                          "led_width": board.led_width, "led_height": board.led_height,
                          "own": board is profile},
                "frames": frames}


def move_animation(profile: Profile, record_text: str, ply: int) -> dict[str, Any]:
    """How the board showed move ``ply`` being played (1 is the first move): ``{"ply",
    "move", "seconds", "frames": [{"at", "leds"}]}``, a frame each time the picture changes;
    no frames for a move the game shows without an animation."""
    with _replay(profile, record_text) as replay:
        if not 1 <= ply <= len(replay.moves):
            raise NoSuchMoveError(f"this game has moves 1 to {len(replay.moves)}, not {ply}")
        screen = replay.screen(ply - 1)
        move = screen.state.parse_move(replay.moves[ply - 1])
        said = move_said(screen.state, move, replay.game.text.chance)
        screen.play(move, 0.0)
        end = screen.animation_end()
        frames: list[dict[str, Any]] = []
        if end is not None:
            for step in range(min(MAX_FRAMES, int(end / FRAME_SECONDS) + 1)):
                at = round(step * FRAME_SECONDS, 3)
                picture = replay.picture(screen, at)
                if not frames or frames[-1]["hex"] != picture:
                    frames.append({"at": at, "hex": picture})
        return {"ply": ply, "move": said, "seconds": end or 0.0,
                "frames": [{"at": frame["at"], "leds": _leds(frame["hex"])}
                           for frame in frames]}
