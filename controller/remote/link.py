"""The link between this board's app and a board elsewhere: a companion of the app's loop.

What the broker says arrives on paho's thread and is handed to the loop as a ``Call``, so the
game's :class:`~controller.remote.table.Table` and the app are only ever touched on the loop's
thread. After every step of the loop the link's :class:`~controller.remote.relay.Relay` carries
what happened on each side to the other — this board's moves from the game's reports to the
table, the table's moves (the other board's, chance drawn from both halves, an agreed
take-back) to the board through the app's commands, so they show as any move does. The link
drives the app by its commands alone (``continue_game``, ``play_move``, ``take_back_to``,
``resign``, ``end_game``, ``name_seat``, ``say_about_game``); it never writes into the game or
its screen. The table is rebuilt from the broker's retained logs whenever the board starts
again, so a power cut or a dropped connection loses nothing.

The people at the board see how the other board stands in the screen's words and on the LEDs:
its name, whether it is there, how long it has been away, and when the game may be claimed;
and how the link to the broker stands (``controller/remote/faults.py``).

Once the game is over and each board knows the other has its end (an ``end`` message, or the
other's log cleared), each clears its part of the game at the broker and forgets the game; a
game this board leaves unfinished for a new one is cleared as well, and the other board, seeing
this one's log gone, ends it as left.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.loop import Call, Companion, hold
from controller.app.screens.game import GameScreen
from controller.app.seats import HUMAN, remote_seat
from controller.app.session import Session
from controller.devices.interfaces import InputEvent
from controller.faces.face import face
from controller.games import CHANCE, get_game
from controller.games.status import title
from controller.remote.broker import (
    ROOT,
    GameConnection,
    Heard,
    invite_topic,
    log_topic,
    presence_topic,
)
from controller.remote.config import (
    CONFIG_FILE,
    HOME_ASSISTANT_FILE,
    BrokerSettings,
    RemoteSetupError,
    load,
)
from controller.remote.faults import DROPPED, SHORT, Fault, LinkState, save_link
from controller.remote.game_file import GameFile, forget_game, load_game, save_game
from controller.remote.home_assistant import HomeAssistant
from controller.remote.messages import VERSION, Message, MessageError, decode, read_presence
from controller.remote.relay import Relay
from controller.remote.screen import RemoteError, RemoteScreen
from controller.remote.table import GUEST, HOST, Table, TableError
from controller.remote.view import key, taps, view, view_topic
from controller.render.canvas import Canvas
from controller.render.color import HIGHLIGHT

CODE = re.compile(r"\d{6}")
"""An invite code: six digits, entered by touch or on the web page."""
AWAY_SHOWN_EVERY = 60.0
"""Seconds between the LEDs' reminders that the other board is away."""
INVITE_SHOWN_EVERY = 30.0
"""Seconds between showings of the invite code on the LEDs while nobody has joined."""

log = logging.getLogger(__name__)


