"""The JSON API behind the page (docs/web.md lists every route with examples).

Changing anything — touches, buttons, settings, a new game, a pairing code, forgetting a
device — needs the token a device gets by pairing (``Authorization: Bearer TOKEN``; the two
streams, which a browser opens without headers, also take ``?token=TOKEN``). Reading — the
state, the live stream, the history, the settings, the board's health — is a setting: open to
the home network, or for paired devices only (``paired``), where an unpaired device learns only
how to pair. Either way a pairing code on the LEDs never reaches an unpaired device: the board
is sent blank while one shows.

Every input is checked before it reaches the app: bad JSON, an unknown pad, an absurd option
or a stale token get a 4xx with ``{"error": "…"}``, never a traceback and never a changed
game.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from dataclasses import asdict
from datetime import date
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web

from controller.app.app import (
    GameDoesNotFitError,
    GameOverError,
    NoGameError,
    NothingWaitingError,
)
from controller.app.autosave import SavedGameError, read_saved
from controller.app.history import History, Match, UnknownMatchError
from controller.app.identity import NAME
from controller.app.pairing import (
    CODE_SECONDS,
    AttemptLimit,
    Pairing,
    PairingError,
    TooSoonError,
    source_of,
)
from controller.app.people import (
    MAX_NAME,
    RULE,
    BadNameError,
    KnownPersonError,
    UnknownPersonError,
)
from controller.app.screens.lesson import LessonDoesNotFitError
from controller.app.seats import seat
from controller.app.settings import MAX_SLEEP_MINUTES, MIN_BRIGHTNESS
from controller.app.standings import standings, standings_json
from controller.app.storage import StorageError
from controller.app.words import LANGUAGES
from controller.devices.interfaces import ButtonDown, ButtonUp, PadDown, PadUp
from controller.errors import KaskadeError
from controller.faces.face import face
from controller.games import get_game
from controller.games.algebraic import parse_cell
from controller.games.lesson import NoLessonError
from controller.games.puzzle import PuzzleError, puzzle_of
from controller.games.registry import game_names
from controller.profile.model import Profile
from controller.web.bridge import Bridge, Channel, Snapshot
from controller.web.offers import offers, what_fits
from controller.web.puzzle import MAX_MOVES, puzzle_json
from controller.web.replay import NoSuchMoveError, move_animation, replay_pictures
from controller.web.replays import Replays, ReplaysBusyError
from controller.web.results import match_words

if TYPE_CHECKING:
    from controller.app.app import App

log = logging.getLogger(__name__)
T = TypeVar("T")

TAP_SECONDS = 0.1
"""How long a web touch holds its pad: a finger's short tap."""
CALL_SECONDS = 5.0
"""Longest wait for the app to carry out a request."""
MAX_BODY = 16 * 1024
BODY_SECONDS = 10.0
"""Longest a request's body may take to arrive: a slow sender loses its connection."""
BUTTONS = ("menu", "undo")
READING = ("open", "paired")
"""Who may read the board: anyone on the network, or paired devices only."""
HOW_TO_PAIR = ("touch the blue pairing pad on the board's home menu (above the sound pad), "
               "then type the code the board writes across its LEDs")
MAX_OPTIONS = 16
MAX_OPTION_LENGTH = 40
"""A new game's options: at most this many, each name and value at most this long."""
MAX_ID_LENGTH = 64
COVERED = "a pairing code is on the board: only the people at the board can read it"

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def json_error(status: int, message: str,
               headers: dict[str, str] | None = None) -> web.Response:
    return web.json_response({"error": message}, status=status, headers=headers)


