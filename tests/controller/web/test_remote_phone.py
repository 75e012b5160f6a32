"""The page as the other player of a board elsewhere, and as a watcher: a real Mosquitto on
loopback (TLS for the board, WebSockets for the page), a headless board app offering a Kaskade
game, and the page in Chromium taking the other seat by the invite code and playing it to the
end, moves going both ways, by the move buttons, typed, and by taps on its picture of the
board (a Kaskade cell, a Cascades stone); a move the board's engine refuses is said on the
page and changes nothing; the page comes back by itself after the broker restarts and the
game goes on; a watcher's page shows the game with no move controls, its taps do nothing,
and the broker lets a watcher write nothing but its presence; once the game is over, the
broker keeps nothing of it. (Games with chance: test_remote_phone_chance.py.)"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from controller.bench.mosquitto import USERS, Mosquitto
from controller.profile import load_profile
from controller.remote import config
from sim.front.served import served_board
from tests.support.remote_boards import WAIT, Board, BrokerClient, forgot
from tests.support.web import Served

pytestmark = [pytest.mark.broker, pytest.mark.browser, pytest.mark.xdist_group("remote-phone")]

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
    try:
        wait(browser, lambda b: b.find_element(By.ID, "remote-url").get_attribute(
            "textContent").startswith("ws://"), "the broker's address on the page")
    except TimeoutException:
        said = browser.execute_script(
            "return [localStorage.getItem('kaskade-token') !== null, "
            "document.getElementById('remote-error').textContent, "
            "document.getElementById('description').textContent]")
        raise AssertionError(f"no broker's address on the page; paired, error, "
                             f"description: {said}") from None
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

        def by_button(legal: list[str], before: list[str]) -> str:
            nonlocal refused_once
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
            return move

        play_to_the_end(browser, anna, by_button)
        assert refused_once
        wait(browser, lambda b: view(b)["finished"] == "true", "the end on the page")
        words = browser.find_element(By.ID, "remote-status").text
        assert "wins" in words, words
        said = anna.state_now()
        outcome = words.split(" · ")[0]  # "Black wins: White has no cells left"
        assert said["finished"]
        assert outcome in said["words"], (outcome, said["words"])
        shoot(browser, tmp_path / "player.png")
        nothing_kept(broker, anna, game_id.split("/")[0])
        browser.find_element(By.ID, "remote-leave").click()  # a watcher too late: told so
        fill(browser, "watch", game_id, "watcher")
        wait(browser, lambda b: "no longer kept at the broker" in b.find_element(
            By.ID, "remote-status").text, "the page says the game is gone")
    finally:
        anna.close()


def play_to_the_end(browser: Any, anna: Board,
                    page_plays: Callable[[list[str], list[str]], str]) -> None:
    """Anna's board and the page play on to the end: Anna the first move the rules allow,
    the page whatever ``page_plays`` (given the page's legal moves and the moves so far)
    played, which must reach Anna's board."""
    while True:
        state = anna.state_now()
        assert len(state["moves"]) < MOST_PLIES
        if state["finished"]:
            return
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
        buttons = browser.find_elements(By.CSS_SELECTOR, "#remote-legal button")
        legal = [button.get_attribute("data-move") for button in buttons]
        before = state["moves"]
        move, played = page_plays(legal, before), len(before)
        anna.until(lambda s, m=move, n=played: len(s["moves"]) > n and s["moves"][n] == m,
                   "the page's move on the board")


def nothing_kept(broker: Mosquitto, anna: Board, game: str) -> None:
    """Once the game is over and the page has cleared its part, the board clears its own:
    a fresh subscriber to the game's topics is given nothing."""
    anna.until(forgot, "the board cleared its part of the game")
    eve = BrokerClient(broker, "eve")
    try:
        assert eve.kept(game) == {}
    finally:
        eve.close()


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


def tap(browser: Any, move: str) -> None:
    """A finger on the page's picture of the board, on a pad the view says plays ``move``."""
    tap_pad(browser, browser.execute_script("return remote.view.taps")[move][0])


def tap_pad(browser: Any, pad: int) -> None:
    """A finger on the page's picture of the board, on the middle of ``pad``."""
    shown: dict[str, Any] = browser.execute_script("return remote.view")
    board = shown["board"]
    k, columns = board["per_pad"], board["columns"]
    column, row = pad % columns, pad // columns
    canvas = browser.find_element(By.ID, "remote-leds")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", canvas)
    width = int(canvas.get_attribute("width"))
    size = width // max(board["led_width"], board["led_height"])  # as the page draws them
    scale = canvas.size["width"] / width
    x = (column * k + k / 2) * size * scale
    y = (board["led_height"] - row * k - k / 2) * size * scale
    ActionChains(browser).move_to_element_with_offset(
        canvas, round(x - canvas.size["width"] / 2), round(y - canvas.size["height"] / 2)
    ).click().perform()


def link(browser: Any) -> str:
    return browser.find_element(By.ID, "remote-view").get_attribute("data-link") or ""


def test_the_page_plays_by_tap_through_a_broker_restart_and_a_watcher_cannot(
        broker: Mosquitto, page_board: Served, browser: Any, tmp_path: Path) -> None:
    anna = Board(tmp_path / "anna", broker.settings("anna"))
    browser.set_window_size(430, 1400)  # a phone's width
    try:
        token = page_board.pair()
        open_panel(browser, page_board, token)
        code = anna.ask(do="offer", game="kaskade", options={"size": "4x4"}, here=[0])["code"]
        fill(browser, "play", code, "phone", "Ben")
        anna.until(lambda s: "remote Ben" in s["seats"].values(), "the page took Black")
        game_id = browser.find_element(By.ID, "remote-id").text
        phone = browser.current_window_handle

        browser.switch_to.new_window("tab")  # a watcher follows the game
        open_panel(browser, page_board, token)
        fill(browser, "watch", game_id, "watcher")
        wait(browser, lambda b: view(b)["ply"] == "0", "the game on the watcher's page")
        watcher = browser.current_window_handle
        assert view(browser)["role"] == "watch"
        assert "Ben" in browser.find_element(By.ID, "remote-title").text

        anna.ask(do="play", move="a1")
        browser.switch_to.window(phone)
        wait(browser, lambda b: view(b)["turn"] == "mine", "the page's move")
        legal = browser.execute_script("return remote.view.legal")
        assert sorted(browser.execute_script("return Object.keys(remote.view.taps)")) == \
            sorted(legal)  # every cell Black may play is a tap away
        assert "tappable" in browser.find_element(By.ID, "remote-leds").get_attribute("class")

        browser.switch_to.window(watcher)  # the watcher taps a cell Black may play: nothing
        wait(browser, lambda b: view(b)["ply"] == "1", "a1 on the watcher's page")
        assert not browser.find_element(By.ID, "remote-controls").is_displayed()
        tap(browser, "d4")
        browser.execute_async_script(  # its connection's answer: what the tap sent came first
            "const done = arguments[0]; remote.client.publish(presenceTopic(), "
            "'{\"v\":1,\"online\":true,\"page\":true}', {retain: true}).then(() => done())")
        client_id = browser.execute_script("return remoteLink.clientId")
        assert client_id.startswith("watcher-")
        assert f"Denied PUBLISH from {client_id}" not in broker.log.read_text()
        assert anna.state_now()["moves"] == ["a1"]
        assert refused_writes(broker, "watcher", [f"kaskade/{game_id.split('/')[0]}/watcher/"
                                                  "log/1", "kaskade/invite/123456"])

        browser.switch_to.window(phone)
        shoot(browser, tmp_path / "to-tap.png")
        tap_pad(browser, 0)  # a1, White's: no move of Black's
        wait(browser, lambda b: "Not a move there" in b.find_element(By.ID, "remote-error").text,
             "the page says a tap there plays nothing")
        tap(browser, "d4")  # the phone's tap plays d4
        anna.until(lambda s: s["moves"] == ["a1", "d4"], "the tapped move on the board")
        assert not anna.state_now()["refusals"]
        shoot(browser, tmp_path / "tapped.png")

        broker.stop()  # the page and the board lose the broker …
        try:
            wait(browser, lambda b: link(b) == "reconnecting", "the page says it reconnects")
            assert "reconnecting…" in browser.find_element(By.ID, "remote-link").text
            shoot(browser, tmp_path / "reconnecting.png")
        finally:
            broker.start()  # … and get it back by themselves
        wait(browser, lambda b: link(b) == "up", "the page back")
        anna.until(lambda s: "broker" not in s["words"], "the board back")
        def by_tap(legal: list[str], before: list[str]) -> str:
            del before
            tap(browser, legal[-1])
            return legal[-1]

        play_to_the_end(browser, anna, by_tap)  # the game goes on, the page playing by tap
        wait(browser, lambda b: view(b)["finished"] == "true", "the end on the page")
        browser.switch_to.window(watcher)
        wait(browser, lambda b: view(b)["finished"] == "true", "the end on the watcher's page")
        assert browser.find_elements(By.CSS_SELECTOR, "#remote-legal button") == []
        shoot(browser, tmp_path / "watcher.png")
        browser.close()
        browser.switch_to.window(phone)
        nothing_kept(broker, anna, game_id.split("/")[0])
    finally:
        browser.set_window_size(800, 600)
        anna.close()


def test_the_page_places_a_cascades_stone_by_tap(broker: Mosquitto, page_board: Served,
                                                 browser: Any, tmp_path: Path) -> None:
    """Cascades' cells sit on the board where its layout puts them: a tap on one still plays
    the stone the board would place there."""
    anna = Board(tmp_path / "anna", broker.settings("anna"))
    try:
        open_panel(browser, page_board, page_board.pair())
        code = anna.ask(do="offer", game="cascades", options={"size": "4"}, here=[0])["code"]
        fill(browser, "play", code, "phone", "Ben")
        anna.until(lambda s: "remote Ben" in s["seats"].values(), "the page took a seat")
        for _ in range(MOST_PLIES):  # Anna plays until it is the page's move
            state = anna.until(lambda s: s["mine"] or view(browser)["turn"] == "mine",
                               "a move for Anna or for the page")
            if not state["mine"]:
                break
            anna.ask(do="play", move=state["legal"][0])
            plies = str(len(state["moves"]) + 1)
            wait(browser, lambda b, p=plies: view(b)["ply"] == p, "Anna's stone on the page")
        taps = browser.execute_script("return remote.view.taps")
        stones = [move for move in taps if move not in ("pass", "end")]
        assert stones
        before = anna.state_now()["moves"]
        tap(browser, stones[0])
        anna.until(lambda s: s["moves"] == [*before, stones[0]], "the stone on the board")
        shoot(browser, tmp_path / "cascades.png")
    finally:
        anna.close()
