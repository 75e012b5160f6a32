"""The web companion's page in a real browser (Debian's Chromium, headless): it shows the board
as the LEDs do and its description, pairs with the code the board writes on its LEDs, and plays
a Kaskade game to its end by clicks on the drawn pads."""

from __future__ import annotations

import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def test_the_page_shows_the_board_pairs_and_plays_a_game_to_its_end(served, browser):
    browser.set_window_size(1200, 1000)
    browser.get(served.server.address)
    wait = WebDriverWait(browser, 10)
    wait.until(lambda b: b.find_element(By.ID, "description").text.startswith("Home"))
    canvas = browser.find_element(By.ID, "leds")
    assert canvas.get_attribute("data-screen") == "HomeScreen"
    lit = browser.execute_script(
        "const c = document.getElementById('leds').getContext('2d');"
        "const d = c.getImageData(0, 0, 640, 640).data; let n = 0;"
        "for (let i = 0; i < d.length; i += 4) if (d[i] + d[i+1] + d[i+2] > 150) n++;"
        "return n;")
    assert lit > 1000, "the tiles glow on the drawn board"

    # pairing: the board writes the code on its LEDs; the page asks for it
    browser.find_element(By.ID, "pair").click()
    wait.until(lambda b: served.server.pairing.code is not None)
    served.wait_for(lambda: (served.app.announcer.text or "").startswith("code "), "the code")
    code = served.app.announcer.text.split()[1]
    browser.find_element(By.ID, "code").send_keys(code)
    browser.find_element(By.ID, "pair-send").click()
    wait.until(lambda b: b.execute_script("return localStorage.getItem('kaskade-token')"))
    assert "paired" in browser.find_element(By.ID, "link").text

    def click_pad(name: str) -> None:
        column, row = ord(name[0]) - ord("a"), int(name[1:]) - 1
        box = canvas.rect
        pad = box["width"] / 8
        x = int(column * pad + pad / 2 - box["width"] / 2)
        y = int((7 - row) * pad + pad / 2 - box["height"] / 2)
        from selenium.webdriver import ActionChains

        ActionChains(browser).move_to_element_with_offset(canvas, x, y).click().perform()
        time.sleep(0.35)

    # Kaskade, two people, a 2 x 2 board: the fifth ball's cascade takes every cell
    for pad in ("a8", "a8", "a8", "b2", "h8", "a1", "b2", "a2", "b1", "a1"):
        click_pad(pad)
    wait.until(lambda b: "White wins" in b.find_element(By.ID, "description").text)
    assert served.app.session.finished
    assert served.app.session.moves == ["a1", "b2", "a2", "b1", "a1"]

    # home: the game goes into the history, which the page replays move by move
    time.sleep(2.5)
    click_pad("h8")  # skips the result's words
    click_pad("h8")  # home
    wait.until(lambda b: b.find_element(By.ID, "leds").get_attribute("data-screen") ==
               "HomeScreen")
    browser.find_element(By.CSS_SELECTOR, "details:nth-of-type(3) summary").click()
    replay = wait.until(lambda b: b.find_element(By.CSS_SELECTOR, "#history button.replay"))
    replay.click()
    wait.until(lambda b: b.find_element(By.ID, "replay").get_attribute("open") is not None)
    assert browser.find_element(By.ID, "replay-move").text == "the start"
    for _ in range(5):
        browser.find_element(By.ID, "replay-next").click()
    assert browser.find_element(By.ID, "replay-move").text == "move 5: a1"
    assert "White wins" in browser.find_element(By.ID, "replay-description").text
