"""A headless board app with remote play: the real app, its real-time loop and the link to the
broker, on the mock board, driven by one line of JSON per request on standard input and
answering each with one line on standard output. What the end-to-end test of remote play
starts twice (and kills, and starts again).

``python -m tests.support.remote_board STATE_DIR [PROFILE]`` (the board kaskade-8x8 unless
named; remote settings in STATE_DIR's board directory). Requests:
``{"do": "offer", "game": …, "options": {…}, "here": [0]}``,
``{"do": "join", "code": …}``, ``{"do": "state"}``, ``{"do": "play", "move": …}`` (with
``"hold": true``, a hold right after the move, in the same step of the loop),
``{"do": "hold"}`` (a hold on a pad: take back, agree, or claim), ``{"do": "resign"}``,
``{"do": "players", "game": …}`` (the players screen of a game, as its home tile opens it),
``{"do": "tap", "column": …, "row": …}`` (a finger on a pad and off again),
``{"do": "png", "path": …}`` (the LEDs as a picture), ``{"do": "local", "game": …}`` (a new
game against the computer: an unfinished game of another kind waits). The state answered
says what the LEDs have scrolled (``announced``), the remote game the link is in (``game``)
and the games whose part at the broker it is still clearing (``clearing``).
A move is played as a tap plays it, once the tap is mapped to the move."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.loop import Call, run
from controller.app.screens.game import GameScreen
from controller.app.screens.players import PlayersScreen
from controller.app.store import Store
from controller.devices.interfaces import PadDown, PadUp
from controller.devices.mock import MockPixels, mock_board
from controller.games import get_game
from controller.profile.load import load_profile
from controller.remote.config import load
from controller.remote.link import RemoteLink
from controller.render.color import Colour
from controller.render.marquee import WHITE
from sim.front.results import Results

PROFILE = "kaskade-8x8"


def screen_of(app: App) -> GameScreen[Any]:
    screen = app.screen
    if not isinstance(screen, GameScreen):
        raise RuntimeError(f"no game on the board: {app.describe(0.0)}")
    return screen


def answer(request: dict[str, Any], app: App, now: float, link: RemoteLink,
           pixels: MockPixels, driver: Driver, announced: list[str]) -> dict[str, Any]:
    what = request["do"]
    if what == "local":
        app.new_game(get_game(request["game"]).new({}), {1: 1})
        return {}
    if what == "players":
        app.show(PlayersScreen(app, request["game"]))
        return {}
    if what == "tap":
        pad = request["row"] * app.profile.columns + request["column"]
        app.handle(PadDown(pad), now)
        app.handle(PadUp(pad), now)
        return {}
    if what == "png":
        path = Path(request["path"])
        driver.advance(now)
        Results(driver, path.parent).save_png(path.stem)
        return {}
    if what == "offer":
        return {"code": link.offer(app, request["game"], request["options"], request["here"])}
    if what == "join":
        link.join(request["code"])
        return {}
    if what == "play":
        screen = screen_of(app)
        if not screen.person_to_move():
            raise RuntimeError("not this board's turn")
        move = screen.state.parse_move(request["move"])
        if not screen.state.is_legal(move):
            raise RuntimeError(f"{request['move']} is not legal here")
        screen.play(move, now)
        if request.get("hold"):  # held at once, before the link has seen the move
            screen.take_back(now)
        return {}
    if what == "hold":
        screen_of(app).take_back(now)
        return {}
    if what == "resign":
        app.resign()
        return {}
    session = app.session
    screen = app.screen if isinstance(app.screen, GameScreen) else None
    mine = screen is not None and screen.person_to_move()
    return {
        "moves": None if session is None else session.moves,
        "finished": session is not None and session.finished,
        "result": None if session is None else session.tags.get("Result"),
        "termination": None if session is None else session.tags.get("Termination"),
        "seats": None if session is None else {
            title.lower(): session.tags.get(title.capitalize()) for title in
            session.state.info.players},
        "mine": mine,
        "legal": [screen.state.move_name(m) for m in screen.state.legal_moves()]
        if screen is not None and mine else [],
        "words": app.describe(now),
        "refusals": link.refusals,
        "problems": link.problems,
        "refused_by_broker": [] if link.connection is None else link.connection.refusals,
        "announced": announced,
        "game": None if link.game is None else link.game.game_id,
        "clearing": [c.game_id for c in link.leaving if not c.cleared.is_set()],
        "frames": len(pixels.frames),
    }


def main(state: str, profile_name: str = PROFILE) -> int:
    profile = load_profile(profile_name)
    store = Store.at(Path(state), profile_name)
    store.claim()
    settings = load(store.directory)
    assert settings is not None, "no remote settings"
    if "CLAIM_SECONDS" in os.environ:  # a test's wait, shorter than a person's shortest
        object.__setattr__(settings, "claim_minutes", float(os.environ["CLAIM_SECONDS"]) / 60)
    board = mock_board(profile)
    assert isinstance(board.pixels, MockPixels)
    app = App(profile, store, think_seconds=0.1)
    announced: list[str] = []
    shown = app.announcer.announce

    def announce(text: str, colour: Colour = WHITE, now: float | None = None,
                 spoken: str | None = None) -> None:
        announced.append(text)
        shown(text, colour, now, spoken)

    app.announcer.announce = announce  # type: ignore[method-assign]
    link = RemoteLink(settings, store.directory)
    stop = threading.Event()
    driver = Driver(app, board)
    threading.Thread(target=run, args=(driver, stop),
                     kwargs={"companion": link}, daemon=True, name="board").start()
    while link.post is None:
        time.sleep(0.01)
    for line in sys.stdin:
        request = json.loads(line)
        call = Call(lambda app, now, request=request: answer(
            request, app, now, link, board.pixels, driver, announced))  # type: ignore[arg-type]
        link.post(call)
        try:
            result = call.reply.result(timeout=60)
        except Exception as error:  # the test reads it
            result = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(result), flush=True)
    stop.set()
    link.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
