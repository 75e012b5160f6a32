"""The view the offering board publishes for a page: the guest's legal moves, and the pads a
tap on which plays each, only on the guest's turn (never advice), the numbers its next message
must carry, the last refusal of the guest's with why, and the end in words; and a WebSocket
address for pages is checked before it reaches the page's content policy."""

from __future__ import annotations

import json
from typing import Any

import pytest

from controller.remote.config import BrokerSettings, RemoteSetupError
from controller.remote.messages import Message
from controller.remote.table import GUEST, HOST, Table
from controller.remote.view import view

SIZE = {"columns": 8, "rows": 8, "per_pad": 1, "led_width": 8, "led_height": 8}


def seen(table: Table) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(view(table, bytes(3 * 64), SIZE))
    return data


def game() -> Table:
    """Anna's board (White) has offered Kaskade 3x3 and a page took Black."""
    table = Table("0123456789abcdef", HOST, b"h" * 32)
    table.hello("Anna", "kaskade", {"size": "3x3"}, [0])
    table.take(GUEST, Message("hello", 1, 1, {"game": "kaskade", "options": {"size": "3x3"},
                                              "players": [1], "name": "Ben",
                                              "anchor": "ab" * 32}))
    return table


def test_the_guests_moves_only_on_its_turn_and_the_numbers_its_next_message_carries() -> None:
    table = game()
    first = seen(table)
    assert first["waiting"] == "host"
    assert first["legal"] == []
    assert first["seats"]["guest"] == {"name": "Ben", "players": [1]}
    assert (first["next"], first["ack"], first["ply"]) == (2, 1, 0)
    assert first["chance"] is False
    assert len(first["leds"]) == 6 * 64
    table.move("b2")
    second = seen(table)
    assert second["waiting"] == "guest"
    assert second["to_move"] == "black"
    assert "b2" not in second["legal"]
    assert len(second["legal"]) == 8
    assert (second["next"], second["ack"], second["ply"], second["last"]) == (2, 2, 1, "b2")


def test_the_pads_that_play_the_guests_moves_only_on_its_turn() -> None:
    table = game()
    pads = {"a1": [0], "b2": [9], "c3": [18]}
    assert json.loads(view(table, bytes(3 * 64), SIZE, pads))["taps"] == {}  # the host's turn
    table.move("b2")
    taps = json.loads(view(table, bytes(3 * 64), SIZE, pads))["taps"]
    assert taps == {"a1": [0], "c3": [18]}  # b2 is taken: never a move the rules refuse


def test_a_refused_move_of_the_guest_is_in_the_view_with_why() -> None:
    table = game()
    table.move("b2")
    table.take(GUEST, Message("move", 2, 2, {"ply": 1, "move": "b2"}))
    refused = seen(table)["refused"]
    assert refused["seq"] == 2
    assert "b2" in refused["reason"]
    assert seen(table)["next"] == 2  # its number is free for the move the page meant
    table.take(GUEST, Message("move", 2, 2, {"ply": 1, "move": "a1"}))
    assert seen(table)["next"] == 3
    assert seen(table)["last"] == "a1"


def test_the_end_in_words() -> None:
    table = game()
    table.take(GUEST, Message("resign", 2, 1, {}))
    end = seen(table)
    assert end["finished"] is True
    assert end["winner"] == "host"
    assert end["outcome"] == "Ben resigned"
    assert end["to_move"] is None


@pytest.mark.parametrize("address", ["http://broker", "wss://broker/'unsafe-inline'",
                                     "wss://a b", "wss://broker; script-src *"])
def test_a_websocket_address_that_is_none_is_refused(address: str) -> None:
    with pytest.raises(RemoteSetupError, match="wss://HOST"):
        BrokerSettings("broker", user="anna", websocket=address)


def test_a_websocket_address_is_kept() -> None:
    address = "wss://mqtt.example.org:8884/mqtt"
    assert BrokerSettings("broker", user="anna", websocket=address).websocket == address
