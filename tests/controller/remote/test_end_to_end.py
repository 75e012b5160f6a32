"""Two board apps play through a real Mosquitto on loopback with TLS, passwords and an ACL:
a Kaskade game and a Big Balls game to the end; one board killed mid-game and started again,
the broker restarted mid-game, and the game goes on from where it was; a forged move, a move
for the other seat, a replayed message, a 1 MB payload, a wrong password and a topic outside
the ACL are all refused, and neither game changes."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from controller.bench.mosquitto import Mosquitto
from controller.remote.broker import BrokerError, check, client_for
from tests.support.remote_boards import WAIT, Board, play_one, play_to_the_end, start_game

pytestmark = pytest.mark.broker


def test_a_game_offered_and_joined_by_touch(boards: tuple[Board, Board], tmp_path: Path) -> None:
    """Anna touches the remote pad of Big Balls' players screen and the offer tile; the code
    scrolls on her LEDs; Ben types it on his digit pads."""
    anna, ben = boards
    for board in boards:
        board.ask(do="players", game="big-balls")
        board.until(lambda s: "the pink pad above it" in s["words"], "the remote pad shows")
    anna.ask(do="png", path=str(tmp_path / "players-screen.png"))
    for board in boards:
        board.ask(do="tap", column=7, row=4)  # above the colour pad of an 8x8 board
    anna.ask(do="png", path=str(tmp_path / "remote-screen.png"))
    assert "offer a game" in anna.state_now()["words"]
    anna.ask(do="tap", column=7, row=7)  # the offer tile, top right (row 0 is the bottom)
    words = anna.until(lambda s: "invite code" in s["words"], "the code shows")["words"]
    code = words.split("invite code ")[1][:6]
    assert "a pairing code for the people at the board" in words  # the LEDs: the web hides it
    for digit in code:
        ben.ask(do="tap", column=int(digit) % 5, row=int(digit) // 5)
    assert f"looking up the invite code {code}" in ben.state_now()["words"]
    ben.until(lambda s: s["seats"] is not None and "remote Anna" in s["seats"].values(),
              "ben joined")
    anna.until(lambda s: "remote Ben" in s["seats"].values(), "anna sees ben")
    assert (tmp_path / "remote-screen.png").stat().st_size > 0


def test_take_back_on_request_resign_and_claim(broker: Mosquitto, tmp_path: Path) -> None:
    """A hold asks the other board to take back; a hold there agrees. Resigning ends the game
    on both. A board away longer than the claim time lets the other claim the game."""
    anna = Board(tmp_path / "anna", broker.settings("anna"), {"CLAIM_SECONDS": "2"})
    ben = Board(tmp_path / "ben", broker.settings("ben"))
    try:
        start_game(anna, ben, "kaskade", {"size": "4x4"})
        anna.ask(do="play", move="a1")
        ben.until(lambda s: s["moves"] == ["a1"], "ben sees a1")
        ben.ask(do="play", move="d4")
        anna.until(lambda s: s["moves"] == ["a1", "d4"], "anna sees d4")
        ben.ask(do="hold")  # ben asks to take d4 back
        anna.until(lambda s: "Ben asks to take back" in s["words"], "anna is asked")
        assert anna.state_now()["moves"] == ["a1", "d4"]  # nothing taken back yet
        anna.ask(do="hold")  # anna agrees
        for board in (anna, ben):
            board.until(lambda s: s["moves"] == ["a1"], "d4 taken back on both")
        ben.ask(do="play", move="c3")
        anna.until(lambda s: s["moves"] == ["a1", "c3"], "anna sees c3")
        anna.ask(do="hold")  # anna asks to take a1 … c3 back
        ben.until(lambda s: "Anna asks to take back" in s["words"], "ben is asked")
        anna.ask(do="play", move="b1")  # playing on withdraws the request
        ben.until(lambda s: s["moves"] == ["a1", "c3", "b1"], "ben sees b1")
        assert "asks to take back" not in ben.state_now()["words"]

        ben.kill()  # ben's board goes away; after the claim time anna may claim
        anna.until(lambda s: "hold a pad to claim the game" in s["words"], "claimable")
        anna.ask(do="hold")
        final = anna.until(lambda s: s["finished"], "anna claimed")
        assert final["result"] == "white"
        assert "Ben's board left the game; Anna claimed it" in final["termination"]
        ben.start()
        ben_final = ben.until(lambda s: s["finished"], "ben learns of the claim")
        assert ben_final["termination"] == final["termination"]
    finally:
        anna.close()
        ben.close()


def test_a_second_offer_or_join_during_a_game_and_a_bad_code_are_refused(
        boards: tuple[Board, Board]) -> None:
    anna, ben = boards
    assert "six digits" in ben.refused(do="join", code="12345")
    start_game(anna, ben, "kaskade", {"size": "4x4"})
    assert "under way" in anna.refused(do="offer", game="kaskade", options={"size": "4x4"},
                                       here=[0])
    assert "in a remote game already" in ben.refused(do="join", code="123456")
    assert "a1" in anna.ask(do="state")["legal"]  # the game goes on


def test_resignation_ends_the_game_on_both_boards(boards: tuple[Board, Board]) -> None:
    anna, ben = boards
    start_game(anna, ben, "big-balls", {})
    ben.until(lambda s: s["mine"] or anna.state_now()["mine"], "somebody to move")
    seats = anna.state_now()["seats"]
    annas = next(colour for colour, seat in seats.items() if seat == "human")
    bens = next(colour for colour in seats if colour != annas)
    ben.ask(do="resign")
    for board in boards:
        final = board.until(lambda s: s["finished"], "the game over")
        assert final["result"] == annas
        assert final["termination"] == f"{bens.capitalize()} resigned"


def test_two_boards_play_kaskade_to_the_end_with_a_board_killed_midway(
        boards: tuple[Board, Board]) -> None:
    anna, ben = boards
    start_game(anna, ben, "kaskade", {"size": "4x4"})

    def midway(ply: int) -> None:
        if ply == 4:
            before = ben.state_now()["moves"]
            ben.kill()
            anna.until(lambda s: "waiting for Ben's board" in s["words"], "anna waits for ben")
            ben.start()
            ben.until(lambda s: s["moves"] == before, "ben back where it was")
            anna.until(lambda s: "waiting for" not in s["words"], "anna sees ben back")

    final = play_to_the_end(boards, random.Random(4), midway)
    assert final["finished"]
    assert not anna.state_now()["refusals"]
    assert not ben.state_now()["refusals"]


def test_two_boards_play_big_balls_to_the_end_through_a_broker_restart(
        boards: tuple[Board, Board], broker: Mosquitto) -> None:
    anna, ben = boards
    start_game(anna, ben, "big-balls", {})

    def midway(ply: int) -> None:
        if ply == 6:
            broker.stop()
            said = anna.until(lambda s: "cannot be reached" in s["words"], "the broker gone")
            assert f"the broker at 127.0.0.1:{broker.port} cannot be reached" in said["words"]
            broker.start()

    final = play_to_the_end(boards, random.Random(7), midway)
    assert final["finished"]
    assert not anna.state_now()["refusals"]


class Intruder:
    """A client of the broker with a board's credentials, outside any board app: what a
    cheating board, or someone who has a board's password, can send."""

    def __init__(self, broker: Mosquitto, user: str, password: str | None = None) -> None:
        self.client = client_for(broker.settings(user, password))
        self.answers: dict[int, str] = {}
        self.answered = threading.Condition()
        self.connected = threading.Event()
        self.lost = threading.Event()
        self.retained: dict[str, bytes] = {}

        def published(client: Any, userdata: Any, mid: int, reason: Any, props: Any) -> None:
            with self.answered:
                self.answers[mid] = str(reason)
                self.answered.notify_all()

        self.client.on_publish = published
        self.client.on_connect = lambda *args: self.connected.set()
        def lost(*args: Any) -> None:
            with self.answered:
                self.lost.set()
                self.answered.notify_all()

        self.client.on_disconnect = lost
        self.client.on_message = lambda c, u, message: self.retained.__setitem__(
            message.topic, bytes(message.payload))
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()
        assert self.connected.wait(WAIT)

    def send(self, topic: str, payload: bytes) -> str:
        """Publish at QoS 1; the broker's answer (``Success``, ``Not authorized`` …)."""
        mid = self.client.publish(topic, payload, qos=1, retain=True).mid
        with self.answered:
            assert self.answered.wait_for(lambda: mid in self.answers or self.lost.is_set(),
                                          WAIT)
        return self.answers.get(mid, "connection closed by the broker")

    def read(self, pattern: str, count: int) -> dict[str, bytes]:
        """The retained messages under ``pattern`` (at least ``count`` of them)."""
        self.client.subscribe(pattern, qos=1)
        deadline = time.monotonic() + WAIT
        while len(self.retained) < count:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        return dict(self.retained)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def test_forged_replayed_oversize_and_unauthorised_messages_change_nothing(
        boards: tuple[Board, Board], broker: Mosquitto) -> None:
    anna, ben = boards
    start_game(anna, ben, "kaskade", {"size": "4x4"})
    rng = random.Random(2)
    while len(anna.state_now()["moves"]) < 3:
        play_one(boards, rng)
    ben.until(lambda s: s["mine"], "ben to move")
    moves = anna.state_now()["moves"]
    game_id = json.loads((anna.directory / "remote-game.json").read_text())["game_id"]

    # ben's credentials (a cheating board): its log as the broker keeps it
    cheat = Intruder(broker, "ben")
    logs = cheat.read(f"kaskade/{game_id}/+/log/+", 1 + 2 + 1 + 1)
    ben_log = {int(t.rsplit("/", 1)[1]): json.loads(p) for t, p in logs.items()
               if "/ben/" in t}
    anna_count = sum(1 for t in logs if "/anna/" in t)
    seq = max(ben_log) + 1

    def ben_says(**body: Any) -> str:
        payload = json.dumps({"v": 1, "seq": seq, "ack": anna_count, **body}).encode()
        return cheat.send(f"kaskade/{game_id}/ben/log/{seq}", payload)

    def refused(board: Board, count: int, what: str) -> None:
        board.until(lambda s: len(s["refusals"]) >= count, f"{what} refused")
        assert board.state_now()["moves"] == moves

    assert ben_says(kind="move", ply=3, move=moves[0]) == "Success"  # an occupied cell
    refused(anna, 1, "a forged move")
    assert "a1" in anna.state_now()["refusals"][-1] or moves[0] in \
        anna.state_now()["refusals"][-1]
    assert "not written by it" in ben.until(lambda s: s["refusals"], "ben")["refusals"][-1]
    assert ben_says(kind="move", ply=2, move=moves[2]) == "Success"  # replayed, a new number
    refused(anna, 2, "a replayed move under a new number")
    assert "for ply 2; the game is at ply 3" in anna.state_now()["refusals"][-1]
    first = min(ben_log)
    assert cheat.send(f"kaskade/{game_id}/ben/log/{first}",  # replayed as it was: ignored
                      json.dumps(ben_log[first]).encode()) == "Success"
    # a move for anna's seat: ben's board makes a move, then ben's credentials a second one
    state = ben.state_now()
    ben.ask(do="play", move=state["legal"][0])
    anna.until(lambda s: len(s["moves"]) == 4, "ben's real move arrives")
    moves = anna.state_now()["moves"]
    seq += 1
    legal_for_anna = anna.state_now()["legal"]
    assert ben_says(kind="move", ply=4, move=legal_for_anna[0]) == "Success"
    refused(anna, 3, "a move for the other seat")
    assert "does not hold" in anna.state_now()["refusals"][-1]

    # a topic outside the ACL: ben writing into anna's log, eve into ben's
    assert cheat.send(f"kaskade/{game_id}/anna/log/50", json.dumps(
        {"v": 1, "kind": "resign", "seq": 50, "ack": 0}).encode()) == "Not authorized"
    eve = Intruder(broker, "eve")
    assert eve.send(f"kaskade/{game_id}/ben/log/50", b"{}") == "Not authorized"
    assert eve.send(f"kaskade/{game_id}/eve/log/1", json.dumps(  # allowed, but not in the game
        {"v": 1, "kind": "resign", "seq": 1, "ack": 0}).encode()) == "Success"
    refused(anna, 4, "a board not in the game")
    assert "eve, a board not in this game" in anna.state_now()["refusals"][-1]
    eve.close()

    # a payload of 1 MB: the broker closes the connection, nothing arrives
    assert cheat.send(f"kaskade/{game_id}/ben/log/{seq + 1}", b"x" * 1024 * 1024) == \
        "connection closed by the broker"
    cheat.close()

    # a wrong password: refused at the door
    with pytest.raises(BrokerError, match="refused this board"):
        check(broker.settings("ben", "not-bens-password"))

    for board in boards:
        assert board.state_now()["moves"] == moves
    final = play_to_the_end(boards, rng)  # and the game goes on to its end
    assert final["finished"]
