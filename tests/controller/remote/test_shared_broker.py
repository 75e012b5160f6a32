"""A broker shared with other users, against a real Mosquitto (TLS, passwords, the ACL of
docs/remote.md): Eve is a second user of the same broker, a real MQTT client with her own
credentials, who reads everything the ACL lets her read and writes everything it lets her
write. She cannot take the seat a board offers to whoever holds its invite code, cannot make
a board that types a code join her game instead, and what she sends ahead of a game is not
kept — nor is what a board's own credentials send ahead, beyond a window."""

from __future__ import annotations

import json
import secrets
import threading
from typing import Any

import paho.mqtt.client as mqtt
import pytest

from controller.bench.mosquitto import Mosquitto
from controller.remote.broker import client_for
from tests.support.remote_boards import WAIT, Board, start_game

pytestmark = pytest.mark.broker
WINDOW = 64
"""The most messages of a side a board keeps ahead of those it played."""
AHEAD = 30_000
"""Messages a side's credentials send ahead of the game."""


class Eve:
    """A user of the broker with credentials of her own (``eve``, or a board's stolen ones),
    subscribed to all of ``kaskade/#`` that the broker lets her read; ``react`` is told each
    message she hears (topic, payload) on paho's thread."""

    def __init__(self, broker: Mosquitto, user: str = "eve") -> None:
        self.user = user
        self.client = client_for(broker.settings(user), client_id=f"{user}-{secrets.token_hex(4)}")
        self.heard: dict[str, bytes] = {}
        self.answers: dict[int, str] = {}
        self.sent: list[int] = []
        self.changed = threading.Condition()
        self.react: Any = None
        connected = threading.Event()
        self.client.on_connect = lambda *args: connected.set()
        self.client.on_message = self._message
        self.client.on_publish = self._published
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()
        assert connected.wait(WAIT)

    def listen(self, pattern: str = "kaskade/#") -> None:
        self.client.subscribe(pattern, qos=1)

    def _message(self, client: Any, userdata: Any, message: mqtt.MQTTMessage) -> None:
        with self.changed:
            self.heard[message.topic] = bytes(message.payload)
            self.changed.notify_all()
        if self.react is not None:
            self.react(message.topic, bytes(message.payload))

    def _published(self, client: Any, userdata: Any, mid: int, reason: Any,
                   properties: Any) -> None:
        with self.changed:
            self.answers[mid] = str(reason)
            self.changed.notify_all()

    def send(self, topic: str, payload: bytes, retain: bool = True) -> str:
        """Publish at QoS 1; the broker's answer (``Success``, ``Not authorized``)."""
        mid = self.client.publish(topic, payload, qos=1, retain=retain).mid
        with self.changed:
            assert self.changed.wait_for(lambda: mid in self.answers, WAIT)
        return self.answers[mid]

    def publish(self, topic: str, payload: bytes, retain: bool = True) -> None:
        """Publish at QoS 1 without waiting (from ``react``, on paho's thread)."""
        self.sent.append(self.client.publish(topic, payload, qos=1, retain=retain).mid)

    def settled(self) -> list[str]:
        """Once the broker has answered everything published: its answers."""
        with self.changed:
            assert self.changed.wait_for(lambda: set(self.sent) <= set(self.answers), WAIT)
            return [self.answers[mid] for mid in self.sent]

    def wait_for(self, condition: Any, what: str) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: condition(self.heard), WAIT), what

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def annas_game(anna: Board) -> str:
    game = anna.until(lambda s: s["game"] is not None, "anna's game")["game"]
    assert isinstance(game, str)
    return game


def test_another_user_of_the_broker_cannot_take_the_seat_offered(
        boards: tuple[Board, Board], broker: Mosquitto) -> None:
    """Eve reads every game she can and says hello in the free seat of each (the first hello
    used to take it, within a second); the seat stays for whoever types the code."""
    anna, ben = boards
    eve = Eve(broker)
    tried: list[str] = []

    def take_the_free_seat(topic: str, payload: bytes) -> None:
        parts = topic.split("/")
        if len(parts) != 5 or parts[3:] != ["log", "1"] or parts[2] == "eve" or not payload:
            return
        hello = json.loads(payload)
        if hello.get("kind") != "hello" or parts[1] in tried:
            return
        tried.append(parts[1])
        eve.publish(f"kaskade/{parts[1]}/eve/log/1", json.dumps({
            "v": 1, "kind": "hello", "seq": 1, "ack": 1, "game": hello["game"],
            "options": hello["options"], "players": [1 - hello["players"][0]], "name": "Eve",
            "anchor": secrets.token_hex(32)}).encode())

    eve.react = take_the_free_seat
    eve.listen()
    try:
        code = anna.ask(do="offer", game="kaskade", options={"size": "4x4"}, here=[0])["code"]
        game = annas_game(anna)
        with eve.changed:
            assert eve.changed.wait_for(lambda: game in tried, WAIT), "eve saw the game"
        said = anna.until(lambda s: any("eve" in r for r in s["refusals"]) or
                          "remote Eve" in s["seats"].values(), "anna read eve's hello")
        assert "remote Eve" not in said["seats"].values(), "eve took the seat"
        assert any("eve" in r and "invite code" in r for r in said["refusals"])
        ben.ask(do="join", code=code)
        ben.until(lambda s: s["seats"] is not None and "remote Anna" in s["seats"].values(),
                  "ben joined anna's game")
        assert ben.state_now()["game"] == game
        anna.until(lambda s: "remote Ben" in s["seats"].values(), "anna sees ben")
        anna.ask(do="play", move="a1")
        ben.until(lambda s: s["moves"] == ["a1"], "the game goes on between anna and ben")
    finally:
        eve.close()