class RemoteLink:
    """The link for the board whose files are in ``directory``, through the broker
    ``settings`` name; passes the loop's steps on to ``inner`` (the web companion)."""

    def __init__(self, settings: BrokerSettings, directory: Path,
                 inner: Companion | None = None,
                 connection: type[GameConnection] = GameConnection) -> None:
        self.settings = settings
        self.connection_kind = connection
        """What connects to the broker (the bench counts what passes)."""
        self.directory = directory
        self.inner = inner
        self.post: Callable[[InputEvent | Call], None] | None = None
        self.game, problem = load_game(directory)
        self.problems: list[str] = [problem] if problem else []
        """What went wrong with the link, for a person (the newest last)."""
        self.refusals: list[str] = []
        """Messages of the other board (or of anyone) refused, with why."""
        self.table: Table | None = None
        self.connection: GameConnection | None = None
        self.inviting: GameConnection | None = None
        self.joining = ""
        """The invite code being looked up."""
        self.connected = False
        self.synced = False
        self.lost_since: float | None = None
        self.peer_online: bool | None = None
        self.away_since: float | None = None
        self.away_shown = 0.0
        self.invite_shown = 0.0
        self.relay: Relay | None = None
        """Keeps the game on the board and the table together (made once both boards said
        hello)."""
        self.viewed: tuple[object, ...] | None = None
        """What the view last published showed (the board that offered a game publishes
        one for pages: ``controller/remote/view.py``)."""
        self.read_own_log = False
        """Whether this board has read its own log back from the broker since it started
        (after that, a message there that it did not write is someone else's)."""
        self.fault: Fault | None = None
        """Why the broker cannot be used now (``None`` while connected or connecting)."""
        self.viewers: set[str] = set()
        """The pages (a phone's seat, watchers) whose presence says they are there: the
        offering board publishes its view only while there is one."""
        self.view_kept = False
        """Whether a view of this board's may be kept at the broker (cleared when nobody
        looks)."""
        self.peer_cleared = False
        """Whether the other side cleared its log (it has the game's end, or left it)."""
        self.leaving: list[GameConnection] = []
        """Connections clearing this board's part of a game that ended."""

    # -- the loop's companion -----------------------------------------------------------------

    def attach(self, post: Callable[[InputEvent | Call], None]) -> None:
        self.post = post
        if self.inner is not None:
            self.inner.attach(post)
        if self.game is not None:
            self._connect(self.game)

    def publish(self, driver: Driver, now: float) -> None:
        if self.inner is not None:
            self.inner.publish(driver, now)
        app = driver.app
        if app.remote_setup is None:
            app.link_remote(lambda game, colour: RemoteScreen(app, _Invites(self, app), game,
                                                              colour), self.join)
        self.sync(app, now)

    def hold(self, problem: str) -> None:
        """The board's latest changes are not saved yet: the companion within (the web page)
        keeps what it showed and says why."""
        if self.inner is not None:
            hold(self.inner, problem)

    def close(self, cleanly: bool = True) -> None:
        """Leave the broker (cleanly: saying so, and letting the clearing of a game that
        ended finish; otherwise as a power cut would)."""
        for connection in (self.connection, self.inviting):
            if connection is not None:
                connection.stop(cleanly)
        self.connection = self.inviting = None
        for leaving in self.leaving:
            leaving.finish(5.0 if cleanly else 0.0)
        self.leaving.clear()

    # -- offering and joining (on the loop's thread) ------------------------------------------

    def offer(self, app: App, game: str, options: dict[str, str], here: list[int]) -> str:
        """Offer a game of ``game`` with ``options``, this board playing the seats ``here``;
        it starts on the board at once, and the invite code (returned) stands for it."""
        self._check_free(app)
        secret = secrets.token_bytes(32)
        record = GameFile(secrets.token_hex(8), HOST, secret.hex(),
                          code=f"{secrets.randbelow(10 ** 6):06d}")
        table = Table(record.game_id, HOST, secret)
        try:
            table.hello(self.settings.name, game, options, here)
        except TableError as error:
            raise RemoteError(f"that game cannot be offered: {error}") from None
        assert table.state is not None
        start = get_game(game).new(table.state.options())
        if not face(game).holds(app.profile, start):
            raise RemoteError(f"{title(start)} does not fit this board")
        tags = {start.player_title(p): HUMAN if p in here else remote_seat("")
                for p in range(len(start.info.players))}
        self._begin(app, record, table, start, tags)
        return record.code

    def join(self, code: str) -> None:
        """Look up the game invite ``code`` stands for; the game starts when it is found
        (``RemoteError`` when the code is not six digits or a game is under way)."""
        if not CODE.fullmatch(code):
            raise RemoteError(f"invite code {code!r}: six digits")
        if self.game is not None and not (self.table is not None and self.table.finished):
            raise RemoteError("this board is in a remote game already")
        self.cancel_join()
        self.joining = code
        self.inviting = self.connection_kind(self.settings, "", [invite_topic(code)], self._heard,
                                       presence=False)
        self.inviting.start()

    def cancel_join(self) -> None:
        """Stop looking up an invite code."""
        self.joining = ""
        if self.inviting is not None:
            self.inviting.stop()
            self.inviting = None

    def _check_free(self, app: App) -> None:
        if self.game is not None and app.session is not None and \
                app.session.tags.get("Id") == self.game.session_id and \
                not app.session.finished:
            raise RemoteError("a remote game is under way on this board")

    def _begin(self, app: App, record: GameFile, table: Table, start: Any,
               tags: dict[str, str]) -> None:
        """Put the game on the board and connect (the file first: a board that restarts
        must find its secret); this board's part of the game before is cleared."""
        self._clear(app)
        self.close()
        session = app.continue_game(start, [], tags)
        record.session_id = session.tags["Id"]
        save_game(self.directory, record)
        self.game, self.table = record, table
        self.refusals.clear()
        self._connect(record)

    def _connect(self, record: GameFile) -> None:
        self.table = self.table or Table(record.game_id, record.side,
                                         bytes.fromhex(record.secret))
        self.synced = self.connected = self.read_own_log = self.peer_cleared = False
        self.peer_online, self.away_since, self.viewed = None, None, None
        self.viewers.clear()
        self.view_kept = record.side == HOST  # one may be left from before: cleared unless
        # a page is there
        self.connection = self.connection_kind(
            self.settings, record.game_id,
            [f"{ROOT}/{record.game_id}/+/log/+", f"{ROOT}/{record.game_id}/+/presence"],
            self._heard)
        self.connection.start()

    # -- what the broker says -----------------------------------------------------------------

    def _heard(self, heard: Heard) -> None:
        """On paho's thread: to the loop."""
        if self.post is not None:
            self.post(Call(lambda app, now: self.take(heard, app, now)))

    def take(self, heard: Heard, app: App, now: float) -> None:
        """What the broker said, on the loop's thread."""
        if heard.what == "connected":
            self.connected, self.lost_since, self.fault = True, None, None
            self.viewers.clear()  # read again from their presences
            self._keep_link_state()
        elif heard.what == "synced":
            self.synced = self.read_own_log = True
            if self.relay is not None:
                self.relay.apart()
            if self.game is not None:
                self._resend()
        elif heard.fault is not None:
            self._fault(heard.fault, app, now)
        elif heard.what == "message":
            self._message(heard.topic, heard.payload, app)
        self.sync(app, now)

    def _message(self, topic: str, payload: bytes, app: App) -> None:
        parts = topic.split("/")
        if len(parts) == 3 and parts[:2] == [ROOT, "invite"]:
            self._invited(parts[2], payload, app)
            return
        game, table = self.game, self.table
        if game is None or table is None or len(parts) < 4 or parts[1] != game.game_id:
            return
        user = parts[2]
        if parts[3:] == ["presence"]:
            try:
                said = read_presence(payload)
            except MessageError as error:
                self._refuse(f"{user}'s presence: {error}")
                return
            if user == game.peer:
                self.peer_online = said.online
            if said.online and said.page and user != self.settings.user:
                if user not in self.viewers:
                    self.viewed = None  # a page has come: the view now
                self.viewers.add(user)
            else:
                self.viewers.discard(user)
            return
        if len(parts) != 5 or parts[3] != "log":
            return
        if not payload:
            if user == game.peer and parts[4] == "1":
                self.peer_cleared = True
            return
        try:
            message = decode(payload)
            if str(message.seq) != parts[4]:
                raise MessageError(f"message {message.seq} under number {parts[4]}")
        except MessageError as error:
            self._refuse(f"from {user}: {error}")
            return
        if user == self.settings.user:
            side = table.me
            if self.read_own_log and message != table.logs[side].get(message.seq):
                # once the board has read its log back, it alone writes there
                self._refuse(f"message {message.seq} in this board's own log, not written "
                             "by it (someone else has its credentials?)")
                return
        elif user == game.peer:
            side = 1 - table.me
        elif not game.peer and table.me == HOST and message.kind == "hello" and \
                message.seq == 1:
            game.peer = user  # the board that joined
            save_game(self.directory, game)
            if self.connection is not None:
                self.connection.send(invite_topic(game.code), b"")  # nobody else joins
            side = GUEST
        else:
            self._refuse(f"a message from {user}, a board not in this game")
            return
        before = len(table.refusals)
        table.take(side, message)
        for refusal in table.refusals[before:]:
            self._refuse(f"from {user}: {refusal.reason}")

    def _invited(self, code: str, payload: bytes, app: App) -> None:
        if code != self.joining or not payload:
            return
        try:
            offer = json.loads(payload.decode("utf-8"))
            if not isinstance(offer, dict) or offer.get("v") != VERSION or \
                    not re.fullmatch(r"[0-9a-f]{16}", str(offer.get("game"))) or \
                    not re.fullmatch(r"[A-Za-z0-9_-]{1,32}", str(offer.get("host"))):
                raise ValueError("not an invite")
        except (UnicodeDecodeError, ValueError) as error:
            self._problem(f"invite {code}: {error}")
            return
        self.joining = ""
        if self.inviting is not None:
            self.inviting.send(invite_topic(code), b"")  # taken: nobody else joins with it
            self.inviting.stop()
            self.inviting = None
        secret = secrets.token_bytes(32)
        record = GameFile(str(offer["game"]), GUEST, secret.hex(), peer=str(offer["host"]))
        self._clear(app)
        self.close()
        save_game(self.directory, record)
        self.game = record
        self.table = Table(record.game_id, GUEST, secret)
        self.refusals.clear()
        self._connect(record)

    def _problem(self, text: str) -> None:
        log.warning("%s", text)
        self.problems.append(text)
        del self.problems[:-20]

    def _refuse(self, text: str) -> None:
        log.warning("refused %s", text)
        self.refusals.append(text)
        del self.refusals[:-100]

    # -- keeping the board and the table together ---------------------------------------------

    def _send(self, message: Message) -> None:
        assert self.connection is not None and self.game is not None
        self.connection.send(log_topic(self.game.game_id, self.settings.user, message.seq),
                             message.encode())

    def _resend(self) -> None:
        """After (re)connecting: every message of this board's log once more (the broker
        may have lost some; the other board ignores what it has), and while nobody has
        joined, the invite; once somebody has, the invite is taken back."""
        assert self.table is not None and self.connection is not None and self.game is not None
        for seq in sorted(self.table.logs[self.table.me]):
            self._send(self.table.logs[self.table.me][seq])
        game = self.game
        if game.side == HOST and game.code:
            self.connection.send(invite_topic(game.code), b"" if game.peer else json.dumps(
                {"v": VERSION, "game": game.game_id, "host": self.settings.user}).encode())

    def _write(self, kind: str, **body: Any) -> None:
        assert self.table is not None
        self._send(self.table.write(kind, **body))

    def sync(self, app: App, now: float) -> None:
        """Bring the board and the table together (see the module's text)."""
        table, game = self.table, self.game
        if table is None or game is None:
            return
        session = app.game(game.session_id)  # None: the board shows another game
        if self.synced and self._peer_gone(table):
            self._left(app, session, table)
            return
        if not self.synced or table.state is None:
            if session is not None:
                app.say_about_game(game.session_id, self.connection_words(now) or
                                   "reading the game back from the broker")
            return
        if game.side == GUEST and not table.seats[GUEST]:
            self._say_hello(app, table)
            session = app.game(game.session_id)
        if session is None:
            return
        relay = self.relay
        if relay is None or relay.table is not table or relay.game_id != game.session_id:
            relay = self.relay = Relay(game.session_id, table, self._write, self._problem)
        relay.name_the_guest(app)
        relay.step(app, session, self.claimable(now), now)
        while (reveal := table.reveal_due()) is not None:
            self._send(reveal)
            relay.step(app, session, self.claimable(now), now)
        self._words(app, game, table, now)
        self._view(app, table, session, now)
        self._tidy(app, session, table)

    def _view(self, app: App, table: Table, session: Session[Any], now: float) -> None:
        """The offering board's view of the game for a page, while a page is there, once the
        game has changed and its animation has ended (the picture shows the position
        reached); when no page is there any more, the view kept at the broker is cleared."""
        if table.me != HOST or self.connection is None or self.game is None:
            return
        topic = view_topic(self.game.game_id, self.settings.user)
        if not self.viewers:
            if self.view_kept:
                self.connection.send(topic, b"")
                self.view_kept, self.viewed = False, None
            return
        screen = app.current_game()
        if not isinstance(screen, GameScreen) or screen.session is not session or \
                screen.animation_end() is not None:
            return
        seen = key(table)
        if seen == self.viewed:
            return
        self.viewed = seen
        profile = app.profile
        canvas = Canvas(profile.led_width, profile.led_height)
        screen.draw(canvas, now)
        size = {"columns": profile.columns, "rows": profile.rows, "per_pad": profile.per_pad,
                "led_width": profile.led_width, "led_height": profile.led_height}
        self.connection.send(topic, view(table, bytes(canvas.pixels), size, taps(screen, table)))
        self.view_kept = True

    # -- the end of a game at the broker ------------------------------------------------------

    def _peer_gone(self, table: Table) -> bool:
        """Whether the other side cleared its log: it had the game's end (a page clears its
        log when it sees the end), or left the game unfinished for another."""
        peer = 1 - table.me
        return self.peer_cleared or (bool(self.game and self.game.peer) and
                                     not table.logs[peer] and table.seats[peer] is None)

    def _tidy(self, app: App, session: Session[Any], table: Table) -> None:
        """Once the game is over here: say so (``end``); once the other side has said so too,
        clear this board's part at the broker."""
        if not table.finished or not session.finished:
            return
        if not table.ended[table.me]:
            try:
                self._write("end")
            except TableError as error:
                self._problem(f"the end of the game was not sent: {error}")
                return
        if table.ended[1 - table.me]:
            self._clear(app)

    def _left(self, app: App, session: Session[Any] | None, table: Table) -> None:
        """The other side's log is gone: a game that is not over here ends as left by the
        other side (it took its part of the game away), and this board clears its own."""
        game = self.game
        if session is not None and not session.finished and game is not None:
            peer, mine = table.seats[1 - table.me], table.seats[table.me]
            name = peer.name if peer is not None else game.peer
            app.end_game(game.session_id, mine.players[0] if mine is not None else None,
                         f"{name}'s board left the game")
        self._clear(app)

    def _clear(self, app: App) -> None:
        """Clear this board's part of its game at the broker (its log, its presence, its
        view, an invite nobody took) and forget the game; the connection leaves once the
        broker has it all."""
        game, table, connection = self.game, self.table, self.connection
        if game is None or table is None or connection is None:
            return
        user = self.settings.user
        topics = [log_topic(game.game_id, user, seq) for seq in sorted(table.logs[table.me])]
        topics.append(presence_topic(game.game_id, user))
        if table.me == HOST:
            topics.append(view_topic(game.game_id, user))
            if game.code and not game.peer:
                topics.append(invite_topic(game.code))
        forget_game(self.directory)  # first: a board that stops now does not come back to it
        app.say_about_game(game.session_id, "")
        self.connection, self.game, self.table, self.relay = None, None, None, None
        for done in [leaving for leaving in self.leaving if leaving.cleared.is_set()]:
            done.finish(0.0)  # those of games before, long done
            self.leaving.remove(done)
        connection.clear(topics)
        self.leaving.append(connection)
        self.connected = False
        save_link(self.directory, LinkState(False, "no remote game under way", "",
                                            time.time(), game.game_id))

    def _say_hello(self, app: App, table: Table) -> None:
        """The guest's hello, once the host's is known: the game starts on this board."""
        host = table.seats[HOST]
        if host is None or table.state is None or self.game is None:
            return
        state = table.state
        here = [p for p in range(2) if p not in host.players]
        start = get_game(state.info.name).new(state.options())
        if not face(state.info.name).holds(app.profile, start):
            self._problem(f"cannot join that game: {title(start)} does not fit this board")
            app.announce(f"{title(start)} does not fit", HIGHLIGHT)
            self._clear(app)
            return
        try:
            message = table.hello(self.settings.name, state.info.name, state.options(), here)
        except TableError as error:
            self._problem(f"cannot join that game: {error}")
            return
        tags = {start.player_title(p): HUMAN if p in here else remote_seat(host.name)
                for p in range(2)}
        session = app.continue_game(start, [], tags)
        self.game.session_id = session.tags["Id"]
        save_game(self.directory, self.game)
        self._send(message)

    # -- how the other board stands -----------------------------------------------------------

    def connection_words(self, now: float) -> str:
        """How the link to the broker stands, and since when; ``""`` while connected."""
        if self.connected:
            return ""
        address = self.settings.address
        if self.fault is None:
            return f"connecting to the broker at {address}"
        down = 0.0 if self.lost_since is None else now - self.lost_since
        since = f" (the link down for {_minutes(down)})" if down >= 1 else ""
        again = "; trying again" if self.fault.retried else ""
        return f"{self.fault.words(address)} · the game is kept{again}{since}"

    def _fault(self, fault: Fault, app: App, now: float) -> None:
        """A connection attempt failed, the broker refused this board, or the connection
        dropped: said on the LEDs when it begins (or changes kind), in the description line
        and in the state ``kaskade remote status`` reads."""
        if fault.kind == DROPPED and not self.connected:
            return  # the end of a connection that had not begun (a refusal said why)
        if self.lost_since is None or self.connected:
            self.lost_since = now
        self.connected = False
        if fault == self.fault:
            return
        if self.fault is None or self.fault.kind != fault.kind:
            app.announce(SHORT[fault.kind], HIGHLIGHT, now)
        self.fault = fault
        self._problem(fault.words(self.settings.address))
        self._keep_link_state()

    def _keep_link_state(self) -> None:
        """The link's state for ``kaskade remote status`` (another process)."""
        fault = self.fault
        game = self.game.game_id if self.game is not None else ""
        save_link(self.directory, LinkState(
            fault is None, "" if fault is None else fault.words(self.settings.address),
            "" if fault is None else fault.kind, time.time(), game))

    def claimable(self, now: float) -> bool:
        """Whether the other board has been away so long that the game may be claimed."""
        return self.away_since is not None and \
            now - self.away_since >= self.settings.claim_minutes * 60

    def _words(self, app: App, game: GameFile, table: Table, now: float) -> None:
        """The game's words and the LEDs' reminders about the other board."""
        peer = table.seats[1 - table.me]
        name = peer.name if peer is not None else "the other board"
        away = self.peer_online is False and not table.finished and peer is not None
        if away and self.away_since is None:
            self.away_since, self.away_shown = now, now
            app.announce(f"waiting for {name}", HIGHLIGHT, now)
        elif not away:
            self.away_since = None
        words = [self.connection_words(now)]
        if peer is not None and self.invite_shown:
            self.invite_shown = 0.0
            app.clear_messages()  # the code is spent
        if peer is None and not table.finished:
            words.append(f"invite code {game.code} · waiting for a board to join")
            if now - self.invite_shown >= INVITE_SHOWN_EVERY or not self.invite_shown:
                self.invite_shown = now
                app.caption(f"invite {game.code}", now, HIGHLIGHT, secret=True)
        elif self.away_since is not None:
            words.append(f"waiting for {name}'s board for {_minutes(now - self.away_since)}")
            if self.claimable(now):
                words.append("hold a pad to claim the game, or keep waiting")
            if now - self.away_shown >= AWAY_SHOWN_EVERY:
                self.away_shown = now
                app.announce(f"waiting for {name} {_minutes(now - self.away_since)}",
                             HIGHLIGHT, now)
        asked = table.undo_asked
        if asked is not None and not table.finished:
            words.append(f"{name} asks to take back · hold a pad to agree, or play on"
                         if asked[0] != table.me else f"asked {name}'s board to take back")
        elif table.joined and table.waiting_for == 1 - table.me and self.away_since is None and \
                table.state is not None and table.state.to_move != CHANCE:
            words.append(f"{name} is to move on their board")
        app.say_about_game(game.session_id, " · ".join(word for word in words if word))


