"""The web companion's page in a real browser (Debian's Chromium, headless): it shows the board
as the LEDs do and its description, pairs with the code the board writes on its LEDs, and plays
a Kaskade game to its end by clicks on the drawn pads, then replays it with its cascade."""

from __future__ import annotations

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

        touched = served.app.announcer.last_input
        ActionChains(browser).move_to_element_with_offset(canvas, x, y).click().perform()
        # the board has taken the touch (the release comes with it, in order)
        served.wait_for(lambda: served.app.announcer.last_input != touched, f"the touch {name}")

    # Kaskade, two people, a 2 x 2 board: the fifth ball's cascade takes every cell
    for pad in ("a8", "a8", "a8", "b2", "h8", "a1", "b2", "a2", "b1", "a1"):
        click_pad(pad)
    wait.until(lambda b: "White wins" in b.find_element(By.ID, "description").text)
    assert served.app.session.finished
    assert served.app.session.moves == ["a1", "b2", "a2", "b1", "a1"]

    # home: the game goes into the history, which the page replays move by move
    served.wait_for(lambda: served.app.announcer.text == "White wins", "the result's words")
    click_pad("h8")  # skips the result's words
    click_pad("h8")  # home
    wait.until(lambda b: b.find_element(By.ID, "leds").get_attribute("data-screen") ==
               "HomeScreen")
    browser.find_element(By.CSS_SELECTOR, "details:nth-of-type(3) summary").click()
    replay = wait.until(lambda b: b.find_element(By.CSS_SELECTOR, "#history button.replay"))
    replay.click()
    wait.until(lambda b: b.find_element(By.ID, "replay").get_attribute("open") is not None)
    assert browser.find_element(By.ID, "replay-move").text == "the start"
    for ply in range(1, 5):
        browser.find_element(By.ID, "replay-next").click()
        wait.until(lambda b, ply=ply: b.find_element(By.ID, "replay-description").text
                   .startswith("Kaskade") and b.find_element(By.ID, "replay-move").text
                   .startswith(f"move {ply}:"))
    leds = browser.find_element(By.ID, "replay-leds")
    assert leds.get_attribute("data-animated") is None, "no cascade in the first four moves"
    browser.find_element(By.ID, "replay-next").click()  # the fifth ball cascades
    wait.until(lambda b: "White wins" in b.find_element(By.ID, "replay-description").text)
    assert browser.find_element(By.ID, "replay-move").text == "move 5: a1"
    assert int(leds.get_attribute("data-animated")) >= 3, "the cascade ran frame by frame"


def test_the_page_shows_the_sensors_heat_map_the_update_and_the_last_self_test(served, browser):
    from controller.devices.interfaces import PadReadings, SensorsFirmware

    bridge = served.server.api.bridge
    browser.set_window_size(1200, 1000)
    browser.get(served.server.address)
    wait = WebDriverWait(browser, 10)
    wait.until(lambda b: b.find_element(By.ID, "description").text.startswith("Home"))
    panel = browser.find_element(By.ID, "sensors-panel")
    panel.find_element(By.TAG_NAME, "summary").click()
    served.wait_for(lambda: served.app.wants_readings, "the page watching the sensors")
    bridge.post(PadReadings(tuple((pad, 700, 90 if pad == 9 else 3) for pad in range(64))))
    wait.until(lambda b: "1 pad(s) at the touch threshold" in
               b.find_element(By.ID, "sensors-state").text)
    red = browser.execute_script(
        "const c = document.getElementById('sensors'); const size = c.width / 8;"
        "return Array.from(c.getContext('2d').getImageData(size * 1.2, size * 6.2, 1, 1).data);")
    assert red[0] > 150, f"b2 glows red: {red}"
    assert red[2] < 80
    panel.find_element(By.TAG_NAME, "summary").click()  # closed: nobody watches
    served.wait_for(lambda: not served.app.wants_readings, "the watch ended")

    bridge.post(SensorsFirmware("0.0.1", "0" * 8))
    browser.find_element(By.CSS_SELECTOR, "details:nth-of-type(4) summary").click()
    wait.until(lambda b: b.find_element(By.ID, "update").is_displayed())
    assert "0.0.1" in browser.find_element(By.ID, "health").text
    assert browser.find_element(By.ID, "selftest").text.startswith("none yet")
