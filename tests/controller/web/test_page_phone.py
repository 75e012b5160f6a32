"""The first page on a phone (390 x 844, in Debian's headless Chromium), as a family meets it:
one choice per seat says who plays, a hint and resigning show only while a game is played,
the pairing dialog's fields are labelled; a game's moves are listed in columns that never
overlap, dice in words and marked as chance's; a game too big for this board (a 6 x 9
Kaskade game played in the terminal) is replayed all the same, drawn as a larger build shows
it; and the puzzle of the day is solved by its buttons."""

from __future__ import annotations

import random
from datetime import datetime

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from controller.app.session import Session
from controller.games import CHANCE
from controller.games.kaskade import KaskadeState
from controller.games.puzzle import puzzle_of
from tests.support.web import open_paired

pytestmark = pytest.mark.browser

OVERLAPS = """
const boxes = [...document.querySelectorAll(arguments[0])].map((e) => e.getBoundingClientRect())
  .filter((r) => r.width > 0);
const hits = [];
boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
  if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
    hits.push([a.left, a.top, b.left, b.top]);
}));
return [boxes.length, hits];
"""
"""How many of the elements a selector finds are drawn, and the pairs of them that overlap."""

CLIPPED = """
return [...document.querySelectorAll(arguments[0])].filter((e) => e.scrollWidth > e.clientWidth + 1)
  .map((e) => e.textContent);
"""


@pytest.fixture
def phone(browser):
    browser.set_window_size(390, 844)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1,
                             "mobile": True})
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.execute_script("localStorage.clear()")


def test_the_first_page_says_who_plays_in_one_place_and_offers_only_what_applies(served, phone):
    wait = open_paired(phone, served)
    assert not phone.find_element(By.ID, "hint").is_displayed(), "no hint on the home menu"
    assert not phone.find_element(By.ID, "resign").is_displayed()
    assert phone.find_element(By.ID, "menu").is_displayed()
    assert not phone.find_elements(By.ID, "computer-seat"), "one place says who plays"
    seats = phone.find_elements(By.CSS_SELECTOR, "#seats select")
    assert [seat.get_attribute("data-seat") for seat in seats] == ["white", "black"]
    choices = [option.text for option in Select(seats[1]).options]
    assert choices == ["a person"] + [f"the computer, level {n}" for n in range(1, 6)]
    unlabelled = phone.execute_script(
        "return [...document.querySelectorAll('#pairing input, #welcome input')]"
        ".filter((input) => !input.labels.length).map((input) => input.id);")
    assert unlabelled == [], "every field of the pairing box says what it is for"

    Select(phone.find_element(By.ID, "game")).select_by_value("big-balls")
    seats = phone.find_elements(By.CSS_SELECTOR, "#seats select")
    Select(seats[0]).select_by_visible_text("the computer, level 1")
    Select(seats[1]).select_by_visible_text("the computer, level 1")
    phone.find_element(By.CSS_SELECTOR, "#new-game button[type=submit]").click()
    served.wait_for(lambda: served.app.session is not None, "the game from the form")
    assert served.app.session.tags["White"] == served.app.session.tags["Black"] == "computer 1"
    served.wait_for(lambda: len(served.app.session.moves) >= 24, "two dozen moves")
    wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#moves li")) >= 24)
    wait.until(lambda b: b.find_element(By.ID, "hint").is_displayed())
    assert phone.find_element(By.ID, "resign").is_displayed()

    # the computers play on and the list is drawn anew with each move: read it in one go
    first, kind = phone.execute_script(
        "const li = document.querySelector('#moves li'); return [li.innerText, li.className];")
    assert first == "Black's stones are set out"
    assert "chance" in kind
    drawn, hits = phone.execute_script(OVERLAPS, "#moves li")
    assert drawn >= 24
    assert hits == [], "moves overlap on a phone"
    drawn, hits = phone.execute_script(OVERLAPS, "#moves .move, #moves .who")
    assert hits == []
    assert phone.execute_script(CLIPPED, "#moves li") == [], "a move is cut off"
    markers = phone.execute_script(
        "return [...document.querySelectorAll('#moves li')].map((li) => "
        "getComputedStyle(li).listStyleType);")
    assert set(markers) == {"none"}, "numbers are drawn in the list's columns, not as markers"


def finished_6x9() -> Session[KaskadeState]:
    """A finished Kaskade game on 6 x 9, the terminal's size, too big for an 8 x 8 board."""
    session = Session(KaskadeState(6, 9), [], {"Id": "69" * 16, "White": "human",
                                                "Black": "computer 2"}, None)
    rng = random.Random(4)
    while not session.finished:
        moves = session.state.legal_moves()
        assert session.state.to_move != CHANCE
        session.play(moves[int(rng.random() * len(moves))])
    return session


def test_a_game_too_big_for_this_board_is_replayed_on_a_phone(served, phone):
    game = finished_6x9()
    served.app.store.history.add(game.match(datetime(2026, 12, 1, 18, 0)))
    wait = open_paired(phone, served)
    phone.find_element(By.XPATH, "//summary[text()='History']").click()
    replay = wait.until(lambda b: b.find_element(By.CSS_SELECTOR, "#history button.replay"))
    phone.execute_script("arguments[0].click()", replay)
    wait.until(lambda b: b.find_element(By.ID, "replay").get_attribute("open") is not None)
    note = phone.find_element(By.ID, "replay-board")
    assert note.is_displayed()
    assert "this board is too small for the game" in note.text
    jumps = phone.find_elements(By.CSS_SELECTOR, "#replay-moves button")
    assert [jump.text for jump in jumps] == game.moves
    phone.execute_script("arguments[0].click()", jumps[6])
    wait.until(lambda b: b.find_element(By.ID, "replay-move").text.startswith("move 7:"))
    assert "Kaskade 6x9" in phone.find_element(By.ID, "replay-description").text
    drawn, hits = phone.execute_script(OVERLAPS, "#replay-moves li")
    assert drawn == len(game.moves)
    assert hits == []


def test_the_puzzle_of_the_day_is_solved_on_a_phone(served, phone):
    """Its question and its moves as buttons; a wrong one is answered in words, the right
    ones solve it, and the heading shows the streak."""
    puzzle = puzzle_of(served.app.wall_clock().date().toordinal())
    wait = open_paired(phone, served)
    phone.find_element(By.XPATH, "//details[@id='puzzle-panel']/summary").click()
    wait.until(lambda b: puzzle.question() in b.find_element(By.ID, "puzzle-question").text)
    assert phone.find_element(By.ID, "puzzle-state").text == "open"

    def choose(move: str) -> None:
        count = len(phone.find_elements(By.CSS_SELECTOR, "#puzzle-answers li"))
        button = next(b for b in phone.find_elements(By.CSS_SELECTOR, "#puzzle-legal button")
                      if b.text == move)
        phone.execute_script("arguments[0].click()", button)
        wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#puzzle-answers li")) >
                   count)

    choose(next(iter(puzzle.root.wrong)))
    answer = phone.find_elements(By.CSS_SELECTOR, "#puzzle-answers li")[-1]
    assert "not this one" in answer.text
    assert answer.get_attribute("class") == "wrong"
    node = puzzle.root
    while node is not None:
        move, child = next(iter(node.right.items()))
        choose(move)
        node = None if child is None else child[1]
    wait.until(lambda b: b.find_element(By.ID, "puzzle-state").text.startswith("solved today"))
    assert phone.find_elements(By.CSS_SELECTOR, "#puzzle-legal button") == []
    assert served.app.store.history.puzzles()[0].tries == 1