def test_an_invite_cannot_be_poisoned_by_another_user(
        boards: tuple[Board, Board], broker: Mosquitto) -> None:
    """Eve writes her game over every invite she sees (an invite used to be anyone's to write:
    a board that typed Anna's code joined Eve's game), offers one of her own and answers every
    request with a yes to her game — forged, and a second time replayed to another request.
    Ben types Anna's code and joins Anna's game; Eve's answers are refused, and the LEDs say
    why."""
    anna, ben = boards
    eve = Eve(broker)
    evil_game = secrets.token_hex(8)

    def poison(topic: str, payload: bytes) -> None:
        parts = topic.split("/")
        if len(parts) == 3 and parts[2] != "eve" and payload:
            eve.publish(topic, json.dumps({"v": 1, "game": evil_game, "host": "eve"}).encode())
        elif len(parts) == 5 and parts[3:] == ["to", "eve"] and payload:
            asked = json.loads(payload)
            for nonce in (asked["nonce"], secrets.token_hex(16)):  # forged, then replayed
                eve.publish(f"kaskade/invite/eve/to/{parts[2]}", json.dumps({
                    "v": 1, "kind": "answer", "nonce": nonce, "game": evil_game,
                    "proof": secrets.token_hex(32)}).encode(), retain=False)

    eve.react = poison
    eve.listen("kaskade/invite/#")
    try:
        assert eve.send("kaskade/invite/eve", json.dumps(
            {"v": 1, "kind": "offer", "salt": secrets.token_hex(16)}).encode()) == "Success"
        code = anna.ask(do="offer", game="kaskade", options={"size": "4x4"}, here=[0])["code"]
        game = annas_game(anna)
        eve.wait_for(lambda heard: any(topic == "kaskade/invite/anna" and payload
                                       for topic, payload in heard.items()), "eve saw invites")
        with eve.changed:  # her write over anna's invite has gone out
            assert eve.changed.wait_for(lambda: eve.sent, WAIT)
        answers = eve.settled()
        assert answers, "eve wrote over no invite"
        assert all("authorized" in answer for answer in answers), \
            f"the broker let eve write over anna's invite: {answers}"
        ben.ask(do="join", code=code)
        joined = ben.until(lambda s: s["game"] is not None and s["seats"] is not None,
                           "ben joined a game")
        assert joined["game"] == game, "ben joined eve's game"
        # her two answers come on one topic, so the board may see the later only (it
        # keeps the latest of a topic while its loop comes round): either is refused
        said = ben.until(lambda s: any("eve" in r for r in s["refusals"]), "ben refused eve")
        assert all("forged" in r or "replayed" in r for r in said["refusals"]), said["refusals"]
        assert {"invite refused: forged", "invite refused: replayed"} & set(said["announced"])
        anna.until(lambda s: "remote Ben" in s["seats"].values(), "anna sees ben")
    finally:
        eve.close()


def test_messages_sent_ahead_of_the_game_are_not_kept(
        boards: tuple[Board, Board], broker: Mosquitto) -> None:
    """Ben's credentials send 30,000 messages ahead of the game (each would wait for its
    turn, and the broker keeps them for every reconnect: 22,771 of them used to be kept, 13 MB):
    Anna's board keeps none beyond its window, also after a restart, and the game goes on."""
    anna, ben = boards
    start_game(anna, ben, "kaskade", {"size": "4x4"})
    game = annas_game(anna)
    anna.ask(do="play", move="a1")
    ben.until(lambda s: s["moves"] == ["a1"], "ben sees a1")
    flood = Eve(broker, "ben")
    try:
        for seq in range(20, 20 + AHEAD):
            flood.client.publish(f"kaskade/{game}/ben/log/{seq}", json.dumps(
                {"v": 1, "kind": "resign", "seq": seq, "ack": 2}).encode(), qos=1, retain=True)
        last = 20 + AHEAD - 1  # the broker has them all once it answered the last
        assert flood.send(f"kaskade/{game}/ben/log/{last}", json.dumps(
            {"v": 1, "kind": "resign", "seq": last, "ack": 2}).encode()) in (
            "Success", "No matching subscribers")  # nobody follows that far ahead
        # ben's move comes after the flood (the broker passes them on in order)
        ben.ask(do="play", move="d4")
        kept = anna.until(lambda s: s["moves"] == ["a1", "d4"], "anna sees d4")["kept"]
        assert kept[1] <= WINDOW, f"anna keeps {kept[1]} of ben's messages ahead of the game"
        anna.kill()
        anna.start()
        kept = anna.until(lambda s: s["moves"] == ["a1", "d4"] and s["mine"],
                          "anna back in the game")["kept"]
        assert kept[1] <= WINDOW, f"after a restart anna keeps {kept[1]} of ben's messages"
        anna.ask(do="play", move="b1")
        ben.until(lambda s: s["moves"] == ["a1", "d4", "b1"], "the game goes on")
    finally:
        flood.close()
