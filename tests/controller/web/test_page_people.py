"""The web page in a real browser (Debian's Chromium, headless): a person is named in the
Players panel and chosen for a seat of a new game; the game's moves are listed as they are
played, with who played each; the history shows the running score; the replay lists the
moves to jump to."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.support.history import add_games
from tests.support.web import open_paired

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("page-people")]


def test_a_named_person_plays_from_the_page_and_the_score_and_moves_show(served, browser):
    browser.set_window_size(1200, 1000)
    wait = open_paired(browser, served)
    try:
        # the Players panel: a name that cannot be written on the LEDs is refused, then Anna
        browser.find_element(By.XPATH, "//summary[text()='Players']").click()
        name = browser.find_element(By.ID, "person-name")
        name.send_keys("R2D2")
        browser.find_element(By.CSS_SELECTOR, "#add-person button").click()
        wait.until(lambda b: "not a name the board can write" in
                   b.find_element(By.ID, "person-error").text)
        name.clear()
        name.send_keys("Anna")
        browser.find_element(By.CSS_SELECTOR, "#add-person button").click()
        wait.until(lambda b: "Anna" in b.find_element(By.ID, "people").text)
        assert served.app.store.history.people() == ["Anna"]

        # a new game: the computer plays Black at level 1, Anna White
        Select(browser.find_element(By.ID, "game")).select_by_value("kaskade")
        for option, value in (("size:width", "3"), ("size:height", "3")):
            field = browser.find_element(By.CSS_SELECTOR, f'[data-option="{option}"]')
            field.clear()
            field.send_keys(value)
        seats = browser.find_elements(By.CSS_SELECTOR, "#seats select")
        assert [s.get_attribute("data-seat") for s in seats] == ["white", "black"], \
            "one choice per seat: a person, a name or the computer"
        Select(seats[1]).select_by_visible_text("the computer, level 1")
        Select(seats[0]).select_by_visible_text("Anna")
        browser.find_element(By.CSS_SELECTOR, "#new-game button[type=submit]").click()
        served.wait_for(lambda: served.app.session is not None, "the game from the form")
        assert served.app.session.tags["White"] == "Anna"
        wait.until(lambda b: "Anna (White) against level 1" in
                   b.find_element(By.ID, "description").text)

        # the moves as they are played, with who played each
        served.request("POST", "/api/touch", {"pad": "h8"})  # skips "your turn"
        served.request("POST", "/api/touch", {"pad": "b2"})
        served.wait_for(lambda: len(served.app.session.moves) == 2, "the computer's answer")
        wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#moves li")) == 2)
        moves = [item.text for item in browser.find_elements(By.CSS_SELECTOR, "#moves li")]
        assert moves[0].split("\n") == ["b2", "Anna (White)"]
        assert moves[1].endswith("\nlevel 1 (Black)")
        assert browser.find_element(By.ID, "moves-count").text == "(2)"

        # Anna resigns: the history shows the score, the replay lists the moves
        assert served.request("POST", "/api/game/resign")[0] == 200
        wait.until(lambda b: b.find_element(By.ID, "result").is_displayed())
        assert browser.find_element(By.ID, "result").text.startswith(
            "You lost: Black won · White resigned")
        browser.find_element(By.XPATH, "//summary[text()='History']").click()
        wait.until(lambda b: b.find_element(By.ID, "scores").is_displayed())
        ratings = browser.find_element(By.ID, "ratings").text
        assert "level 1" in ratings
        assert "Anna" in ratings
        assert "Kaskade: Anna 0 – 1 level 1" in browser.find_element(By.ID, "head-to-head").text
        assert "White (level 1)" not in browser.find_element(By.ID, "history").text
        assert "Black (level 1) beat Anna (White)" in browser.find_element(By.ID, "history").text
        browser.find_element(By.CSS_SELECTOR, "#history button.replay").click()
        wait.until(lambda b: b.find_element(By.ID, "replay").get_attribute("open") is not None)
        jumps = browser.find_elements(By.CSS_SELECTOR, "#replay-moves button")
        assert [jump.text for jump in jumps] == served.app.session.moves
        jumps[1].click()
        wait.until(lambda b: b.find_element(By.ID, "replay-move").text.startswith("move 2:"))
        assert "current" in browser.find_elements(By.CSS_SELECTOR, "#replay-moves li")[1] \
            .get_attribute("class")
    finally:
        browser.execute_script("localStorage.clear()")


def test_on_a_phone_the_scores_and_the_players_fit_its_width(served, browser):
    add_games(served.app.store.history, [("Anna", "computer 2", "white"),
                                         ("Ben Lee", "Anna", "draw")])
    for name in ("Anna", "Ben Lee"):
        served.app.store.history.add_person(name, "2026-11-21")
    browser.set_window_size(390, 844)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1,
                             "mobile": True})
    try:
        wait = open_paired(browser, served)
        for panel in ("History", "Players"):
            browser.find_element(By.XPATH, f"//summary[text()='{panel}']").click()
        wait.until(lambda b: b.find_element(By.ID, "scores").is_displayed())
        wait.until(lambda b: "Ben Lee" in b.find_element(By.ID, "people").text)
        assert "Kaskade: Anna 0 – 0 Ben Lee, 1 drawn" in \
            browser.find_element(By.ID, "head-to-head").text
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        browser.execute_script("localStorage.clear()")