class Api:
    """The routes of one board: its ``bridge`` to the app, its ``profile``, its ``pairing``
    and its ``history``."""

    def __init__(self, bridge: Bridge, profile: Profile, pairing: Pairing,
                 history: History, reading: str = "paired") -> None:
        self.bridge = bridge
        self.profile = profile
        self.pairing = pairing
        self.history = history
        self.reading = reading
        """Who may read the board (one of :data:`READING`); follows the setting."""
        self.attempts = AttemptLimit()
        self.replays = Replays()
        self.closing = False
        """Set when the server stops: the open streams end."""
        self.websocket = ""
        """The broker's WebSocket address for the page's remote play (``kaskade remote setup
        --websocket``), or ``""``."""

    def routes(self) -> list[web.RouteDef]:
        """Every route of the API."""
        readable = self.readable
        return [
            web.get("/api/state", readable(self.state)),
            web.get("/api/stream", readable(self.stream)),
            web.post("/api/touch", self.paired(self.touch)),
            web.post("/api/button", self.paired(self.button)),
            web.get("/api/settings", readable(self.settings)),
            web.put("/api/settings", self.paired(self.change_settings)),
            web.get("/api/history", readable(self.history_list)),
            web.get("/api/history/{id}/record", readable(self.record)),
            web.get("/api/history/{id}/replay", readable(self.replay)),
            web.get("/api/history/{id}/replay/{ply}", readable(self.replay_move)),
            web.get("/api/people", readable(self.people)),
            web.post("/api/people", self.paired(self.add_person)),
            web.delete("/api/people", self.paired(self.remove_person)),
            web.get("/api/scores", readable(self.scores)),
            web.get("/api/games", readable(self.games)),
            web.post("/api/games", self.paired(self.new_game)),
            web.post("/api/games/{name}/continue", self.paired(self.continue_waiting)),
            web.post("/api/games/{name}/learn", self.paired(self.learn)),
            web.post("/api/game/hint", self.paired(self.hint)),
            web.get("/api/puzzle", readable(self.puzzle)),
            web.post("/api/puzzle", self.paired(self.puzzle_moves)),
            web.post("/api/game/resign", self.paired(self.resign)),
            web.post("/api/records", self.paired(self.upload)),
            web.post("/api/remote/join", self.paired(self.remote_join)),
            web.get("/api/remote/broker", readable(self.remote_broker)),
            web.get("/api/pair", self.pairing_state),
            web.post("/api/pair/start", self.paired(self.pair_start)),
            web.post("/api/pair", self.pair),
            web.delete("/api/pair", self.paired(self.unpair)),
        ]

    # -- reading --------------------------------------------------------------------------------

    def state_json(self, version: int, snapshot: Snapshot,
                   paired: bool = True) -> dict[str, Any]:
        """The snapshot as the API gives it; while a pairing code shows, a device not
        ``paired`` gets the board blank (every LED off) and a note instead of the
        description."""
        covered = snapshot.covered and not paired
        pixels = bytes(len(snapshot.pixels)) if covered else snapshot.pixels
        return {
            "version": version,
            "screen": snapshot.screen,
            "description": COVERED if covered else snapshot.description,
            "covered": covered,
            "board": {"columns": self.profile.columns, "rows": self.profile.rows,
                      "per_pad": self.profile.per_pad, "led_width": self.profile.led_width,
                      "led_height": self.profile.led_height, "name": self.profile.name},
            "brightness": snapshot.brightness,
            "leds": [pixels[i : i + 3].hex() for i in range(0, len(pixels), 3)],
            "game": snapshot.game,
            "waiting": list(snapshot.waiting),
            "update": snapshot.update,
            "unsaved": snapshot.unsaved,
            "spoken": {"language": snapshot.language,
                       "words": [[number, text] for number, text in snapshot.spoken]},
        }

    async def state(self, request: web.Request) -> web.Response:
        """``GET /api/state``: what the board shows now."""
        latest = self.bridge.board.latest
        if latest is None:
            return json_error(503, "the board is starting")
        return web.json_response(self.state_json(*latest, paired=self.is_paired(request)))

    async def stream(self, request: web.Request) -> web.StreamResponse:
        """``GET /api/stream``: server-sent events, one ``state`` event per change."""
        paired = self.is_paired(request)
        return await self.events(request, self.bridge.board, "state",
                                 lambda version, snapshot: self.state_json(version, snapshot,
                                                                           paired))

    async def events(self, request: web.Request, channel: Channel[T], name: str,
                     to_json: Callable[[int, T], dict[str, Any]]) -> web.StreamResponse:
        """Server-sent events: one ``name`` event with ``to_json(version, value)`` each time
        ``channel`` has a new value, until the page goes or the server stops."""
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                               "Cache-Control": "no-cache"})
        await response.prepare(request)
        version, quiet = 0, 0.0
        while not self.closing:
            if not await channel.wait(version, timeout=1.0):
                transport = request.transport
                if transport is None or transport.is_closing():  # the page has gone
                    break
                quiet += 1.0
                if quiet >= 15:  # a comment now and then keeps proxies from closing it
                    quiet = 0.0
                    await response.write(b": still here\n\n")
                continue
            quiet = 0.0
            latest = channel.latest
            if latest is None:
                continue
            version = latest[0]
            data = json.dumps(to_json(*latest), separators=(",", ":"))
            try:
                await response.write(f"event: {name}\ndata: {data}\n\n".encode())
            except ConnectionResetError:  # the page was closed: nothing more to send
                break
        return response

    async def settings(self, request: web.Request) -> web.Response:
        """``GET /api/settings``."""
        answer = await self.call(lambda app, now: _settings_json(app))
        return web.json_response({**answer, "reading": self.reading})

    async def games(self, request: web.Request) -> web.Response:
        """``GET /api/games``: the games that fit this board, each with its seats and its
        options' allowed values (``controller/web/offers.py``)."""
        return web.json_response(offers(self.profile))

    async def history_list(self, request: web.Request) -> web.Response:
        """``GET /api/history?limit=N``: finished games, newest first."""
        text = request.query.get("limit", "50")
        if not (text.isascii() and text.isdigit() and len(text) <= 6):
            return json_error(400, "limit: a whole number (1-1000)")
        limit = int(text)
        matches = await asyncio.to_thread(self.history.matches, max(1, min(limit, 1000)))
        return web.json_response([{**{k: v for k, v in asdict(m).items() if k != "record"},
                                   "title": _title(m.game),
                                   "words": match_words(m)}
                                  for m in matches])

    async def people(self, request: web.Request) -> web.Response:
        """``GET /api/people``: the people the board knows by name, and what a name may be."""
        return web.json_response({"people": await asyncio.to_thread(self.history.people),
                                  "rule": RULE})

    async def scores(self, request: web.Request) -> web.Response:
        """``GET /api/scores``: each person's and computer level's rating per game, and the
        head-to-head scores (``controller/app/standings.py``)."""
        matches = await asyncio.to_thread(self.history.matches, None, False)
        return web.json_response(standings_json(standings(matches)))

    async def add_person(self, request: web.Request) -> web.Response:
        """``POST /api/people {"name": "Anna"}``: a person the seats may name from now on."""
        name = _name_in(await _body(request))
        added = date.today().isoformat()
        try:
            kept = await asyncio.to_thread(self.history.add_person, name, added)
        except BadNameError as error:
            raise _http(400, f"name: {error}") from None
        except KnownPersonError as error:
            raise _http(409, str(error)) from None
        return web.json_response({"name": kept}, status=201)

    async def remove_person(self, request: web.Request) -> web.Response:
        """``DELETE /api/people {"name": "Anna"}``: forget a person (their games stay in the
        history). The name goes in the body, never in the address a proxy might log."""
        name = _name_in(await _body(request))
        try:
            removed = await asyncio.to_thread(self.history.remove_person, name)
        except UnknownPersonError as error:
            raise _http(404, str(error)) from None
        return web.json_response({"removed": removed})

    async def _match(self, request: web.Request) -> Match:
        """The finished game the path names, or a 404."""
        key = request.match_info["id"]
        if len(key) > MAX_ID_LENGTH:
            raise _http(404, "no such game in the history")
        try:
            return await asyncio.to_thread(self.history.find, key)
        except UnknownMatchError as error:
            raise _http(404, str(error)) from None

    async def record(self, request: web.Request) -> web.Response:
        """``GET /api/history/{id}/record``: a finished game as a record file."""
        match = await self._match(request)
        return web.Response(text=match.record, content_type="text/plain", headers={
            "Content-Disposition": f'attachment; filename="{match.game}-{match.id[:8]}.record"'})

    async def replay(self, request: web.Request) -> web.Response:
        """``GET /api/history/{id}/replay``: the game's pictures, move by move."""
        match = await self._match(request)
        return await self._replayed((match.id, None),
                                    lambda: replay_pictures(self.profile, match.record))

    async def replay_move(self, request: web.Request) -> web.Response:
        """``GET /api/history/{id}/replay/{ply}``: how the board showed that move being played
        (Kaskade's cascade, frame by frame)."""
        ply = request.match_info["ply"]
        if not (ply.isascii() and ply.isdigit() and len(ply) <= 6):
            return json_error(400, "ply: the move's number, 1 for the first")
        match = await self._match(request)
        return await self._replayed((match.id, int(ply)),
                                    lambda: move_animation(self.profile, match.record, int(ply)))

    async def _replayed(self, key: tuple[str, int | None],
                        draw: Callable[[], dict[str, Any]]) -> web.Response:
        """A replay's answer from the cache, or drawn now if few are being drawn (a 429
        with ``Retry-After`` otherwise)."""
        try:
            body = await self.replays.get(key, draw)
        except ReplaysBusyError as busy:
            return json_error(429, str(busy), {"Retry-After": str(busy.retry_after)})
        except NoSuchMoveError as error:
            return json_error(404, str(error))
        except KaskadeError as error:
            return json_error(409, f"this game cannot be replayed on this board: {error}")
        return web.Response(body=body, content_type="application/json")

    # -- changing -------------------------------------------------------------------------------

    def paired(self, handler: Handler) -> Handler:
        """``handler``, for paired devices only."""

        async def checked(request: web.Request) -> web.StreamResponse:
            token = _token(request)
            try:
                self.pairing.check(token)
            except PairingError as error:
                return json_error(401 if token is None else 403, str(error))
            return await handler(request)

        return checked

    def readable(self, handler: Handler) -> Handler:
        """``handler``, for anyone while reading is open, else for paired devices only (an
        unpaired one is told how to pair)."""
        paired = self.paired(handler)

        async def checked(request: web.Request) -> web.StreamResponse:
            if self.reading == "open":
                return await handler(request)
            if _token(request) is None:
                return json_error(401, f"this board shows itself to paired devices only: "
                                       f"{HOW_TO_PAIR}")
            return await paired(request)

        return checked

    def is_paired(self, request: web.Request) -> bool:
        """Whether ``request`` comes from a paired device."""
        try:
            self.pairing.check(_token(request))
        except PairingError:
            return False
        return True

    async def touch(self, request: web.Request) -> web.Response:
        """``POST /api/touch {"pad": "c3", "action": "tap"}`` (or ``down``, ``up``)."""
        body = await _body(request)
        pad = self._pad(body.get("pad"))
        action = body.get("action", "tap")
        if action not in ("tap", "down", "up"):
            raise web.HTTPBadRequest(text=_message("action: tap, down or up"),
                                     content_type="application/json")
        if action in ("tap", "down"):
            self.bridge.post(PadDown(pad))
        if action == "tap":
            await asyncio.sleep(TAP_SECONDS)
        if action in ("tap", "up"):
            self.bridge.post(PadUp(pad))
        return web.json_response({"pad": self.profile.pad_name(pad), "action": action})

    async def button(self, request: web.Request) -> web.Response:
        """``POST /api/button {"button": "menu"}`` (or ``undo``)."""
        body = await _body(request)
        button = body.get("button")
        if button not in BUTTONS:
            raise web.HTTPBadRequest(text=_message(f"button: one of {', '.join(BUTTONS)}"),
                                     content_type="application/json")
        self.bridge.post(ButtonDown(button))
        await asyncio.sleep(TAP_SECONDS)
        self.bridge.post(ButtonUp(button))
        return web.json_response({"button": button})

    async def change_settings(self, request: web.Request) -> web.Response:
        """``PUT /api/settings {"name": "Living room", "brightness": 0.5, "sound": false,
        "language": "de", "sleep_minutes": 5, "reading": "paired", "show_computer_moves":
        true}`` (any of them; ``name`` is the board's own, kept with its id)."""
        changes = _checked_settings(await _body(request))
        if "reading" in changes:  # kept in the settings as web_reading
            changes["web_reading"] = changes.pop("reading")
        name = changes.pop("name", None)

        def apply(app: App, now: float) -> tuple[dict[str, Any], str | None]:
            problem = app.rename(name) if name is not None else None
            problem = app.change_settings(changes) or problem
            return _settings_json(app), problem

        settings, problem = await self.call(apply)
        self.reading = changes.get("web_reading", self.reading)
        settings = {**settings, "reading": self.reading}
        if problem is not None:  # 507 Insufficient Storage: they apply until the app stops
            return web.json_response({"error": f"{problem}; they apply until the board "
                                               "restarts", "settings": settings}, status=507)
        return web.json_response(settings)

    async def new_game(self, request: web.Request) -> web.Response:
        """``POST /api/games {"game": "kaskade", "options": {"size": "6x6"}, "computer":
        {"black": 3}, "people": {"white": "Anna"}}``: a new game on the board (one waiting
        is kept, as on the board); ``people`` names the people in their seats."""
        body = await _body(request)
        name = body.get("game")
        if name not in game_names():
            raise web.HTTPBadRequest(text=_message(f"game: one of {', '.join(game_names())}"),
                                     content_type="application/json")
        options = body.get("options", {})
        computer = body.get("computer", {})
        people = body.get("people", {})
        if not isinstance(options, dict) or len(options) > MAX_OPTIONS or not all(
                isinstance(k, str) and isinstance(v, str) and len(k) <= MAX_OPTION_LENGTH
                and len(v) <= MAX_OPTION_LENGTH for k, v in options.items()):
            raise web.HTTPBadRequest(text=_message(
                f"options: a map of names to text values (at most {MAX_OPTIONS}, each at most "
                f"{MAX_OPTION_LENGTH} characters)"), content_type="application/json")
        try:
            start = get_game(name).new(options)
        except (KaskadeError, ValueError) as error:
            raise web.HTTPBadRequest(text=_message(str(error)),
                                     content_type="application/json") from None
        players = start.info.players
        if not isinstance(computer, dict) or not all(
                k in players and isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 5
                for k, v in computer.items()):
            raise web.HTTPBadRequest(text=_message(
                f"computer: a map of seats ({', '.join(players)}) to levels 1-5"),
                content_type="application/json")
        if not face(name).fits(self.profile) or not face(name).holds(self.profile, start):
            raise web.HTTPConflict(text=_message(
                f"that {start.info.title} game does not fit this board; "
                f"{what_fits(self.profile, name)}"), content_type="application/json")
        levels = {players.index(player): level for player, level in computer.items()}
        names = await self._seat_names(people, players, computer)

        def begin(app: App, now: float) -> tuple[dict[str, Any], Future[None]]:
            session = app.new_game(start, levels, names)
            return {"game": name, "id": session.tags["Id"],
                    "seats": {p: seat(levels.get(i), names.get(i))
                              for i, p in enumerate(players)}}, session.on_disk()

        answer, saved = await self.call(begin)
        return await self.once_saved(answer, saved, 201)

    async def once_saved(self, answer: dict[str, Any], saved: Future[None],
                         status: int) -> web.Response:
        """``answer`` once the change it tells of is on the card (``saved``): a change is
        never acknowledged before it would survive a power cut; 507 when the card refused it
        (the board has it and saves it with its next change)."""
        try:
            await asyncio.wait_for(asyncio.wrap_future(saved), CALL_SECONDS)
        except StorageError as error:
            return json_error(507, f"the board has it but could not save it: {error}; it "
                                   "is saved with the next change")
        except TimeoutError:
            return json_error(503, "the board has it; saving it takes long (a slow card)")
        return web.json_response(answer, status=status)

    async def remote_broker(self, request: web.Request) -> web.Response:
        """``GET /api/remote/broker``: ``{"websocket": URL}``, where the page's remote play
        reaches the broker (``""``: not set; the page's policy lets it connect there alone)."""
        del request
        return web.json_response({"websocket": self.websocket})

    async def _seat_names(self, people: Any, players: tuple[str, ...],
                          computer: dict[str, int]) -> dict[int, str]:
        """A new game's ``people`` (seat -> a known person's name) as player number -> the
        name as the board keeps it; a 400 for a seat that is not a person's or a name the
        board does not know (saying how to add it)."""
        if not isinstance(people, dict) or not all(
                k in players and k not in computer and isinstance(v, str)
                and len(v) <= MAX_OPTION_LENGTH for k, v in people.items()):
            raise _http(400, "people: a map of the seats people play "
                             f"({', '.join(p for p in players if p not in computer)}) "
                             "to the names of people the board knows")
        try:
            return {players.index(player): await asyncio.to_thread(self.history.person, name)
                    for player, name in people.items() if name}
        except UnknownPersonError as error:
            raise _http(400, f"people: {error}") from None

    async def remote_join(self, request: web.Request) -> web.Response:
        """``POST /api/remote/join {"code": "123456"}``: look up the game a board elsewhere
        offers under that invite code and join it (202: the game appears on the board once
        found; 409 when no broker is set up)."""
        code = (await _body(request)).get("code")
        if not isinstance(code, str) or not re.fullmatch(r"\d{6}", code):
            raise web.HTTPBadRequest(text=_message("code: the six digits the other board shows"),
                                     content_type="application/json")

        def join(app: App, now: float) -> dict[str, Any]:
            look_up = app.remote.join
            if look_up is None:
                raise RefusedError(409, "remote play is not set up on this board: kaskade "
                                        "remote setup (docs/remote.md)")
            try:
                look_up(code)
            except KaskadeError as error:
                raise RefusedError(409, str(error)) from None
            return {"looking_up": code}

        return web.json_response(await self.call(join), status=202)

    async def continue_waiting(self, request: web.Request) -> web.Response:
        """``POST /api/games/{name}/continue``: the unfinished game of ``name`` goes on."""
        name = request.match_info["name"]

        def resume(app: App, now: float) -> dict[str, Any]:
            try:
                app.continue_waiting(name)
            except NothingWaitingError as error:
                raise RefusedError(409, str(error)) from None
            return {"game": name, "screen": type(app.screen).__name__}

        return web.json_response(await self.call(resume))

    async def learn(self, request: web.Request) -> web.Response:
        """``POST /api/games/{name}/learn``: the game's lesson starts on the board, as when
        its tile is held (a game in play waits on its tile meanwhile)."""
        name = request.match_info["name"]
        if name not in game_names():
            raise _http(404, f"no game is called {name[:40]!r}; the games: "
                             f"{', '.join(game_names())}")
        if name not in {game["name"] for game in offers(self.profile)}:
            raise _http(409, f"{_title(name)} does not fit this board; "
                             f"{what_fits(self.profile, name)}")

        def begin(app: App, now: float) -> dict[str, Any]:
            try:
                found = app.start_lesson(name, now)
            except NoLessonError as error:
                raise RefusedError(404, str(error)) from None
            except LessonDoesNotFitError as error:
                raise RefusedError(409, str(error)) from None
            return {"game": name, "steps": len(found.steps)}

        return web.json_response(await self.call(begin), status=201)

    async def hint(self, request: web.Request) -> web.Response:
        """``POST /api/game/hint``: the best move blinks on the board (a person's turn only)."""

        def ask(app: App, now: float) -> dict[str, Any]:
            try:
                coming = app.ask_hint()
            except NoGameError as error:
                raise RefusedError(409, str(error)) from None
            if not coming:
                raise RefusedError(409, "a hint is given on a person's turn only")
            return {"hint": "thinking"}

        return web.json_response(await self.call(ask))

    async def puzzle(self, request: web.Request) -> web.Response:
        """``GET /api/puzzle``: today's puzzle (by the board's date) at its start, and how the
        puzzles stand (solved today, the streak)."""
        return await self._puzzle([])

    async def puzzle_moves(self, request: web.Request) -> web.Response:
        """``POST /api/puzzle {"moves": ["c3", …]}``: today's puzzle after the player's moves
        (every move so far, the wrong ones too); solved, it is kept in the history."""
        moves = (await _body(request)).get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) and len(m) <= 40
                                                  for m in moves) or len(moves) > MAX_MOVES:
            raise _http(400, f"moves: a list of at most {MAX_MOVES} moves, each as the game "
                             "writes it")
        return await self._puzzle(moves)

    async def _puzzle(self, moves: list[str]) -> web.Response:
        today, language = await self.call(lambda app, now: (app.wall_clock().date(),
                                                             app.settings.language))
        puzzle = puzzle_of(today.toordinal())
        try:
            answer = await asyncio.to_thread(puzzle_json, self.profile, puzzle, moves, language)
        except PuzzleError as error:
            raise _http(400, f"moves: {error}") from None
        if answer["solved"]:
            await self.call(lambda app, now: app.keep_puzzle(puzzle, answer["tries"]))
        found = await self.call(lambda app, now: app.puzzle_standing())
        answer["day"] = today.isoformat()
        answer["standing"] = None if found is None else found.json()
        return web.json_response(answer)

    async def resign(self, request: web.Request) -> web.Response:
        """``POST /api/game/resign``: the people at the board give the game up (the player
        to move; against a board elsewhere, the seat played here)."""

        def give_up(app: App, now: float) -> tuple[dict[str, Any], Future[None]]:
            try:
                termination = app.resign()
            except (NoGameError, GameOverError) as error:
                raise RefusedError(409, str(error)) from None
            assert app.session is not None, "the game given up is the one on the board"
            return {"termination": termination}, app.session.on_disk()

        answer, saved = await self.call(give_up)
        return await self.once_saved(answer, saved, 200)

    async def upload(self, request: web.Request) -> web.Response:
        """``POST /api/records {"record": "[Game \"kaskade\"] …"}``: the game goes on on the
        board from where the record ends. The record is checked as the app checks its own
        saved game (a record it could not resume is refused here, never found at its next
        start); the game goes on under an id of the board's own, and a game of the history
        is never brought back in. 201 once the game is saved."""
        body = await _body(request)
        text = body.get("record")
        if not isinstance(text, str) or not text.strip():
            raise web.HTTPBadRequest(text=_message("record: the text of a record file"),
                                     content_type="application/json")
        try:
            saved = read_saved(text)
        except SavedGameError as error:
            raise web.HTTPBadRequest(text=_message(f"record: {error}"),
                                     content_type="application/json") from None
        if await asyncio.to_thread(self.history.contains, saved.tags["Id"]):
            raise web.HTTPBadRequest(text=_message(
                f"record: [Id {saved.tags['Id']!r}] is a game of the history; it cannot be "
                "played on (start a new game instead)"), content_type="application/json")

        def go_on(app: App, now: float) -> tuple[dict[str, Any], Future[None] | None]:
            try:
                session = app.continue_game(saved.start, saved.moves, saved.tags)
            except GameDoesNotFitError as error:
                raise RefusedError(409, str(error)) from None
            return {"game": saved.start.info.name, "moves": len(saved.moves),
                    "id": session.tags["Id"]}, session.last_write

        answer, written = await self.call(go_on)
        if written is not None:
            try:
                await asyncio.wait_for(asyncio.wrap_future(written), CALL_SECONDS)
            except StorageError as error:
                return json_error(507, f"the game is on the board but could not be saved: "
                                       f"{error}")
            except TimeoutError:
                return json_error(503, "the game is on the board; saving it takes long (a "
                                       "slow card)")
        return web.json_response(answer, status=201)

    # -- pairing --------------------------------------------------------------------------------

    async def pairing_state(self, request: web.Request) -> web.Response:
        """``GET /api/pair``: whether this device is paired, who may read the board, and how
        to pair — all an unpaired device learns while reading is for paired devices only."""
        return web.json_response({"paired": self.is_paired(request), "reading": self.reading,
                                  "how": HOW_TO_PAIR})

    async def pair_start(self, request: web.Request) -> web.Response:
        """``POST /api/pair/start`` (paired devices): the board writes a fresh code on its
        LEDs, to pair another device; play goes on under it."""
        await self.call(lambda app, now: app.show_pairing_code(now))
        return web.json_response({"shown": True, "seconds": CODE_SECONDS})

    async def pair(self, request: web.Request) -> web.Response:
        """``POST /api/pair {"code": "4821", "name": "Ann's phone"}`` -> ``{"token": …}``.
        Guesses are counted and spaced out per source address: one too soon gets a 429."""
        body = await _body(request)
        code, name = body.get("code"), body.get("name", "a device")
        if not isinstance(code, str) or not isinstance(name, str):
            raise web.HTTPBadRequest(text=_message("code and name: text"),
                                     content_type="application/json")
        source = source_of(request.remote)
        try:
            self.attempts.begin(source)
        except TooSoonError as error:
            return json_error(429, str(error), {"Retry-After": str(math.ceil(error.wait))})
        right = False
        try:
            day = date.today().isoformat()
            token = await self.call(lambda app, now: app.pair_device(code[:8], name, day,
                                                                     source))
            right = True
        except PairingError as error:
            return json_error(403, str(error))
        finally:
            self.attempts.end(right, source)
        return web.json_response({"token": token}, status=201)

    async def unpair(self, request: web.Request) -> web.Response:
        """``DELETE /api/pair``: this device forgets its pairing."""
        token = _token(request)
        assert token is not None, "paired() let it through"
        self.pairing.forget(token)
        return web.json_response({"forgotten": True})

    # -- helpers --------------------------------------------------------------------------------

    def _pad(self, value: Any) -> int:
        """A pad from its name (``c3``) or number."""
        if isinstance(value, str):
            cell = parse_cell(value.strip().lower())
            if cell is not None and cell[0] < self.profile.columns and \
                    cell[1] < self.profile.rows:
                return cell[1] * self.profile.columns + cell[0]
        elif isinstance(value, int) and not isinstance(value, bool) and \
                0 <= value < self.profile.pads:
            return value
        last = self.profile.pad_name(self.profile.pads - 1)
        raise web.HTTPBadRequest(text=_message(f"pad: a pad of this board, a1 to {last}"),
                                 content_type="application/json")

    async def call(self, function: Callable[[App, float], Any]) -> Any:
        """Run ``function`` on the app's thread and wait for its result."""
        future = self.bridge.call(function)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), CALL_SECONDS)
        except TimeoutError:
            raise web.HTTPServiceUnavailable(text=_message("the board did not answer in time"),
                                             content_type="application/json") from None
        except RefusedError as refused:
            raise _http(refused.status, str(refused)) from None
        except StorageError as error:
            raise web.HTTPInternalServerError(text=_message(str(error)),
                                              content_type="application/json") from None


