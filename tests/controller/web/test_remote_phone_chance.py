"""The page in a seat of a game with chance, against a board elsewhere: a real Mosquitto on
loopback, the page in Chromium and a board app offering Big Balls (or Colliding Circles). The
page shows its half of every die, deal and throw, checks each draw the board reports against
both halves, asks to take back, agrees to and declines the board's take-back, and resigns. A
board whose half is not on the chain it committed to, or whose draw is not the one both halves
give, is refused by the page — played here by the test with Anna's credentials, since an honest
board never does either."""

from __future__ import annotations

import json
import secrets
import threading
import time
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion
from selenium.webdriver.common.by import By

from controller.bench.mosquitto import USERS, Mosquitto
from controller.games import CHANCE, get_game
from controller.remote import chance
from controller.remote.messages import decode
from controller.remote.table import GUEST, HOST, Table
from controller.remote.view import view as view_of
from tests.controller.web import test_remote_phone as phone
from tests.controller.web.test_remote_phone import fill, open_panel, view, wait
from tests.support.remote_boards import WAIT, Board
from tests.support.web import Served

pytestmark = [
    pytest.mark.broker,
    pytest.mark.browser,
    pytest.mark.xdist_group("remote-phone-chance"),
]

page_board = phone.page_board
PLIES = 16
"""Plies of Big Balls played before the take-backs: both deals and throws on both sides, and
far from the end (the shortest of 300 games played so took 29 plies)."""
SIZE = {"columns": 8, "rows": 8, "per_pad": 1, "led_width": 8, "led_height": 8}


def page(browser: Any) -> dict[str, str]:
    """The page's view with what its seat checked."""
    element = browser.find_element(By.ID, "remote-view")
    return {**view(browser), **{key: element.get_attribute(f"data-{key}") or "" for key in
                                ("checked", "bent")}}


def turn(anna: Board, browser: Any) -> str:
    """Whose turn it is once both sides agree on the game: ``anna``, ``page`` or ``over``."""
    deadline = time.monotonic() + WAIT
    while True:
        state = anna.state_now()
        if state["finished"]:
            return "over"
        if state["mine"]:
            return "anna"
        seen = page(browser)
        assert seen["bent"] == "", browser.find_element(By.ID, "remote-error").text
        if seen["turn"] == "mine" and seen["ply"] == str(len(state["moves"])):
            return "page"
        assert time.monotonic() < deadline, f"nobody to move; the board says {state['words']}"
        time.sleep(0.05)


def chance_steps(game: str, moves: list[str], since: int = 0) -> int:
    """How many of a game's moves from ply ``since`` on were drawn (dice, deals, throws)."""
    state = get_game(game).new({})
    drawn = 0
    for ply, name in enumerate(moves):
        drawn += ply >= since and state.to_move == CHANCE
        state.play(state.parse_move(name))
    return drawn


