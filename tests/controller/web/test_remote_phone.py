"""The page as the other player of a board elsewhere, and as a watcher: a real Mosquitto on
loopback (TLS for the board, WebSockets for the page), a headless board app offering a Kaskade
game, and the page in Chromium taking the other seat by the invite code and playing it to the
end, moves going both ways; a move the board's engine refuses is said on the page and changes
nothing; a watcher's page shows the game with no move controls, and the broker lets a watcher
write nothing. (Games with chance: test_remote_phone_chance.py.)"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from controller.bench.mosquitto import USERS, Mosquitto
from controller.profile import load_profile
from controller.remote import config
from sim.served import served_board
from tests.support.remote_boards import WAIT, Board
from tests.support.web import Served

CELLS = [f"{column}{row}" for row in "1234" for column in "abcd"]
MOST_PLIES = 300
"""A Kaskade game on 4 x 4 ends long before (each move adds a ball)."""


@pytest.fixture
def page_board(broker: Mosquitto, tmp_path: Path) -> Iterator[Served]:
    """A served board whose settings give pages the broker's WebSocket address."""
    profile = load_profile("kaskade-8x8")
    directory = tmp_path / "home" / profile.name
    directory.mkdir(parents=True)
    settings = broker.settings("ben")
    config.save(directory, config.BrokerSettings(**{**settings.__dict__,
                                                    "websocket": broker.websocket}))
    with served_board(profile, tmp_path / "home", think=0.05, reading="paired") as running:
        yield Served(running.app, running.server)


def wait(browser: Any, condition: Any, what: str) -> Any:
    return WebDriverWait(browser, WAIT, poll_frequency=0.05).until(condition, message=what)


def open_panel(browser: Any, served: Served, token: str) -> None:
    # the token is set on a page of the board's that runs no script: the page itself, unpaired,
    # would forget it again when its next call to the board is refused
    browser.get(served.server.address + "page/board.css")
    browser.execute_script(f"localStorage.setItem('kaskade-token', '{token}')")
    browser.get(served.server.address)
    wait(browser, lambda b: b.find_element(By.ID, "remote-url").get_attribute(
        "textContent").startswith("ws://"),
         "the broker's address on the page")
    browser.find_element(By.CSS_SELECTOR, "#remote-panel summary").click()


def fill(browser: Any, role: str, code: str, user: str, name: str = "",
         password: str | None = None) -> None:
    Select(browser.find_element(By.ID, "remote-role")).select_by_value(role)
    for field, value in (("remote-code", code), ("remote-user", user),
                         ("remote-password", USERS[user] if password is None else password),
                         ("remote-name", name)):
        element = browser.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)
    browser.find_element(By.ID, "remote-go").click()


def shoot(browser: Any, path: Path) -> None:
    """The panel as a person sees it, for looking at."""
    browser.execute_script("document.getElementById('remote-panel').scrollIntoView()")
    browser.save_screenshot(str(path))


def view(browser: Any) -> dict[str, str]:
    element = browser.find_element(By.ID, "remote-view")
    return {key: element.get_attribute(f"data-{key}") or "" for key in
            ("role", "ply", "turn", "finished")}


