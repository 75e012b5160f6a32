"""The first offer of every game on every reference build, from a fresh board: the game's
tile, the pink pad of its players screen, the offer tile — as a person touches them — start
the game at once with the set-up the board itself suggests (a size that fits), never the
game's default that may not (Kaskade's 6x9 on an 8x8 board). A game brought from a larger
board that does not fit is refused with words, and the board is left as it was. The broker is
not needed to offer: the connection here only counts what would be sent."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from controller.faces.face import face, faces_for
from controller.faces.setup import defaults
from controller.games import get_game
from controller.profile import load_profile, profile_names
from controller.remote.config import BrokerSettings
from controller.remote.link import RemoteLink
from controller.remote.screen import RemoteError
from tests.support.board import BoardHarness

SETTINGS = BrokerSettings("127.0.0.1", 1883, "anna", "secret", tls=False, name="Anna")


class Unsent:
    """A connection to no broker: it keeps what the link would send."""

    def __init__(self, settings: BrokerSettings, game_id: str, subscriptions: list[str],
                 heard: Any, presence: bool = True) -> None:
        del settings, subscriptions, heard, presence
        self.game_id = game_id
        self.sent: list[tuple[str, bytes]] = []
        self.refusals: list[str] = []
        self.cleared = threading.Event()

    def start(self) -> None:
        pass

    def stop(self, cleanly: bool = True) -> None:
        del cleanly

    def send(self, topic: str, payload: bytes, retain: bool = True) -> None:
        self.sent.append((topic, payload))

    def clear(self, topics: list[str]) -> None:
        self.cleared.set()

    def finish(self, timeout: float = 5.0) -> None:
        del timeout


def linked_board(state: Path, profile: str) -> tuple[BoardHarness, RemoteLink]:
    board = BoardHarness(state, profile)
    link = RemoteLink(SETTINGS, board.store.directory, connection=Unsent)  # type: ignore[arg-type]
    link.publish(board.driver, board.now)  # as the loop does after its first step
    return board, link


CASES = [(profile, game.name) for profile in profile_names()
         for game in faces_for(load_profile(profile))
         if len(get_game(game.name).info.players) == 2]


@pytest.mark.parametrize(("profile", "game"), CASES)
def test_the_first_offer_of_each_game_on_each_reference_build(tmp_path, profile, game):
    board, link = linked_board(tmp_path, profile)
    home = board.app.screen
    tile = home.layout.tiles[home.games.index(game)]
    board.tap_pad((tile.column, tile.row))  # its name
    board.tap_pad((tile.column, tile.row))  # who plays
    assert board.screen == "PlayersScreen"
    players = board.app.screen
    assert players.remote is not None, "the pink pad shows once a broker is set up"
    board.tap_pad(players.remote)
    assert board.screen == "RemoteScreen"
    offer = board.app.screen.offer_tile
    board.tap_pad((offer.column, offer.row))
    session = board.app.session
    assert session is not None, board.describe()
    assert session.state.info.name == game
    expected = defaults(face(game).options(load_profile(profile)))
    assert {k: v for k, v in session.state.options().items() if k in expected} == expected
    assert board.app.current_game() is not None, "the game is on the board at once"
    assert link.game is not None
    assert link.table is not None
    assert link.table.state is not None
    assert link.table.state.options() == session.state.options()


def test_the_last_set_up_on_this_board_is_offered_cut_to_the_board(tmp_path):
    """A size chosen once (even one larger than this board, from settings brought along) is
    offered as the board's own set-up would start from it."""
    board, _ = linked_board(tmp_path, "kaskade-8x8")
    board.app.change_settings({"sizes": {"kaskade": "5x12"}})
    board.app.set_up_new("kaskade")
    board.tap_pad(board.app.screen.remote)
    offer = board.app.screen.offer_tile
    board.tap_pad((offer.column, offer.row))
    assert board.app.session.state.options() == {"size": "5x8"}


def test_a_game_that_does_not_fit_is_refused_and_nothing_changes(tmp_path):
    board, link = linked_board(tmp_path, "kaskade-8x8")
    with pytest.raises(RemoteError, match="Kaskade 10x10 does not fit this board"):
        link.offer(board.app, "kaskade", {"size": "10x10"}, [0])
    assert board.app.session is None
    assert link.game is None
    assert board.screen == "HomeScreen"


def test_a_waiting_local_game_never_blocks_the_players_screen(tmp_path):
    """A game against the computer in play: the pause menu's new game leads to the players
    screen (and its pink pad); the game waits on its tile meanwhile, and the offer starts."""
    board, link = linked_board(tmp_path, "kaskade-8x8")
    board.start_game("4x4", computer=1)
    local = board.app.session
    board.press("menu")
    new = board.app.screen.layout.new
    assert "a new game of it" in board.app.screen.pad_words(board.pad(f"{'abcdefgh'[new.column]}"
                                                                       f"{new.row + 1}"))
    board.tap_pad((new.column, new.row))
    assert board.screen == "PlayersScreen"
    board.tap_pad(board.app.screen.remote)
    offer = board.app.screen.offer_tile
    board.tap_pad((offer.column, offer.row))
    assert link.game is not None
    assert board.app.session is not local
    assert board.app.session.remote
    assert "kaskade" in board.app.parked.names, "the local game waits on its tile"
