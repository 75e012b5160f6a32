"""The view the offering board publishes for a page: the guest's legal moves only on the
guest's turn (never advice), the numbers its next message must carry, the last refusal of the
guest's with why, the guest's chance half asked for and the latest draws with the board's
half, a take-back asked and where the guest's would go back to, and the end in words; and a
WebSocket address for pages is checked before it reaches the page's content policy."""

from __future__ import annotations

import json
from typing import Any

import pytest

from controller.games import CHANCE
from controller.remote import chance
from controller.remote.config import BrokerSettings, RemoteSetupError
from controller.remote.messages import Message
from controller.remote.table import GUEST, HOST, Table
from controller.remote.view import MAX_DRAWS, view

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


GUEST_SECRET = b"g" * 32


def big_balls() -> Table:
    """Anna's board (Black) has offered Big Balls and a page took White: both deals are due."""
    table = Table("0123456789abcdef", HOST, b"h" * 32)
    table.hello("Anna", "big-balls", {}, [0])
    assert table.state is not None
    table.take(GUEST, Message("hello", 1, 1, {"game": "big-balls",
                                              "options": table.state.options(),
                                              "players": [1], "name": "Ben",
                                              "anchor": chance.anchor(GUEST_SECRET)}))
    return table


def test_the_page_is_asked_for_its_half_and_shown_each_draw_with_the_boards_half() -> None:
    table = big_balls()
    assert seen(table)["half_due"] == 0
    host = table.reveal_due()
    assert host is not None
    first = seen(table)
    assert (first["half_due"], first["waiting"], first["to_move"]) == (0, "guest", None)
    assert first["draws"] == []
    table.take(GUEST, Message("reveal", 2, 2, {"ply": 0, "value":
                                               chance.half(GUEST_SECRET, 0)}))
    drawn = seen(table)
    assert drawn["draws"] == [[0, table.names[0], host["value"]]]
    assert drawn["half_due"] == 1  # the second deal
    assert drawn["ply"] == 1


def test_the_draws_listed_are_the_latest_of_the_game_as_it_stands() -> None:
    table = big_balls()
    state = table.state
    assert state is not None
    seq = 2
    while len(table.draws) < MAX_DRAWS + 3 and not table.finished:
        if table.reveal_due() is None and state.to_move == CHANCE:
            table.take(GUEST, Message("reveal", seq, table.played[HOST],
                                      {"ply": state.plies,
                                       "value": chance.half(GUEST_SECRET, state.plies)}))
            seq += 1
        elif state.to_move == 0:
            table.move(state.move_name(state.legal_moves()[0]))
        elif state.to_move == 1:
            table.take(GUEST, Message("move", seq, table.played[HOST],
                                      {"ply": state.plies,
                                       "move": state.move_name(state.legal_moves()[0])}))
            seq += 1
    listed = seen(table)["draws"]
    assert [ply for ply, _, _ in listed] == table.draws[-MAX_DRAWS:]
    assert all(table.names[ply] == name for ply, name, _ in listed)
    assert all(half == chance.half(b"h" * 32, ply) for ply, _, half in listed)


def test_a_take_back_asked_and_where_the_pages_would_go_back_to() -> None:
    table = game()
    assert seen(table)["takeback"] is None  # the page has made no move yet
    table.move("b2")
    table.take(GUEST, Message("move", 2, 2, {"ply": 1, "move": "a1"}))
    table.move("c3")
    assert seen(table)["takeback"] == 1  # before the page's a1, past Anna's c3
    table.take(GUEST, Message("undo", 3, 3, {"to": 1}))
    assert seen(table)["undo"] == {"by": "guest", "to": 1}
    table.write("undo-yes", to=1)
    back = seen(table)
    assert (back["undo"], back["ply"], back["takeback"]) == (None, 1, None)
    table.write("undo", to=0)
    assert seen(table)["undo"] == {"by": "host", "to": 0}


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
