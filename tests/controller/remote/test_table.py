"""The game between two boards: both tables come to the same game from the same two logs,
whatever order the messages arrive in and however often; a move that is illegal, out of turn,
for the other seat or stale, and a second message under a used number, are refused and change
nothing; undo needs the other side's yes; a table rebuilt from the logs alone is the same."""

from __future__ import annotations

import json
import random
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import CHANCE
from controller.remote.messages import Message, decode
from controller.remote.table import GUEST, HOST, MAX_REFUSALS, WINDOW, Table, TableError


class Pair:
    """A host and a guest table, each message written by one delivered to the other when
    ``deliver`` says so (in order, or shuffled, or twice)."""

    def __init__(self, game: str, options: dict[str, str], host_players: list[int],
                 guest_secret: bytes = b"g" * 32) -> None:
        self.host = Table("game1", HOST, b"h" * 32)
        self.guest = Table("game1", GUEST, guest_secret)
        self.outbox: list[tuple[int, Message]] = []
        self.send(HOST, self.host.hello("Anna", game, options, host_players))
        self.deliver()
        guest_players = [p for p in range(2) if p not in host_players]
        self.send(GUEST, self.guest.hello("Ben", game, options, guest_players))
        self.deliver()

    def table(self, side: int) -> Table:
        return self.host if side == HOST else self.guest

    def send(self, side: int, message: Message) -> None:
        self.outbox.append((side, message))

    def deliver(self, rng: random.Random | None = None) -> None:
        mail, self.outbox = self.outbox, []
        if rng is not None:
            mail = mail + rng.sample(mail, len(mail) // 2)  # duplicates too
            rng.shuffle(mail)
        for side, message in mail:
            self.table(1 - side).take(side, message)

    def step(self, rng: random.Random, shuffle: bool = False) -> None:
        """The side the game waits for acts: reveals its half or plays a random legal move."""
        for table in (self.host, self.guest):
            reveal = table.reveal_due()
            if reveal is not None:
                self.send(table.me, reveal)
        state = self.host.state
        assert state is not None
        if state.to_move != CHANCE and not self.host.finished and self.host.names == \
                self.guest.names:
            side = self.host.side_of(state.to_move)
            assert side is not None
            table = self.table(side)
            move = rng.choice(table.state.legal_moves())  # type: ignore[union-attr]
            self.send(side, table.move(table.state.move_name(move)))  # type: ignore[union-attr]
        self.deliver(rng if shuffle else None)

    def play_out(self, rng: random.Random, shuffle: bool = False) -> None:
        for _ in range(2000):
            if self.host.finished and self.guest.finished:
                break
            self.step(rng, shuffle)
        assert self.host.finished
        assert self.guest.finished


@pytest.mark.parametrize(("game", "options"), [("kaskade", {"size": "4x4"}),
                                          ("big-balls", {}), ("colliding-circles", {})])
def test_two_tables_play_a_game_to_the_end_and_agree(game: str, options: dict[str, str]
                                                     ) -> None:
    pair = Pair(game, options, [0])
    pair.play_out(random.Random(1))
    assert pair.host.names == pair.guest.names
    assert pair.host.state.position() == pair.guest.state.position()  # type: ignore[union-attr]
    assert not pair.host.refusals
    assert not pair.guest.refusals


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_shuffled_and_repeated_delivery_comes_to_the_same_game(seed: int) -> None:
    pair = Pair("big-balls", {}, [1])
    pair.play_out(random.Random(seed), shuffle=True)
    assert pair.host.names == pair.guest.names
    assert not pair.host.refusals
    assert not pair.guest.refusals
    rebuilt = Table("game1", HOST, b"h" * 32)
    while True:  # the logs alone, as the broker keeps them, in any order: read again as
        # long as the window moves (the link asks the broker for the window's numbers)
        before = list(rebuilt.played)
        for side in (GUEST, HOST):
            for message in sorted(pair.host.logs[side].values(), key=lambda m: -m.seq):
                rebuilt.take(side, message)
        if rebuilt.played == before:
            break
    assert rebuilt.names == pair.host.names
    assert rebuilt.finished
    assert all("not kept" in refusal.reason for refusal in rebuilt.refusals)


def test_the_dice_depend_on_both_secrets() -> None:
    deals = []
    for guest_secret in (b"g" * 32, b"G" * 32):
        pair = Pair("big-balls", {}, [0], guest_secret)
        pair.step(random.Random(0))
        deals.append(pair.host.names)
        assert pair.host.names == pair.guest.names
    assert deals[0]
    assert deals[0] != deals[1]


def kaskade_pair() -> Pair:
    return Pair("kaskade", {"size": "4x4"}, [0])


def test_a_refused_message_changes_nothing_and_says_why() -> None:
    pair = kaskade_pair()
    host, guest = pair.host, pair.guest
    assert host.side_of(host.state.turn_player()) == HOST  # type: ignore[union-attr]
    pair.send(HOST, host.move("a1"))
    pair.deliver()
    position = host.state.position()  # type: ignore[union-attr]

    def forged(ply: int, move: str) -> str:
        """The guest's log gains a move the host's table must refuse; its reason."""
        seq = len(host.logs[GUEST]) + 1
        host.take(GUEST, Message("move", seq, host.played[HOST], {"ply": ply, "move": move}))
        assert host.state.position() == position  # type: ignore[union-attr]
        return host.refusals[-1].reason

    assert "for ply 0; the game is at ply 1" in forged(0, "b2")  # stale: replayed with a
    assert "a1" in forged(1, "a1")  # an occupied cell                   new number
    assert forged(1, "z99")  # off the board
    assert forged(1, "nonsense")
    assert len(host.logs[GUEST]) == 1  # all dropped: the number is free for the guest's own
    pair.send(GUEST, guest.move("d4"))
    pair.deliver()
    seq = len(host.logs[GUEST]) + 1
    host.take(GUEST, Message("move", seq, host.played[HOST], {"ply": 2, "move": "c3"}))
    assert "does not hold" in host.refusals[-1].reason  # the host's seat is to move
    assert host.names == ["a1", "d4"]


def test_a_replayed_message_is_ignored_and_a_changed_one_refused() -> None:
    pair = kaskade_pair()
    mover = pair.host if pair.host.side_of(pair.host.state.turn_player()) == HOST \
        else pair.guest  # type: ignore[union-attr]
    other = pair.guest if mover is pair.host else pair.host
    message = mover.move("b2")
    assert other.take(mover.me, message)
    assert not other.take(mover.me, message)  # the same again: ignored
    changed = Message("move", message.seq, message.ack, {"ply": 0, "move": "c3"})
    assert not other.take(mover.me, changed)
    assert "already used" in other.refusals[-1].reason
    assert other.names == ["b2"]


def test_undo_needs_the_other_sides_yes() -> None:
    pair = kaskade_pair()
    rng = random.Random(3)
    for _ in range(4):
        pair.step(rng)
    names = list(pair.host.names)
    with pytest.raises(TableError, match="nobody made"):
        pair.guest.write("undo-yes", to=3)
    pair.send(HOST, pair.host.write("undo", to=3))
    pair.deliver()
    assert pair.guest.undo_asked == (HOST, 3)
    assert pair.guest.names == names
    pair.send(GUEST, pair.guest.write("undo-no", to=3))
    pair.deliver()
    assert pair.host.names == names
    assert pair.host.undo_asked is None
    pair.send(HOST, pair.host.write("undo", to=2))
    pair.deliver()
    pair.send(GUEST, pair.guest.write("undo-yes", to=2))
    pair.deliver()
    assert pair.host.names == pair.guest.names == names[:2]
    pair.send(HOST, pair.host.write("undo", to=1))
    pair.step(rng)  # the host, to move, plays on: its request is withdrawn on both
    assert pair.host.undo_asked is None
    assert pair.guest.undo_asked is None


def test_an_undo_past_a_die_draws_the_same_die_again() -> None:
    pair = Pair("big-balls", {}, [0])
    rng = random.Random(5)
    while len(pair.host.names) < 8:
        pair.step(rng)
    names = list(pair.host.names)
    chance_plies = [ply for ply in range(len(names)) if ply in pair.host.halves]
    back_to = chance_plies[-1]
    pair.send(GUEST, pair.guest.write("undo", to=back_to))
    pair.deliver()
    drawn = list(pair.host.draws)
    assert drawn == chance_plies  # every chance step of the game, and nothing else
    pair.send(HOST, pair.host.write("undo-yes", to=back_to))
    pair.deliver()
    assert pair.host.names == pair.guest.names == names[:back_to + 1]
    assert pair.host.draws == pair.guest.draws == drawn  # the die at back_to drawn again
    pair.send(GUEST, pair.guest.write("undo", to=back_to - 1))
    pair.deliver()
    pair.send(HOST, pair.host.write("undo-yes", to=back_to - 1))
    pair.deliver()
    assert pair.host.draws == drawn[:-1]  # taken back to before the throw: no die


def test_resignation_ends_the_game_for_both() -> None:
    pair = kaskade_pair()
    pair.send(GUEST, pair.guest.write("resign"))
    pair.deliver()
    assert pair.host.resigned == pair.guest.resigned == GUEST
    assert pair.host.finished
    with pytest.raises(TableError, match="over"):
        pair.host.move("a1")


def test_each_side_says_it_has_the_end_only_once_the_game_is_over() -> None:
    pair = kaskade_pair()
    with pytest.raises(TableError, match="it is not"):
        pair.host.write("end")
    pair.send(GUEST, pair.guest.write("resign"))
    pair.send(GUEST, pair.guest.write("end"))
    pair.deliver()
    assert pair.host.ended == [False, True]
    pair.send(HOST, pair.host.write("end"))
    pair.deliver()
    assert pair.host.ended == pair.guest.ended == [True, True]


def test_a_guest_who_names_another_game_is_refused() -> None:
    host = Table("game1", HOST, b"h" * 32)
    guest = Table("game1", GUEST, b"g" * 32)
    guest.take(HOST, host.hello("Anna", "kaskade", {"size": "4x4"}, [0]))
    with pytest.raises(TableError, match="another game"):
        guest.hello("Ben", "kaskade", {"size": "6x6"}, [1])
    with pytest.raises(TableError, match="seats"):
        guest.hello("Ben", "kaskade", {"size": "4x4"}, [0])
    host.take(GUEST, guest.hello("Ben", "kaskade", {"size": "4x4"}, [1]))
    assert host.joined
    assert host.seats[GUEST].name == "Ben"


def test_messages_beyond_the_window_are_refused_and_not_kept() -> None:
    """Thousands sent ahead of the game cost the board at most the window's messages; the
    game goes on, and one played moves the window on."""
    pair = kaskade_pair()
    host, guest = pair.host, pair.guest
    pair.send(HOST, host.move("a1"))
    pair.deliver()
    ahead = len(host.logs[GUEST]) + 2  # a gap: none of them can be played
    for seq in range(ahead, ahead + 3000):
        host.take(GUEST, Message("resign", seq, 1))
    kept = len(host.logs[GUEST]) - host.played[GUEST]
    assert kept == WINDOW - 1  # the numbers up to the window's end, after the gap
    assert host.refused == 3000 - kept
    assert len(host.refusals) == MAX_REFUSALS  # the latest refusals, counted in all
    assert "not kept" in host.refusals[-1].reason
    assert [r.seq for r in host.refusals_since(host.refused - 2)] == [ahead + 2998, ahead + 2999]
    pair.send(GUEST, guest.move("d4"))  # the guest's own next message fills the gap: the
    pair.deliver()  # resignation waiting after it is played, the window moves on
    assert host.names == ["a1", "d4"]
    assert host.resigned == GUEST


@pytest.mark.parametrize("repeat", ["end", "reveal", "undo"])
def test_a_side_cannot_grow_its_log_without_the_game(repeat: str) -> None:
    """What would only say again what a side said is refused: a log grows as the game does."""
    if repeat == "reveal":
        pair = Pair("big-balls", {}, [0])
        rng = random.Random(2)
        while pair.host.state.to_move != CHANCE:  # type: ignore[union-attr]
            pair.step(rng)
        half = pair.guest.reveal_due()
        assert half is not None
        again = Message("reveal", half.seq + 1, half.ack, dict(half.body))
        reason = "a second half"
    else:
        pair = kaskade_pair()
        if repeat == "end":
            pair.send(HOST, pair.host.write("resign"))
            pair.deliver()
            half = pair.guest.write("end")
            reason = "again that the game is over"
        else:
            pair.send(HOST, pair.host.move("a1"))
            pair.deliver()
            half = pair.guest.write("undo", to=0)
            reason = "is open"
        again = Message(repeat, half.seq + 1, half.ack, dict(half.body))
    pair.host.take(GUEST, half)
    count = len(pair.host.logs[GUEST])
    pair.host.take(GUEST, again)
    assert reason in pair.host.refusals[-1].reason
    assert len(pair.host.logs[GUEST]) == count


def test_the_memory_a_game_keeps_of_messages_ahead_is_bounded() -> None:
    """30,000 messages sent ahead of the game, each as large as a move may be: what the table
    keeps of them stays within the window's worth, measured (docs/remote.md gives the
    figure)."""
    pair = kaskade_pair()
    host = pair.host
    ahead = len(host.logs[GUEST]) + 2  # a gap: none of them can be played
    flood = [json.dumps({"v": 1, "kind": "move", "seq": seq, "ack": 1, "ply": 4000,
                         "move": "x" * 32}).encode() for seq in range(ahead, ahead + 30_000)]
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        for payload in flood:  # as the link takes them: decoded, then to the table
            host.take(GUEST, decode(payload))
        grown = sum(stat.size_diff for stat in
                    tracemalloc.take_snapshot().compare_to(before, "filename"))
    finally:
        tracemalloc.stop()
    assert len(host.logs[GUEST]) - host.played[GUEST] == WINDOW - 1
    assert grown < 64 * 1024, f"{grown} bytes kept for 30,000 messages ahead"