def test_the_page_plays_a_remote_seat_to_the_end(broker: Mosquitto, page_board: Served,
                                                 browser: Any, tmp_path: Path) -> None:
    anna = Board(tmp_path / "anna", broker.settings("anna"))
    try:
        served = page_board
        with urllib.request.urlopen(served.server.address, timeout=WAIT) as answer:
            policy = answer.headers["Content-Security-Policy"]
        assert f"connect-src 'self' {broker.websocket};" in policy
        token = served.pair()
        open_panel(browser, served, token)
        fill(browser, "play", "12345", "phone")
        wait(browser, lambda b: "six digits" in b.find_element(By.ID, "remote-error").text,
             "a short code refused")
        fill(browser, "play", "000000", "phone", "Ben")
        wait(browser, lambda b: "No game waits" in b.find_element(By.ID, "remote-error").text,
             "an unknown code said")

        code = anna.ask(do="offer", game="kaskade", options={"size": "4x4"}, here=[0])["code"]
        fill(browser, "play", code, "phone", "Ben")
        anna.until(lambda s: "remote Ben" in s["seats"].values(), "the page took Black")
        game_id = browser.find_element(By.ID, "remote-id").text
        assert game_id.endswith("/anna")

        refused_once = False
        while True:
            state = anna.state_now()
            assert len(state["moves"]) < MOST_PLIES
            if state["finished"]:
                break
            if state["mine"]:
                anna.ask(do="play", move=state["legal"][0])
                plies = len(state["moves"]) + 1
                wait(browser, lambda b, p=plies: view(b)["ply"] == str(p) and (
                    view(b)["turn"] == "mine" or view(b)["finished"] == "true"),
                     "anna's move on the page")
                continue
            wait(browser, lambda b: view(b)["turn"] == "mine" or view(b)["finished"] == "true",
                 "the page's move")
            if view(browser)["finished"] == "true":
                continue
            before = state["moves"]
            buttons = browser.find_elements(By.CSS_SELECTOR, "#remote-legal button")
            legal = [button.get_attribute("data-move") for button in buttons]
            if not refused_once:
                # a cell of White's is not Black's to play: anna's board refuses it
                taken = next(cell for cell in CELLS if cell not in legal)
                browser.find_element(By.ID, "remote-move").send_keys(taken)
                browser.find_element(By.CSS_SELECTOR, "#remote-move-form button").click()
                wait(browser, lambda b: "refused" in b.find_element(By.ID, "remote-error").text,
                     "the illegal move refused on the page")
                assert anna.state_now()["moves"] == before
                assert any("from phone" in r for r in anna.state_now()["refusals"])
                refused_once = True
                shoot(browser, tmp_path / "playing.png")
                # a page opened again with the code it took plays on in the same seat
                open_panel(browser, served, token)
                fill(browser, "play", code, "phone", "Ben")
                wait(browser, lambda b: view(b)["turn"] == "mine", "the page playing on")
                buttons = browser.find_elements(By.CSS_SELECTOR, "#remote-legal button")
                assert [button.get_attribute("data-move") for button in buttons] == legal
            move = legal[-1]
            browser.find_element(By.CSS_SELECTOR, f"#remote-legal [data-move='{move}']").click()
            played = len(before)
            anna.until(lambda s, m=move, n=played: len(s["moves"]) > n and
                       s["moves"][n] == m, "the page's move on the board")
        assert refused_once
        wait(browser, lambda b: view(b)["finished"] == "true", "the end on the page")
        words = browser.find_element(By.ID, "remote-status").text
        assert "wins" in words, words
        said = anna.state_now()
        outcome = words.split(" · ")[0]  # "Black wins: White has no cells left"
        assert said["finished"]
        assert outcome in said["words"], (outcome, said["words"])
        shoot(browser, tmp_path / "player.png")

        watch(broker, browser, served, token, game_id, tmp_path)
    finally:
        anna.close()


def watch(broker: Mosquitto, browser: Any, served: Served, token: str, game_id: str,
          tmp_path: Path) -> None:
    """A watcher's page shows the game and no move controls; the broker refuses its
    writes."""
    browser.switch_to.new_window("tab")
    open_panel(browser, served, token)
    fill(browser, "watch", game_id, "watcher")
    wait(browser, lambda b: view(b)["finished"] == "true", "the game on the watcher's page")
    assert view(browser)["role"] == "watch"
    assert not browser.find_element(By.ID, "remote-controls").is_displayed()
    assert browser.find_elements(By.CSS_SELECTOR, "#remote-legal button") == []
    assert "Ben" in browser.find_element(By.ID, "remote-title").text
    shoot(browser, tmp_path / "watcher.png")
    assert refused_writes(broker, "watcher", [f"kaskade/{game_id}/watcher/log/1",
                                              "kaskade/invite/123456"])
    browser.close()
    browser.switch_to.window(browser.window_handles[0])


def refused_writes(broker: Mosquitto, user: str, topics: list[str]) -> bool:
    """Whether the broker refuses every publish of ``user`` to ``topics`` (MQTT 5's reason)."""
    client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    client.username_pw_set(user, USERS[user])
    settings = broker.settings(user)
    client.tls_set(ca_certs=settings.ca_file)
    reasons: dict[int, str] = {}
    client.on_publish = lambda c, u, mid, reason, p: reasons.__setitem__(mid, str(reason))
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    try:
        mids = [client.publish(topic, json.dumps({"v": 1}), qos=1).mid for topic in topics]
        deadline = time.monotonic() + WAIT
        while len(reasons) < len(mids) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        client.disconnect()
        client.loop_stop()
    return len(reasons) == len(mids) and all(r == "Not authorized" for r in reasons.values())


def test_a_wrong_password_is_said(broker: Mosquitto, page_board: Served, browser: Any,
                                  tmp_path: Path) -> None:
    """A wrong password is said on the page, and the invite code still stands for the game:
    the right one takes the seat (of a game with dice: the page shows its halves)."""
    anna = Board(tmp_path / "anna", broker.settings("anna"))
    try:
        open_panel(browser, page_board, page_board.pair())
        code = anna.ask(do="offer", game="big-balls", options={}, here=[0])["code"]
        fill(browser, "play", code, "phone", password="not-the-password")
        wait(browser, lambda b: "the broker refused: wrong user name or password" in
             b.find_element(By.ID, "remote-error").text, "a wrong password said")
        fill(browser, "play", code, "phone", "Ben")
        anna.until(lambda s: "remote Ben" in s["seats"].values(), "the page took the seat")
    finally:
        anna.close()
