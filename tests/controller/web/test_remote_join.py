"""Joining a game a board elsewhere offers from the web page: the invite code typed on the page
(a paired device only) and the game appears on the board, against the other board's seat; a
bad code or a board without a broker is told so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from controller.bench.mosquitto import Mosquitto
from controller.profile import load_profile
from controller.remote import config
from sim.front.served import served_board
from tests.support.remote_boards import Board
from tests.support.web import Served


@pytest.fixture
def linked_board(broker: Mosquitto, tmp_path: Path) -> Iterator[Served]:
    """A served board (``ben``) whose remote play is set up."""
    profile = load_profile("kaskade-8x8")
    directory = tmp_path / "ben" / profile.name  # where the served board keeps its files
    directory.mkdir(parents=True)
    config.save(directory, broker.settings("ben"))
    with served_board(profile, tmp_path / "ben", think=0.05,
                      reading="paired") as running:
        served = Served(running.app, running.server)
        served.wait_for(lambda: running.app.remote.join is not None, "the link attached")
        yield served


@pytest.mark.broker
@pytest.mark.browser
def test_the_page_joins_a_game_by_its_invite_code(broker: Mosquitto, linked_board: Served,
                                                  browser, tmp_path: Path) -> None:
    anna = Board(tmp_path / "anna", broker.settings("anna"))
    try:
        code = anna.ask(do="offer", game="kaskade", options={"size": "4x4"}, here=[0])["code"]
        served = linked_board
        assert served.request("POST", "/api/remote/join", {"code": code})[0] == 401
        token = served.pair()
        status, answer = served.request("POST", "/api/remote/join", {"code": "12x456"})
        assert status == 400
        assert "six digits" in answer["error"]

        browser.get(served.server.address)
        browser.execute_script(f"localStorage.setItem('kaskade-token', '{token}')")
        browser.get(served.server.address)
        field = browser.find_element(By.ID, "invite-code")
        field.send_keys(code)
        browser.save_screenshot(str(tmp_path / "page.png"))
        browser.find_element(By.CSS_SELECTOR, "#remote-join button").click()
        served.wait_for(lambda: served.app.session is not None and
                        "remote Anna" in served.app.session.tags.values(), "the game joined")
        anna.until(lambda s: "remote Ben" in s["seats"].values(), "anna sees ben")
        served.wait_for(lambda: "Anna's board (White) against you (Black)" in
                        served.app.describe(0.0), "the game on the board")
    finally:
        anna.close()


def test_a_board_without_a_broker_says_so(guarded: Served) -> None:
    guarded.pair()
    status, answer = guarded.request("POST", "/api/remote/join", {"code": "123456"})
    assert status == 409
    assert "kaskade remote setup" in answer["error"]