def _minutes(seconds: float) -> str:
    """``45 s``, ``3 min``."""
    return f"{seconds:.0f} s" if seconds < 60 else f"{seconds // 60:.0f} min"



def links(directory: Path) -> bool:
    """Whether the board whose files are in ``directory`` links to a broker (remote play or
    Home Assistant was set up): then it must run in real time, as messages come."""
    return (directory / CONFIG_FILE).exists() or (directory / HOME_ASSISTANT_FILE).exists()


def linked(directory: Path, inner: Companion | None = None,
           page: str = "") -> Companion | None:
    """The loop's companion for the board whose files are in ``directory``: the link to other
    boards when a broker was set up, and the board in Home Assistant when its broker was
    (each passing the steps on to the next, the last to ``inner``); ``page``: the board's web
    page, when it is served (Home Assistant links to it). Settings that cannot be read are
    said in the log and the board plays on without."""
    companion = inner
    try:
        home = load(directory, HOME_ASSISTANT_FILE)
        if home is not None:
            companion = HomeAssistant(home, directory.name, companion, page)
        settings = load(directory)
        if settings is not None:
            companion = RemoteLink(settings, directory, companion)
    except RemoteSetupError as error:
        log.warning("remote play or Home Assistant is off: %s", error)
    return companion


class _Invites:
    """The link's offering and joining for the screen, with this board's app bound in."""

    def __init__(self, link: RemoteLink, app: App) -> None:
        self.link, self.app = link, app

    def offer(self, game: str, options: dict[str, str], here: list[int]) -> str:
        return self.link.offer(self.app, game, options, here)

    def join(self, code: str) -> None:
        self.link.join(code)

    def cancel_join(self) -> None:
        self.link.cancel_join()

    def trouble(self, now: float) -> str:
        return self.link.connection_words(now) if self.link.fault is not None else ""