def shoot(browser: Any, path: Any) -> None:
    """The whole panel as a person sees it on a tall phone, for looking at."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 420, "height": 1500, "deviceScaleFactor": 1, "mobile": True})
    try:
        browser.find_element(By.ID, "remote-panel").screenshot(str(path))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def play(anna: Board, browser: Any, plies: int) -> None:
    """Both sides play (throwing the die whenever they may) until the game has ``plies``."""
    while (whose := turn(anna, browser)) != "over" and \
            len(anna.state_now()["moves"]) < plies:
        if whose == "anna":
            legal = anna.state_now()["legal"]
            anna.ask(do="play", move="throw" if "throw" in legal else legal[0])
            continue
        page_plays(anna, browser, lambda legal: "throw" if "throw" in legal else legal[-1])


def page_plays(anna: Board, browser: Any, choose: Any) -> None:
    """The page plays the move ``choose`` picks from its buttons; back once the board has it."""
    buttons = browser.find_elements(By.CSS_SELECTOR, "#remote-legal button")
    move = choose([button.get_attribute("data-move") for button in buttons])
    before = len(anna.state_now()["moves"])
    browser.find_element(By.CSS_SELECTOR, f"#remote-legal [data-move='{move}']").click()
    anna.until(lambda s: s["moves"][before:before + 1] == [move], "the page's move on the board")


def click(browser: Any, element_id: str) -> None:
    wait(browser, lambda b: b.find_element(By.ID, element_id).is_displayed(),
         f"the {element_id} button")
    browser.find_element(By.ID, element_id).click()


def test_the_page_plays_big_balls_checking_every_draw(broker: Mosquitto, page_board: Served,
                                                     browser: Any, tmp_path: Any) -> None:
    anna = Board(tmp_path / "anna", broker.settings("anna"))
    try:
        open_panel(browser, page_board, page_board.pair())
        code = anna.ask(do="offer", game="big-balls", options={}, here=[0])["code"]
        fill(browser, "play", code, "phone", "Ben")
        anna.until(lambda s: "remote Ben" in s["seats"].values(), "the page took White")
        play(anna, browser, PLIES)
        state = anna.state_now()
        assert state["refusals"] == [], state["refusals"]  # every half of the page's took
        drawn = chance_steps("big-balls", state["moves"])
        assert drawn >= 4  # both deals and throws
        wait(browser, lambda b: page(b)["checked"] == str(drawn), "every draw checked")
        words = browser.find_element(By.ID, "remote-chance").text
        assert f"{drawn} draws checked against both halves" in words, words
        shoot(browser, tmp_path / "big-balls.png")
        take_backs(anna, browser)
        resign(anna, browser)
    finally:
        anna.close()


def test_the_page_plays_colliding_circles_checking_every_throw(
        broker: Mosquitto, page_board: Served, browser: Any, tmp_path: Any) -> None:
    """Throws of one to five dice, drawn by a board on which Colliding Circles fits."""
    anna = Board(tmp_path / "anna", broker.settings("anna"), profile="kaskade-16x16")
    try:
        open_panel(browser, page_board, page_board.pair())
        code = anna.ask(do="offer", game="colliding-circles", options={}, here=[0])["code"]
        fill(browser, "play", code, "phone", "Ben")
        anna.until(lambda s: "remote Ben" in s["seats"].values(), "the page took Black")
        play(anna, browser, 30)
        state = anna.state_now()
        assert state["refusals"] == [], state["refusals"]
        drawn = chance_steps("colliding-circles", state["moves"])
        assert drawn >= 3
        wait(browser, lambda b: page(b)["checked"] == str(drawn), "every throw checked")
        shoot(browser, tmp_path / "colliding-circles.png")
    finally:
        anna.close()


def test_the_page_opened_again_plays_on_with_the_same_chain(
        broker: Mosquitto, page_board: Served, browser: Any, tmp_path: Any) -> None:
    """The page keeps its secret with the game: opened again, its halves are still on the
    chain its hello committed to (the board would refuse any other)."""
    anna = Board(tmp_path / "anna", broker.settings("anna"))
    try:
        token = page_board.pair()
        open_panel(browser, page_board, token)
        code = anna.ask(do="offer", game="big-balls", options={}, here=[0])["code"]
        fill(browser, "play", code, "phone", "Ben")
        anna.until(lambda s: "remote Ben" in s["seats"].values(), "the page took White")
        play(anna, browser, 8)
        open_panel(browser, page_board, token)
        fill(browser, "play", code, "phone", "Ben")
        play(anna, browser, 20)
        state = anna.state_now()
        assert state["refusals"] == [], state["refusals"]
        assert chance_steps("big-balls", state["moves"], since=8) >= 2  # halves shown after
        wait(browser, lambda b: page(b)["ply"] == str(len(state["moves"])) and
             int(page(b)["checked"] or 0) >= 1, "the draws checked on the page opened again")
    finally:
        anna.close()


def take_backs(anna: Board, browser: Any) -> None:
    """The page asks to take back and the board agrees; the board asks and the page agrees;
    the board asks again and the page declines by playing on."""
    while (whose := turn(anna, browser)) == "anna":
        anna.ask(do="play", move=anna.state_now()["legal"][0])
    assert whose == "page", "the game ended before the take-backs"
    back_to = int(browser.execute_script("return remote.view.takeback"))
    click(browser, "remote-takeback")
    anna.until(lambda s: "Ben asks to take back" in s["words"], "the page's request")
    wait(browser, lambda b: "You asked Anna's board to take back" in
         b.find_element(By.ID, "remote-asked").text, "the request on the page")
    anna.ask(do="hold")  # agrees
    anna.until(lambda s: len(s["moves"]) == back_to, "the board gone back")
    wait(browser, lambda b: page(b)["ply"] == str(back_to), "the page gone back")
    while (whose := turn(anna, browser)) == "page":
        page_plays(anna, browser, lambda legal: legal[0])
    assert whose == "anna", "the game ended before the board's take-back"
    legal = anna.state_now()["legal"]
    before = len(anna.state_now()["moves"]) + 1
    anna.ask(do="play", move=legal[0], hold=True)  # asks before the link has seen the move
    wait(browser, lambda b: "Anna asks to take back" in
         b.find_element(By.ID, "remote-asked").text, "the board's request on the page")
    shoot(browser, anna.state / "asked.png")
    click(browser, "remote-agree")
    anna.until(lambda s: len(s["moves"]) < before, "the take-back agreed")
    while (whose := turn(anna, browser)) == "anna":
        anna.ask(do="play", move=anna.state_now()["legal"][0])
    assert whose == "page", "the game ended before the board's second take-back"
    anna.ask(do="hold")  # asks again, with the page to move
    wait(browser, lambda b: "Anna asks to take back" in
         b.find_element(By.ID, "remote-asked").text, "the board's second request")
    page_plays(anna, browser, lambda legal: legal[0])  # plays on
    state = anna.until(lambda s: "take back" not in s["words"],
                       "the request declined by the page's move")
    assert state["refusals"] == [], state["refusals"]


def resign(anna: Board, browser: Any) -> None:
    click(browser, "remote-resign")
    browser.switch_to.alert.accept()
    state = anna.until(lambda s: s["finished"], "the page's resignation on the board")
    assert state["result"] == "black", state
    wait(browser, lambda b: page(b)["finished"] == "true", "the end on the page")
    assert "Ben resigned" in browser.find_element(By.ID, "remote-status").text


class LyingBoard:
    """Anna's board as a test plays it, through the broker with Anna's credentials: it offers
    Big Balls, takes the page's hello and halves with the boards' own table, and publishes a
    view whose draw is bent as ``bend`` says (``half``: a half from another chain; ``draw``:
    another deal than both halves give; ``game``: a game with dice the page does not know;
    ``old``: a view that lists no draws)."""

    def __init__(self, broker: Mosquitto, bend: str) -> None:
        self.bend = bend
        self.game_id = secrets.token_hex(8)
        self.code = f"{secrets.randbelow(10 ** 6):06d}"
        self.table = Table(self.game_id, HOST, secrets.token_bytes(32))
        self.table.hello("Anna", "big-balls", {}, [0])
        self.lock = threading.Lock()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2)
        self.client.username_pw_set("anna", USERS["anna"])
        self.client.tls_set(ca_certs=broker.settings("anna").ca_file)
        self.client.on_message = self.heard
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()
        root = f"kaskade/{self.game_id}"
        self.client.subscribe(f"{root}/phone/log/+", qos=1)
        self.send(f"{root}/anna/log/1", self.table.logs[HOST][1].encode())
        self.publish_view()
        self.send(f"kaskade/invite/{self.code}", json.dumps(
            {"v": 1, "game": self.game_id, "host": "anna"}).encode())

    def send(self, topic: str, payload: bytes) -> None:
        self.client.publish(topic, payload, qos=1, retain=True).wait_for_publish(WAIT)

    def heard(self, client: Any, userdata: Any, message: Any) -> None:
        with self.lock:
            self.table.take(GUEST, decode(message.payload))
            self.table.reveal_due()
            self.publish_view()

    def publish_view(self) -> None:
        data = json.loads(view_of(self.table, bytes(3 * 64), SIZE))
        for draw in data["draws"]:
            if self.bend == "half":
                draw[2] = chance.half(b"another secret", draw[0])
            elif self.bend == "draw":
                draw[1] = draw[1][::-1]
        if self.bend == "game":
            data.update(game="dice-poker", title="Dice Poker")
        elif self.bend == "old":  # a board from before pages took seats in games with chance
            for key in ("draws", "half_due", "undo", "takeback"):
                del data[key]
        self.client.publish(f"kaskade/{self.game_id}/anna/view", json.dumps(data), qos=1,
                            retain=True)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.mark.parametrize(("bend", "said"), [
    ("half", "Anna's board showed a half for ply 0 that is not on the chain it committed to: "
             "refused"),
    ("draw", "Anna's board drew"),
    ("game", "Dice Poker has dice or shuffles this page cannot check"),
    ("old", "Big Balls has dice or shuffles this page cannot check")])
def test_a_board_whose_draw_does_not_check_is_refused(broker: Mosquitto, page_board: Served,
                                                      browser: Any, bend: str, said: str,
                                                      tmp_path: Any) -> None:
    anna = LyingBoard(broker, bend)
    try:
        open_panel(browser, page_board, page_board.pair())
        fill(browser, "play", anna.code, "phone", "Ben")
        wait(browser, lambda b: said in b.find_element(By.ID, "remote-error").text,
             f"the bent {bend} refused")
        if bend in ("game", "old"):  # the invite is left for a board; the page says no hello
            assert browser.find_element(By.ID, "remote-form").is_displayed()
            assert anna.table.seats[GUEST] is None
            return
        shoot(browser, tmp_path / f"bent-{bend}.png")
        text = browser.find_element(By.ID, "remote-error").text
        assert "This page plays no further in this game" in text
        assert page(browser)["bent"] == "true"
        assert not browser.find_element(By.ID, "remote-controls").is_displayed()
        assert not browser.find_element(By.ID, "remote-requests").is_displayed()
        if bend == "draw":
            ply, name, _ = json.loads(view_of(anna.table, bytes(3 * 64), SIZE))["draws"][0]
            assert f"drew {name[::-1]} at ply {ply}, but both halves give {name}" in text
    finally:
        anna.close()
