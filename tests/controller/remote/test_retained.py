"""What the broker keeps of a game, against a real Mosquitto: the offering board's view only
while a page looks (a page's presence says so) and from the moment one comes; nothing at all
once a game has ended — both boards clear their part when each knows the other has the end —
or once a board left it unfinished for another game (the other board then ends it as left)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from controller.bench.mosquitto import Mosquitto
from tests.support.remote_boards import (
    WAIT,
    Board,
    BrokerClient,
    forgot,
    play_to_the_end,
    start_game,
)

pytestmark = pytest.mark.broker


def game_of(board: Board) -> str:
    game = board.state_now()["game"]
    assert isinstance(game, str)
    return game


def test_the_view_only_while_a_page_looks(boards: tuple[Board, Board],
                                          broker: Mosquitto) -> None:
    anna, ben = boards
    start_game(anna, ben, "kaskade", {"size": "4x4"})
    game = game_of(anna)
    anna.ask(do="play", move="a1")
    ben.until(lambda s: s["moves"] == ["a1"], "ben sees a1")
    eve = BrokerClient(broker, "eve")
    try:
        assert not [topic for topic in eve.kept(game) if topic.endswith("/view")]
        # a watcher's page comes: its presence says it is a page; the view follows at once
        watcher = BrokerClient(broker, "watcher")
        presence = f"kaskade/{game}/watcher/presence"
        view = f"kaskade/{game}/anna/view"
        watcher.client.subscribe(view, qos=1)
        watcher.client.publish(presence, b'{"v":1,"online":true,"page":true}', qos=1,
                               retain=True).wait_for_publish(WAIT)
        watcher.wait_for(lambda heard: any(topic == view and payload
                                           for topic, payload, _ in heard), "the view")
        first = json.loads(next(p for t, p, _ in watcher.heard if t == view and p))
        assert (first["ply"], first["last"]) == (1, "a1")
        ben.ask(do="play", move="d4")  # and each change while it looks
        watcher.wait_for(lambda heard: any(topic == view and payload and json.loads(payload)[
            "ply"] == 2 for topic, payload, _ in heard), "the view after d4")
        assert view in eve.kept(game)
        # the page goes (its will, or its leave): the view kept is cleared
        watcher.client.publish(presence, b'{"v":1,"online":false}', qos=1,
                               retain=True).wait_for_publish(WAIT)
        watcher.wait_for(lambda heard: heard[-1] == (view, b"", False), "the view cleared")
        assert view not in eve.kept(game)
        watcher.client.publish(presence, b"", qos=1, retain=True).wait_for_publish(WAIT)
        watcher.close()
    finally:
        eve.close()


def test_nothing_is_kept_once_a_game_ended(boards: tuple[Board, Board],
                                          broker: Mosquitto) -> None:
    anna, ben = boards
    start_game(anna, ben, "kaskade", {"size": "4x4"})
    game = game_of(anna)
    eve = BrokerClient(broker, "eve")
    try:
        during = eve.kept(game)
        assert f"kaskade/{game}/anna/log/1" in during
        assert f"kaskade/{game}/ben/presence" in during
        final = play_to_the_end(boards, random.Random(5))
        assert final["finished"]
        for board in boards:
            board.until(forgot, "the board forgot the game and cleared its part")
        assert not (anna.directory / "remote-game.json").exists()
        assert eve.kept(game) == {}
        for board in boards:  # the result stays on the boards
            assert board.state_now()["result"] == final["result"]
    finally:
        eve.close()


def test_a_game_claimed_while_the_other_board_was_away_is_cleared_when_it_comes_back(
        broker: Mosquitto, tmp_path: Path) -> None:
    anna = Board(tmp_path / "anna", broker.settings("anna"), {"CLAIM_SECONDS": "1"})
    ben = Board(tmp_path / "ben", broker.settings("ben"))
    eve = BrokerClient(broker, "eve")
    try:
        start_game(anna, ben, "kaskade", {"size": "4x4"})
        game = game_of(anna)
        anna.ask(do="play", move="a1")
        ben.until(lambda s: s["moves"] == ["a1"], "ben sees a1")
        ben.kill()
        anna.until(lambda s: "hold a pad to claim the game" in s["words"], "claimable")
        anna.ask(do="hold")
        anna.until(lambda s: s["finished"], "anna claimed")
        assert anna.state_now()["game"] == game  # kept until ben has the end
        assert f"kaskade/{game}/anna/log/1" in eve.kept(game)
        ben.start()
        ben.until(lambda s: s["finished"] and forgot(s), "ben has the end")
        anna.until(forgot, "anna forgot the game")
        assert eve.kept(game) == {}
    finally:
        eve.close()
        anna.close()
        ben.close()


def test_a_game_left_for_another_is_cleared_and_ends_as_left(
        boards: tuple[Board, Board], broker: Mosquitto) -> None:
    anna, ben = boards
    start_game(anna, ben, "kaskade", {"size": "4x4"})
    game = game_of(anna)
    anna.ask(do="play", move="a1")
    ben.until(lambda s: s["moves"] == ["a1"], "ben sees a1")
    anna.ask(do="local", game="big-balls")  # the remote game waits, unfinished
    code = anna.ask(do="offer", game="kaskade", options={"size": "4x4"}, here=[0])["code"]
    assert code
    final = ben.until(lambda s: s["finished"], "ben's game ends")
    assert final["termination"] == "Anna's board left the game"
    assert final["result"] == "black"
    ben.until(forgot, "ben forgot the game")
    anna.until(lambda s: not s["clearing"], "anna cleared the game it left")
    eve = BrokerClient(broker, "eve")
    try:
        assert eve.kept(game) == {}
        assert game_of(anna) != game  # anna's new game is on
    finally:
        eve.close()
