"""The game between two boards as their two logs tell it, checked with this board's own rules.

Both boards keep the same :class:`Table`: every message of either log goes through
:meth:`Table.take` (this board's own as it writes them, the other's as they arrive), and the
table plays them in one order both boards agree on — a message waits until the messages of the
other side that its ``ack`` counts have been played — so the two boards, and a board that
starts again from the logs the broker keeps, come to the same game. A message is checked
before it changes anything: a move must be legal by this board's engine, at the ply the game
is at, and for a seat its sender holds; a half of a chance step must be on the chain its
sender committed to. A message that fails is refused — recorded with its reason, the game
unchanged, and dropped, so its number stays free: an honest board never sends one (it checks
its own moves the same way), so it came from someone else with that board's credentials, and
the board's own next message takes the number. A message seen before (the same sequence
number) is ignored; a different one under the number of a message played is refused.

What the table plays it also reports, in order, as values (``steps``: a move with the side
that made it, a chance step drawn from both halves, a take-back agreed), parsed once by this
board's engine: the link plays them on the board as they come, never by comparing the game's
moves as text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from controller.errors import KaskadeError
from controller.games import CHANCE, GameState, get_game
from controller.games.errors import MoveError, OptionsError, UnknownGameError
from controller.remote import chance
from controller.remote.chance import Chain, ChanceError
from controller.remote.messages import MAX_PLY, Message

HOST, GUEST = 0, 1
"""The two sides: the board that offered the game and the one that joined it."""
SIDES = ("host", "guest")


class TableError(KaskadeError, ValueError):
    """This board asked for something the game does not allow now."""


@dataclass(frozen=True)
class Refusal:
    """A message of ``side`` (sequence number ``seq``) that was not played, and why."""

    side: int
    seq: int
    reason: str


@dataclass(frozen=True)
class Moved:
    """The table played ``move`` (named ``name``) at ply ``ply`` for ``side``; ``None``: a
    chance step, drawn from both sides' halves."""

    ply: int
    move: Any
    name: str
    side: int | None


@dataclass(frozen=True)
class WentBack:
    """A take-back was agreed: the game went back to ``to`` plies."""

    to: int


Step = Moved | WentBack


@dataclass
class Seat:
    """One side as its hello described it."""

    name: str
    players: tuple[int, ...]
    chain: Chain


