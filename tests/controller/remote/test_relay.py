"""The relay between the game on a board and the game at the broker, without a broker: two
board apps (the headless simulator's, in virtual time), each with its table, the messages one
board writes handed to the other's table. Moves go out from what the game reports and come in
as values played through the app's commands: a whole game with chance from both halves,
take-backs both ways, a resignation, a claim, a board started again from its saved game and
the logs, and a game set aside for another and taken up again."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from controller.app.happenings import Played
from controller.app.screens.game import GameScreen
from controller.app.seats import HUMAN, remote_seat
from controller.games import CHANCE, get_game
from controller.remote.messages import Message
from controller.remote.relay import Relay
from controller.remote.table import GUEST, HOST, Table
from tests.support.board import BoardHarness


class Side:
    """One board: its app, its table and relay, and the messages it wrote."""

    def __init__(self, state: Path, me: int, name: str) -> None:
        self.state, self.me, self.name = state, me, name
        self.board = BoardHarness(state)
        self.table = Table("game1", me, bytes([me + 1]) * 32)
        self.outbox: list[Message] = []
        self.problems: list[str] = []
        self.relay: Relay | None = None
        self.claimable = False

    def write(self, kind: str, **body: Any) -> None:
        self.outbox.append(self.table.write(kind, **body))

    def begin(self, game: str, options: dict[str, str], other: str) -> None:
        """The game on this board, its other seat played by the board ``other``."""
        start = get_game(game).new(options)
        here = [0] if self.me == HOST else [1]
        tags = {start.player_title(p): HUMAN if p in here else remote_seat(other)
                for p in range(2)}
        session = self.board.app.continue_game(start, [], tags)
        self.outbox.append(self.table.hello(self.name, game, options, here))
        self.follow(session.tags["Id"])

    def follow(self, game_id: str) -> None:
        self.relay = Relay(game_id, self.table, self.write, self.problems.append)

    @property
    def app(self) -> Any:
        return self.board.app

    @property
    def session(self) -> Any:
        assert self.relay is not None
        return self.app.game(self.relay.game_id)

    @property
    def screen(self) -> GameScreen[Any]:
        screen = self.app.current_game()
        assert isinstance(screen, GameScreen)
        return screen

    def step(self) -> None:
        session = None if self.relay is None else self.session
        if self.relay is not None and session is not None:
            self.relay.name_the_guest(self.app)
            self.relay.step(self.app, session, self.claimable, self.board.now)
            while (reveal := self.table.reveal_due()) is not None:
                self.outbox.append(reveal)
                self.relay.step(self.app, session, self.claimable, self.board.now)
        self.board.wait(0.5)  # animations end, saves are written


def exchange(a: Side, b: Side, rounds: int = 3) -> None:
    """Each board's messages to the other, and each relay's step, until all is said."""
    for _ in range(rounds):
        for sender, receiver in ((a, b), (b, a)):
            sender.step()
            mail, sender.outbox = sender.outbox, []
            for message in mail:
                receiver.table.take(sender.me, message)
            receiver.step()


def pair(tmp_path: Path, game: str, options: dict[str, str]) -> tuple[Side, Side]:
    anna, ben = Side(tmp_path / "anna", HOST, "Anna"), Side(tmp_path / "ben", GUEST, "Ben")
    anna.begin(game, options, "")
    exchange(anna, ben, 1)
    ben.begin(game, options, "Anna")
    exchange(anna, ben)
    return anna, ben


def play(side: Side, text: str) -> None:
    """A person here plays ``text`` (as a tap on its cell plays it)."""
    screen = side.screen
    assert screen.person_to_move(), side.app.describe(side.board.now)
    screen.play(screen.state.parse_move(text), side.board.now)


def test_moves_go_out_from_what_the_game_reports_and_come_in_as_values(tmp_path):
    anna, ben = pair(tmp_path, "kaskade", {"size": "4x4"})
    assert anna.session.tags["Black"] == "remote Ben", "the guest's seat named by command"
    play(anna, "a1")
    exchange(anna, ben)
    assert ben.session.moves == ["a1"]
    played = [h for h in ben.session.happenings if isinstance(h, Played)]
    assert played[-1].move == anna.session.state.moves[-1], "the value, parsed once"
    assert played[-1].player == 0, "Anna's seat, not Ben's: it does not go back out"
    assert [m.kind for m in ben.outbox] == []
    play(ben, "d4")
    exchange(anna, ben)
    assert anna.session.moves == ben.session.moves == ["a1", "d4"]
    assert not anna.problems
    assert not ben.problems


def test_take_backs_both_ways(tmp_path):
    anna, ben = pair(tmp_path, "kaskade", {"size": "4x4"})
    play(anna, "a1")
    exchange(anna, ben)
    play(ben, "d4")
    exchange(anna, ben)
    ben.screen.take_back(ben.board.now)  # Ben holds: asks Anna to take d4 back
    exchange(anna, ben)
    assert anna.table.undo_asked == (GUEST, 1)
    assert anna.session.moves == ["a1", "d4"], "nothing taken back before Anna agrees"
    anna.screen.take_back(anna.board.now)  # Anna holds: agrees
    exchange(anna, ben)
    assert anna.session.moves == ben.session.moves == ["a1"]
    play(ben, "c3")
    exchange(anna, ben)
    anna.screen.take_back(anna.board.now)  # now Anna asks
    exchange(anna, ben)
    ben.screen.take_back(ben.board.now)
    exchange(anna, ben)
    assert anna.session.moves == ben.session.moves == [], "back to Anna's last decision"
    assert anna.screen.person_to_move() is True
    assert ben.screen.person_to_move() is False


def test_resignation_and_claim_end_the_game_on_both(tmp_path):
    anna, ben = pair(tmp_path, "kaskade", {"size": "4x4"})
    play(anna, "a1")
    exchange(anna, ben)
    ben.app.resign()
    exchange(anna, ben)
    for side in (anna, ben):
        assert side.session.tags["Termination"] == "Black resigned"
        assert side.session.winner == 0
    (tmp_path / "again").mkdir()
    anna, ben = pair(tmp_path / "again", "kaskade", {"size": "4x4"})
    anna.claimable = True  # Ben's board has been away long enough
    anna.screen.take_back(anna.board.now)
    exchange(anna, ben)
    for side in (anna, ben):
        assert side.session.tags["Termination"] == "Ben's board left the game; Anna claimed it"
        assert side.session.winner == 0


def test_a_whole_game_with_chance_from_both_halves(tmp_path):
    anna, ben = pair(tmp_path, "big-balls", {})
    rng = random.Random(3)
    for _ in range(400):
        if anna.session.finished and ben.session.finished:
            break
        for side in (anna, ben):
            screen = side.screen
            if screen.person_to_move() and screen.state.to_move != CHANCE:
                play(side, screen.state.move_name(rng.choice(screen.state.legal_moves())))
        exchange(anna, ben)
        assert anna.session.moves[:len(ben.session.moves)] == ben.session.moves or \
            ben.session.moves[:len(anna.session.moves)] == anna.session.moves
    assert anna.session.finished
    assert ben.session.finished
    assert anna.session.moves == ben.session.moves
    assert anna.table.draws, "dice drawn from both halves"
    assert not anna.problems
    assert not ben.problems


def test_a_board_started_again_is_brought_together_from_its_saved_game_and_the_logs(tmp_path):
    anna, ben = pair(tmp_path, "kaskade", {"size": "4x4"})
    play(anna, "a1")
    exchange(anna, ben)
    play(ben, "d4")
    ben.board.wait(1.0)  # saved; the power goes before Ben's move is sent
    game_id = ben.session.tags["Id"]
    logs = (dict(anna.table.logs[HOST]), dict(ben.table.logs[GUEST]))
    again = Side(tmp_path / "ben", GUEST, "Ben")
    again.table.secret = ben.table.secret
    for side in (HOST, GUEST):
        for message in logs[side].values():
            again.table.take(side, message)
    again.follow(game_id)
    assert again.session.moves == ["a1", "d4"], "the saved game"
    exchange(anna, again)
    assert anna.session.moves == again.session.moves == ["a1", "d4"], "d4 went out"


def test_a_game_set_aside_catches_up_when_it_comes_back(tmp_path):
    anna, ben = pair(tmp_path, "kaskade", {"size": "4x4"})
    game_id = ben.session.tags["Id"]
    ben.app.new_game(get_game("cascades").new({"size": "3"}), {1: 1})
    play(anna, "a1")
    exchange(anna, ben)
    assert ben.app.game(game_id) is None
    assert "kaskade" in ben.app.waiting_games()
    ben.app.continue_waiting("kaskade")
    exchange(anna, ben)
    assert ben.session.moves == ["a1"], "the move made meanwhile, played when it came back"
    assert ben.screen.person_to_move()


def test_a_take_back_agreed_while_a_board_was_off_stays_taken_back(tmp_path):
    anna, ben = pair(tmp_path, "kaskade", {"size": "4x4"})
    play(anna, "a1")
    exchange(anna, ben)
    play(ben, "d4")
    exchange(anna, ben)
    ben.screen.take_back(ben.board.now)  # Ben asks to take d4 back, and his board goes off
    ben.step()
    for message in ben.outbox:
        anna.table.take(GUEST, message)
    anna.step()
    anna.screen.take_back(anna.board.now)  # Anna agrees while Ben's board is off
    anna.step()
    assert anna.session.moves == ["a1"]
    game_id = ben.session.tags["Id"]
    again = Side(tmp_path / "ben", GUEST, "Ben")
    again.table.secret = ben.table.secret
    for side, log in ((GUEST, ben.table.logs[GUEST]), (HOST, anna.table.logs[HOST])):
        for message in log.values():
            again.table.take(side, message)
    again.follow(game_id)
    assert again.session.moves == ["a1", "d4"], "the saved game, from before the take-back"
    exchange(anna, again)
    assert anna.session.moves == again.session.moves == ["a1"]
    assert again.screen.person_to_move()