class RefusedError(KaskadeError, ValueError):
    """What the app cannot do now (no game on the board, no game waiting): a 409."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


def _http(status: int, reason: str) -> web.HTTPException:
    """The HTTP error for ``status`` with a JSON ``error``."""
    kind = {400: web.HTTPBadRequest, 404: web.HTTPNotFound, 409: web.HTTPConflict}[status]
    return kind(text=_message(reason), content_type="application/json")


def _title(name: str) -> str:
    """A game's title (its name, for a game this release does not know)."""
    return get_game(name).info.title if name in game_names() else name


def _message(text: str) -> str:
    return json.dumps({"error": text})


def _token(request: web.Request) -> str | None:
    """The token a request carries: ``Authorization: Bearer TOKEN``, or on a ``GET`` (a
    browser's stream cannot send headers) ``?token=TOKEN``."""
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return header.removeprefix("Bearer ").strip() or None
    if request.method == "GET":
        return request.query.get("token") or None
    return None


async def _body(request: web.Request) -> dict[str, Any]:
    """The request's JSON object, or a 400/413 that says what is wrong."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise web.HTTPRequestEntityTooLarge(max_size=MAX_BODY,
                                            actual_size=request.content_length)
    raw = b""
    try:
        async with asyncio.timeout(BODY_SECONDS):
            while len(raw) <= MAX_BODY and not request.content.at_eof():
                raw += await request.content.read(MAX_BODY + 1 - len(raw))
    except TimeoutError:
        raise web.HTTPRequestTimeout(text=_message(f"the body did not arrive within "
                                                   f"{BODY_SECONDS:g} s"),
                                     content_type="application/json") from None
    if len(raw) > MAX_BODY:
        raise web.HTTPRequestEntityTooLarge(max_size=MAX_BODY, actual_size=len(raw))
    try:
        body = json.loads(raw.decode("utf-8") or "{}")
    except (ValueError, RecursionError):
        raise web.HTTPBadRequest(text=_message("the body is not JSON"),
                                 content_type="application/json") from None
    if not isinstance(body, dict):
        raise web.HTTPBadRequest(text=_message("the body must be a JSON object"),
                                 content_type="application/json")
    return body


def _name_in(body: dict[str, Any]) -> str:
    """The ``name`` a body about a person gives, or a 400."""
    name = body.get("name")
    if not isinstance(name, str) or len(name) > 4 * MAX_NAME:
        raise _http(400, f"name: a person's name, {RULE}")
    return name


def _settings_json(app: App) -> dict[str, Any]:
    settings = app.settings
    return {"name": app.identity.name, "brightness": settings.brightness,
            "sound": settings.sound,
            "language": settings.language, "sleep_minutes": settings.sleep_minutes,
            "show_computer_moves": settings.show_computer_moves, "speech": settings.speech,
            "languages": list(LANGUAGES)}


def _checked_settings(body: dict[str, Any]) -> dict[str, Any]:
    """The settings ``body`` changes, each checked; a 400 naming the first bad one."""
    checks: dict[str, tuple[Callable[[Any], bool], str]] = {
        "brightness": (lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)
                       and MIN_BRIGHTNESS <= v <= 1, f"a number from {MIN_BRIGHTNESS} to 1"),
        "sound": (lambda v: isinstance(v, bool), "true or false"),
        "language": (lambda v: v in LANGUAGES, f"one of {', '.join(LANGUAGES)}"),
        "sleep_minutes": (lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)
                          and 0 <= v <= MAX_SLEEP_MINUTES,
                          f"minutes from 0 (never) to {MAX_SLEEP_MINUTES:g}"),
        "reading": (lambda v: v in READING, "who sees the board: open or paired"),
        "show_computer_moves": (lambda v: isinstance(v, bool), "true or false"),
        "name": (lambda v: isinstance(v, str) and NAME.fullmatch(v.strip()) is not None,
                 "the board's name: 1-32 printable characters"),
        "speech": (lambda v: isinstance(v, bool), "true or false"),
    }
    unknown = sorted(set(body) - set(checks))
    if unknown:
        raise web.HTTPBadRequest(text=_message(f"no setting {unknown[0]!r}; the settings are "
                                               f"{', '.join(checks)}"),
                                 content_type="application/json")
    for name, value in body.items():
        ok, wanted = checks[name]
        if not ok(value):
            raise web.HTTPBadRequest(text=_message(f"{name}: {wanted}"),
                                     content_type="application/json")
    return {name: float(value) if name in ("brightness", "sleep_minutes") else value
            for name, value in body.items()}
