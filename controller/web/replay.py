"""A finished game's pictures, move by move, for the page's replay viewer: each position drawn
by the game's own screen on the board's profile, as the LEDs showed it, with its description.

The pictures are made on a scratch app of their own (its files in a temporary folder), never
on the board's app, so a replay can be drawn on any thread while the board plays on.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from controller.app.app import App, GameDoesNotFitError, Store
from controller.app.games import front
from controller.app.session import Session
from controller.games.record import parse_record
from controller.games.replay import starting_state
from controller.profile.model import Profile
from controller.render.canvas import Canvas

MAX_PLIES = 2000
"""Longer games are cut here: a replay is for looking at, not for an endless record."""


def replay_pictures(profile: Profile, record_text: str) -> dict[str, Any]:
    """``{"game", "title", "plies", "frames": [{"ply", "move", "description", "leds"}]}``
    for the game in ``record_text``; ``frames[0]`` is the start."""
    record = parse_record(record_text)
    start = starting_state(record)
    moves = list(record.moves)[:MAX_PLIES]
    game = front(start.info.name)
    if not game.holds(profile, start):
        raise GameDoesNotFitError(f"that {start.info.title} game does not fit this board")
    frames = []
    with tempfile.TemporaryDirectory() as scratch:
        app = App(profile, Store.at(Path(scratch), "replay"))
        canvas = Canvas(profile.led_width, profile.led_height)
        for ply in range(len(moves) + 1):
            session = Session(start, moves[:ply], dict(record.tags), None)
            screen = game.screen(app, session)
            app.announcer.clear()  # the words a game opens with are not part of the position
            screen.draw(canvas, 0.0)
            pixels = bytes(canvas.pixels)
            frames.append({
                "ply": ply,
                "move": session.moves[-1] if ply else None,
                "description": screen.describe(0.0),
                "leds": [pixels[i : i + 3].hex() for i in range(0, len(pixels), 3)],
            })
    return {"game": start.info.name, "title": start.info.title, "plies": len(moves),
            "frames": frames}