@dataclass
class Table:
    """The game ``game_id`` seen from ``me`` (``HOST`` or ``GUEST``)."""

    game_id: str
    me: int
    secret: bytes
    """This board's chance secret (its hello carries the anchor)."""
    logs: tuple[dict[int, Message], dict[int, Message]] = field(
        default_factory=lambda: ({}, {}))
    played: list[int] = field(default_factory=lambda: [0, 0])
    """How many messages of each side have been played (or refused)."""
    seats: list[Seat | None] = field(default_factory=lambda: [None, None])
    state: GameState[Any] | None = None
    names: list[str] = field(default_factory=list)
    """The game's moves by name, as a session keeps them (and as the wire carries them)."""
    moves: list[Any] = field(default_factory=list)
    """The game's moves as values of the game's, parsed once, as they were played."""
    steps: list[Step] = field(default_factory=list)
    """What the table played, in order: moves, chance drawn, take-backs agreed."""
    reached: int = 0
    """The most plies the game has had (more than it has now after a take-back)."""
    halves: dict[int, list[str | None]] = field(default_factory=dict)
    """The revealed halves of each chance step, by ply."""
    draws: list[int] = field(default_factory=list)
    """The plies of the game as it stands that were chance steps, drawn from both halves."""
    resigned: int | None = None
    """The side that resigned."""
    claimed: int | None = None
    """The side that claimed the game while the other was away."""
    undo_asked: tuple[int, int] | None = None
    """``(side, plies)``: a side asks to take the game back to that many plies."""
    ended: list[bool] = field(default_factory=lambda: [False, False])
    """Which sides have said they have the game's end (``end``)."""
    refusals: list[Refusal] = field(default_factory=list)

    # -- taking in messages -----------------------------------------------------------------------

    def take(self, side: int, message: Message) -> bool:
        """Add ``message`` to ``side``'s log and play what can be played; False when it was
        seen before (a duplicate or a replay), or is a different message under a number that
        was seen (refused)."""
        log = self.logs[side]
        seen = log.get(message.seq)
        if seen is not None:
            if seen != message:
                self.refusals.append(Refusal(side, message.seq, "a different message under a "
                                             "sequence number already used"))
            return False
        log[message.seq] = message
        self._advance()
        return True

    def _advance(self) -> None:
        """Play every message whose turn has come, host first when both could go."""
        while True:
            for side in (HOST, GUEST):
                message = self.logs[side].get(self.played[side] + 1)
                if message is not None and message.ack <= self.played[1 - side]:
                    self.played[side] += 1
                    try:
                        self._play(side, message)
                    except (TableError, MoveError, ChanceError) as error:
                        # dropped: its number stays free for the message its board meant
                        self.refusals.append(Refusal(side, message.seq, str(error)))
                        self.played[side] -= 1
                        del self.logs[side][message.seq]
                    break
            else:
                return

    def _play(self, side: int, message: Message) -> None:
        if message.kind == "hello":
            self._hello(side, message)
            return
        if message.seq == 1:
            raise TableError(f"the {SIDES[side]}'s log does not start with its hello")
        state = self.state
        if state is None:
            raise TableError("a message before the game was set")
        if message.kind == "end":
            if not self.finished:
                raise TableError("says the game is over; it is not")
            self.ended[side] = True
        elif message.kind == "move":
            self._move(side, state, message["ply"], message["move"])
        elif message.kind == "reveal":
            self._reveal(side, state, message["ply"], message["value"])
        elif self.finished:
            raise TableError("the game is over")
        elif message.kind == "resign":
            self.resigned = side
        elif message.kind == "claim":
            self.claimed = side
        elif message.kind == "undo":
            to = message["to"]
            if to >= state.plies:
                raise TableError(f"asks to go back to ply {to}; the game is at {state.plies}")
            self.undo_asked = (side, to)
        else:
            to = message["to"]
            if self.undo_asked != (1 - side, to):
                raise TableError(f"answers a request to go back to ply {to} nobody made")
            self.undo_asked = None
            if message.kind == "undo-yes":
                if to > state.plies:
                    raise TableError(f"agrees to go back to ply {to}, ahead of the game")
                while state.plies > to:
                    state.undo()
                    self.names.pop()
                    self.moves.pop()
                while self.draws and self.draws[-1] >= to:
                    self.draws.pop()
                self.steps.append(WentBack(to))
                self._draw(state)

    def _hello(self, side: int, message: Message) -> None:
        if message.seq != 1 or self.seats[side] is not None:
            raise TableError("a second hello")
        players = tuple(message["players"])
        if side == HOST:
            try:
                state = get_game(message["game"]).new(message["options"])
            except (UnknownGameError, OptionsError) as error:
                raise TableError(f"the game offered cannot be played here: {error}") from None
            if len(state.info.players) != 2 or max(players) >= 2:
                raise TableError("a remote game is one of two players")
            self.state = state
        else:
            host = self.seats[HOST]
            if host is None or self.state is None:
                raise TableError("the guest's hello came before the host's")
            if message["game"] != self.state.info.name or \
                    message["options"] != self.state.options():
                raise TableError("the guest's hello names another game than the one offered")
            if set(players) & set(host.players) or \
                    set(players) | set(host.players) != set(range(2)):
                raise TableError("the guest's seats are not the ones the host left")
        self.seats[side] = Seat(message["name"], players, Chain(message["anchor"]))

    def _move(self, side: int, state: GameState[Any], ply: int, text: str) -> None:
        seat = self.seats[side]
        assert seat is not None
        if self.finished:
            raise TableError(f"a move ({text}) after the game is over")
        if ply != state.plies:
            raise TableError(f"a move ({text}) for ply {ply}; the game is at ply {state.plies}")
        if state.to_move == CHANCE:
            raise TableError(f"a move ({text}) while chance is to be drawn")
        if state.to_move not in seat.players:
            raise TableError(f"a move ({text}) for {state.player_title(state.turn_player())}, "
                             f"a seat the {SIDES[side]} does not hold")
        if ply >= MAX_PLY:
            raise TableError(f"the game is at its longest ({MAX_PLY} plies)")
        move = state.parse_move(text)
        name = state.move_name(move)
        state.play(move)  # raises, changing nothing, when it is not legal
        self._played(ply, move, name, side)
        if self.undo_asked is not None and self.undo_asked[0] == side:
            self.undo_asked = None  # playing on withdraws one's own request

    def _reveal(self, side: int, state: GameState[Any], ply: int, value: str) -> None:
        seat = self.seats[side]
        assert seat is not None
        if ply != state.plies or state.to_move != CHANCE:
            raise TableError(f"a half for ply {ply}; no chance step is due there")
        seat.chain.check(ply, value)
        halves = self.halves.setdefault(ply, [None, None])
        if halves[side] is not None and halves[side] != value:
            raise TableError(f"a second half for ply {ply}")
        halves[side] = value
        self._draw(state)

    def _draw(self, state: GameState[Any]) -> None:
        """Draw the chance steps due whose halves are both known (after an undo the same
        steps come again with the halves already shown)."""
        while state.to_move == CHANCE and not state.is_over():
            halves = self.halves.get(state.plies, [None, None])
            host, guest = halves
            if host is None or guest is None:
                return
            ply = state.plies
            seed = chance.seed(self.game_id, ply, host, guest)
            move = state.sample_chance(chance.generator(seed))
            self.draws.append(ply)
            name = state.move_name(move)
            state.play(move)
            self._played(ply, move, name, None)

    def _played(self, ply: int, move: Any, name: str, side: int | None) -> None:
        """Keep a move just played on the table's state, and report it."""
        self.names.append(name)
        self.moves.append(move)
        self.steps.append(Moved(ply, move, name, side))
        self.reached = max(self.reached, ply + 1)

    # -- this board's own messages ------------------------------------------------------------

    def write(self, kind: str, **body: Any) -> Message:
        """This board's next message (taken in at once; ``TableError`` when refused: this
        board asked for something the game does not allow)."""
        seq = len(self.logs[self.me]) + 1
        message = Message(kind, seq, self.played[1 - self.me], body)
        message.encode()  # obeys the rules it holds the other side to
        self.take(self.me, message)
        refused = [r for r in self.refusals if (r.side, r.seq) == (self.me, seq)]
        if refused:  # never sent, and dropped from the log
            self.refusals.remove(refused[0])
            raise TableError(refused[0].reason)
        return message

    def hello(self, name: str, game: str, options: dict[str, str],
              players: list[int]) -> Message:
        """This board's hello: its seats, its name and its chain's anchor (the options in
        full, defaults included, so both boards name the same game the same way)."""
        try:
            options = get_game(game).new(options).options()
        except (UnknownGameError, OptionsError) as error:
            raise TableError(str(error)) from None
        return self.write("hello", game=game, options=options, players=players, name=name,
                          anchor=chance.anchor(self.secret))

    def move(self, text: str) -> Message:
        """A move of this board's seat."""
        assert self.state is not None
        return self.write("move", ply=self.state.plies, move=text)

    def reveal_due(self) -> Message | None:
        """This board's half of the chance step due now, unless it was shown."""
        state = self.state
        if state is None or state.to_move != CHANCE or state.is_over() or \
                self.seats[1 - self.me] is None:
            return None
        if self.halves.get(state.plies, [None, None])[self.me] is not None:
            return None
        return self.write("reveal", ply=state.plies,
                          value=chance.half(self.secret, state.plies))

    # -- how it stands ------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """Over by the rules or by resignation."""
        return self.resigned is not None or self.claimed is not None or \
            (self.state is not None and self.state.is_over())

    @property
    def joined(self) -> bool:
        """Both boards have said hello."""
        return None not in self.seats

    def side_of(self, player: int) -> int | None:
        """The side holding ``player``'s seat."""
        for side, seat in enumerate(self.seats):
            if seat is not None and player in seat.players:
                return side
        return None

    @property
    def waiting_for(self) -> int | None:
        """The side the game waits for now: the one to move, or one whose half of the chance
        step due is missing; ``None`` when over or waiting for nobody."""
        state = self.state
        if state is None or self.finished:
            return None
        if not self.joined:
            return GUEST
        if state.to_move == CHANCE:
            halves = self.halves.get(state.plies, [None, None])
            missing = [side for side in (HOST, GUEST) if halves[side] is None]
            return missing[0] if missing else None
        return self.side_of(state.to_move) if state.to_move is not None else None
