"""The game on the board and the game on the table (both boards' logs), kept together by the
app's commands: what happened here goes to the table, what the table played comes here.

The board's session reports what happens in the game as values (``Played`` with the seat that
moved, ``Ended`` with who resigned, ``TakeBackAsked``: ``controller/app/happenings.py``); the
table reports what it played (``Moved`` with the side, ``WentBack``:
``controller/remote/table.py``). The relay reads each from where it last stopped: a move this
board's seat made goes out as this board's ``move``, a hold here asks for a take-back (or
agrees to the other board's, or claims the game), a resignation here goes out as ``resign``;
a move of the other board's, a chance step drawn from both halves and a take-back agreed are
played on the board through the app (``App.play_move``, ``App.take_back_to``), so they show
as any move does; the other side's resignation or claim ends the game here (``App.resign``,
``App.end_game``).

Once when the link (re)connects, and when the game comes (back) onto the board, the two are
brought together from how they stand: this board's moves the table never had go out, what the
table does not have is taken back here, and what it has beyond the board is played here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.app.app import App
from controller.app.happenings import Ended, Played, TakeBackAsked
from controller.app.seats import remote_seat
from controller.app.session import Session
from controller.errors import KaskadeError
from controller.remote.table import GUEST, HOST, Moved, Table, TableError, WentBack

Write = Callable[..., None]
"""Writes this board's next message of a kind (``write("move", ply=3, move="c4")``) into the
table and sends it; ``TableError`` when the table refuses it."""


class Relay:
    """Keeps the game ``game_id`` on the board and ``table`` together; ``write`` sends this
    board's messages, ``problem`` is told what could not be done."""

    def __init__(self, game_id: str, table: Table, write: Write,
                 problem: Callable[[str], None]) -> None:
        self.game_id = game_id
        self.table = table
        self.write = write
        self.problem = problem
        self.session: Session[Any] | None = None
        """The session whose happenings were read last (a game set aside and taken up again
        is a new one)."""
        self.read = 0
        """How many of its happenings were read."""
        self.applied = 0
        """How many of the table's steps are on the board."""
        self.together = False
        """Whether the board and the table were brought together since the link (re)connected
        or the game came onto the board."""

    def apart(self) -> None:
        """The link (re)connected: the board and the table are brought together again."""
        self.together = False

    def step(self, app: App, session: Session[Any], claimable: bool, now: float) -> None:
        """Carry what happened on each side since the last step to the other (on the loop's
        thread); ``claimable``: the other board has been away long enough for a hold here to
        claim the game."""
        if session is not self.session:
            self.session, self.read, self.together = session, len(session.happenings), False
        try:
            if not self.together:
                self._bring_together(app, session, now)
            self._from_board(session, claimable)
            self._from_table(app, session, now)
            self._ending(app, session)
        except KaskadeError as error:  # a move the board refused: brought together again
            self.problem(f"the board and the game at the broker disagree: {error}")
            self.together = False

    # -- here to the table -----------------------------------------------------------------------

    def _from_board(self, session: Session[Any], claimable: bool) -> None:
        table = self.table
        for happening in session.happenings[self.read:]:
            self.read += 1
            if isinstance(happening, Played):
                if happening.ply == len(table.names) and self._mine(happening.player):
                    self._send_move(happening.ply, happening.name)
            elif isinstance(happening, TakeBackAsked):
                self._take_back_asked(session, claimable)
            elif isinstance(happening, Ended) and happening.resigned is not None and \
                    self._mine(happening.resigned) and not table.finished:
                self._send("resign")

    def _send_move(self, ply: int, name: str) -> None:
        """This board's move at ``ply`` (playing on declines a take-back the other asked)."""
        asked = self.table.undo_asked
        try:
            if asked is not None and asked[0] != self.table.me:
                self.write("undo-no", to=asked[1])
            self.write("move", ply=ply, move=name)
        except TableError as error:
            self.problem(f"this board's move {name} was refused: {error}")

    def _take_back_asked(self, session: Session[Any], claimable: bool) -> None:
        """A hold here: agree to the other board's take-back, claim the game when that board
        has been away long enough, or ask it to take back."""
        table = self.table
        if table.finished:
            return
        asked = table.undo_asked
        if asked is not None and asked[0] != table.me:
            self._send("undo-yes", to=asked[1])
        elif claimable:
            self._send("claim")
        elif session.takeback() > 0:
            self._send("undo", to=session.state.plies - session.takeback())

    def _send(self, kind: str, **body: Any) -> None:
        try:
            self.write(kind, **body)
        except TableError as error:
            self.problem(f"not sent: {error}")

    # -- the table to here -----------------------------------------------------------------------

    def _from_table(self, app: App, session: Session[Any], now: float) -> None:
        """The table's steps the board has not had: the other side's moves and chance played
        here, take-backs agreed taken back here."""
        for step in self.table.steps[self.applied:]:
            self.applied += 1
            if isinstance(step, WentBack):
                if session.state.plies > step.to:
                    app.take_back_to(self.game_id, step.to, now)
            elif isinstance(step, Moved) and step.ply == session.state.plies:
                app.play_move(self.game_id, step.move, now)
            elif step.ply > session.state.plies:
                raise TableError(f"the game at the broker is at ply {step.ply}, the board's "
                                 f"at {session.state.plies}")

    def _ending(self, app: App, session: Session[Any]) -> None:
        """The other side's resignation, or a claim, ends the game here."""
        table = self.table
        if session.finished or (table.resigned is None and table.claimed is None):
            return
        if table.resigned is not None:
            loser = table.seats[table.resigned]
            assert loser is not None
            app.resign(self.game_id, loser.players[0])
            return
        assert table.claimed is not None
        winner, left = table.seats[table.claimed], table.seats[1 - table.claimed]
        assert winner is not None and left is not None
        app.end_game(self.game_id, winner.players[0],
                     f"{left.name}'s board left the game; {winner.name} claimed it")

    # -- once: from how both stand ---------------------------------------------------------------

    def _bring_together(self, app: App, session: Session[Any], now: float) -> None:
        """The board and the table from how each stands now (after a restart, a lost
        connection, or a game set aside): this board's moves the table never had go out,
        what else the table does not have is taken back, and what it has beyond the board is
        played here; a resignation here the table lacks goes out."""
        table = self.table
        common = 0
        for mine, theirs in zip(session.moves, table.names, strict=False):
            if mine != theirs:
                break
            common += 1
        if common == len(table.names) and table.reached <= common:
            # the table never went further: what the board has beyond it was made here
            while common < len(session.moves) and not table.finished and \
                    self._mine(table.state.to_move if table.state is not None else None):
                before = len(table.names)
                self._send_move(common, session.moves[common])
                if len(table.names) == before:
                    break
                common += 1
        if session.state.plies > common:
            app.take_back_to(self.game_id, common, now)
        for move in table.moves[session.state.plies:]:
            app.play_move(self.game_id, move, now)
        if session.resigned and not table.finished:
            self._send("resign")
        self.applied = len(table.steps)
        self.together = True

    # -- who is who ------------------------------------------------------------------------------

    def _mine(self, player: int | None) -> bool:
        """Whether ``player``'s seat is played on this board."""
        return player is not None and self.table.side_of(player) == self.table.me

    def name_the_guest(self, app: App) -> None:
        """On the board that offered the game, the seat of the board that joined gets its
        name."""
        guest = self.table.seats[GUEST]
        if self.table.me != HOST or guest is None:
            return
        for player in guest.players:
            app.name_seat(self.game_id, player, remote_seat(guest.name))

