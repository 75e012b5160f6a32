"""The web companion's page in a real browser (Debian's Chromium, headless): it shows the board
as the LEDs do and its description, pairs with the code the board writes on its LEDs (covered
on the page until it is paired), and plays a Kaskade game to its end by clicks on the drawn
pads, then replays it with its cascade; a board that shows itself to paired devices only
greets an unpaired phone with how to pair, and nothing else. On a phone (390 x 844) the
new-game form offers the games that fit with a control for each option, the player who lost
reads so, and the replay dialog shows all its buttons."""

from __future__ import annotations

import zipfile

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from controller import __version__
from controller.app import signatures
from controller.app.upgrades import SPOOL
from tests.support.signing import signer
from tests.support.web import open_paired

WAIT = 30.0
"""Seconds to wait for the page to show what it should: a busy machine's browser may take many
seconds to load the page again (after pairing) or to run its script."""

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("page")]


def test_the_page_shows_the_board_pairs_and_plays_a_game_to_its_end(served, browser):
    browser.set_window_size(1200, 1000)
    browser.get(served.server.address)
    wait = WebDriverWait(browser, WAIT)
    wait.until(lambda b: b.find_element(By.ID, "description").text.startswith("Home"))
    canvas = browser.find_element(By.ID, "leds")
    assert canvas.get_attribute("data-screen") == "HomeScreen"
    lit = browser.execute_script(
        "const c = document.getElementById('leds').getContext('2d');"
        "const d = c.getImageData(0, 0, 640, 640).data; let n = 0;"
        "for (let i = 0; i < d.length; i += 4) if (d[i] + d[i+1] + d[i+2] > 150) n++;"
        "return n;")
    assert lit > 1000, "the tiles glow on the drawn board"

    # pairing: the page says to touch the board's pairing pad; the board writes the code
    browser.find_element(By.ID, "pair").click()
    wait.until(lambda b: b.find_element(By.ID, "pairing").get_attribute("open") is not None)
    assert "blue pairing pad" in browser.find_element(By.ID, "pairing").text
    assert served.app.pairing.code is None, "the page cannot ask for a code"
    code = served.touch_pairing_pad()
    wait.until(lambda b: b.find_element(By.ID, "leds").get_attribute("data-covered") == "true")
    assert "pairing code is on the board" in browser.find_element(By.ID, "description").text
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

    # the game is in the history as soon as it ends, which the page replays move by move
    browser.find_element(By.XPATH, "//summary[text()='History']").click()
    replay = wait.until(lambda b: b.find_element(By.CSS_SELECTOR, "#history button.replay"))
    assert "White beat Black (two people)" in browser.find_element(By.ID, "history").text
    assert browser.find_element(By.ID, "result").text.startswith("White won · ")
    assert served.app.session is not None, "no touch on the board was needed"
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
    wait = WebDriverWait(browser, WAIT)
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
    browser.find_element(By.XPATH, "//summary[text()='The board']").click()
    wait.until(lambda b: b.find_element(By.ID, "update").is_displayed())
    assert "0.0.1" in browser.find_element(By.ID, "health").text
    assert browser.find_element(By.ID, "selftest").text.startswith("none yet")


def test_an_unpaired_phone_is_told_how_to_pair_and_then_sees_the_board(guarded, browser):
    browser.set_window_size(390, 900)
    browser.get(guarded.server.address)
    browser.execute_script("localStorage.clear()")
    browser.get(guarded.server.address)
    wait = WebDriverWait(browser, WAIT)
    welcome = wait.until(lambda b: b.find_element(By.ID, "welcome"))
    wait.until(lambda b: welcome.is_displayed())
    assert "touch the blue pairing pad" in welcome.text
    assert "type the code here" in welcome.text.lower()
    assert not browser.find_element(By.ID, "main").is_displayed(), "no board, no history"
    code = guarded.touch_pairing_pad()
    browser.find_element(By.ID, "welcome-code").send_keys(code)
    browser.find_element(By.ID, "welcome-send").click()  # paired: the page loads again
    wait = WebDriverWait(browser, WAIT, ignored_exceptions=(StaleElementReferenceException,))
    wait.until(lambda b: b.find_element(By.ID, "main").is_displayed())
    wait.until(lambda b: b.find_element(By.ID, "description").text.startswith("Home"))
    assert "paired" in browser.find_element(By.ID, "link").text
    browser.execute_script("localStorage.clear()")


def test_a_paired_page_uploads_a_new_release_where_the_board_takes_them(served, browser,
                                                                         tmp_path, monkeypatch):
    """Where the board takes uploaded releases (``kaskade install --web-upgrades`` makes their
    folder), the board panel offers the upload; the wheel and its signature, chosen together,
    go to the board whole (a wheel alone is not sent: the page says to choose both)."""
    keys = signer(tmp_path / "release-keys")
    monkeypatch.setattr(signatures, "TRUSTED", keys.trusted)
    (tmp_path / SPOOL).mkdir()
    name = "kaskade_board-9.0.0-py3-none-any.whl"
    wheel = tmp_path / name
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("kaskade_board-9.0.0.dist-info/METADATA",
                         "Metadata-Version: 2.4\nName: kaskade-board\nVersion: 9.0.0\n")
        archive.writestr("controller/__init__.py", '__version__ = "9.0.0"\n')
    token = served.pair()
    browser.get(served.server.address)
    browser.execute_script("localStorage.setItem('kaskade-token', arguments[0])", token)
    browser.get(served.server.address)
    wait = WebDriverWait(browser, WAIT)
    browser.find_element(By.XPATH, "//summary[text()='The board']").click()
    wait.until(lambda b: b.find_element(By.ID, "release-row").is_displayed())
    assert browser.find_element(By.ID, "release-running").text == __version__
    browser.find_element(By.ID, "release").send_keys(str(wheel))
    wait.until(lambda b: "wheel and its signature" in b.find_element(By.ID, "message")
               .get_attribute("textContent"))
    browser.find_element(By.ID, "release").send_keys(f"{wheel}\n{keys.sign(wheel)}")
    wait.until(expected_conditions.alert_is_present())
    alert = browser.switch_to.alert
    assert name in alert.text
    alert.accept()
    wait.until(lambda b: (tmp_path / SPOOL / name).is_file())
    assert (tmp_path / SPOOL / name).read_bytes() == wheel.read_bytes()
    wait.until(lambda b: "release 9.0.0 was uploaded and waits to be installed" in
               b.find_element(By.ID, "health").text)


def test_where_the_board_takes_no_releases_the_page_offers_no_upload(served, browser):
    served.pair()
    browser.get(served.server.address)
    wait = WebDriverWait(browser, WAIT)
    browser.find_element(By.XPATH, "//summary[text()='The board']").click()
    wait.until(lambda b: b.find_element(By.ID, "release-running")
               .get_attribute("textContent") == __version__)
    assert not browser.find_element(By.ID, "release-row").is_displayed()


def _phone(browser) -> None:
    browser.set_window_size(390, 844)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1,
                             "mobile": True})


def test_on_a_phone_the_form_offers_what_fits_and_the_loser_reads_so(served, browser):
    from selenium.webdriver.support.ui import Select

    _phone(browser)
    try:
        wait = open_paired(browser, served)
        games = Select(browser.find_element(By.ID, "game"))
        assert [option.text for option in games.options] == ["Kaskade", "Cascades",
                                                              "Big Balls"]
        assert not browser.find_elements(By.ID, "options") or \
            browser.find_element(By.ID, "options").tag_name == "fieldset"
        games.select_by_value("cascades")
        shape = Select(browser.find_element(By.CSS_SELECTOR, '[data-option="shape"]'))
        assert [option.text for option in shape.options] == ["widening", "hexagon"]
        size = browser.find_element(By.CSS_SELECTOR, '[data-option="size"]')
        assert size.get_attribute("max") == "4"
        games.select_by_value("kaskade")
        width = browser.find_element(By.CSS_SELECTOR, '[data-option="size:width"]')
        height = browser.find_element(By.CSS_SELECTOR, '[data-option="size:height"]')
        for field in (width, height):
            field.clear()
            field.send_keys("2")
        Select(browser.find_element(By.CSS_SELECTOR, '#seats select[data-seat="black"]')) \
            .select_by_visible_text("the computer, level 3")
        browser.find_element(By.CSS_SELECTOR, "#new-game button[type=submit]").click()
        served.wait_for(lambda: served.app.session is not None, "the game from the form")
        session = served.app.session
        assert session.state.options() == {"size": "2x2"}
        assert session.tags["Black"] == "computer 3"

        assert served.request("POST", "/api/game/resign")[0] == 200
        wait.until(lambda b: b.find_element(By.ID, "result").is_displayed())
        result = browser.find_element(By.ID, "result").text
        assert result.startswith("You lost: Black won · White resigned")

        browser.find_element(By.XPATH, "//summary[text()='History']").click()
        replay = wait.until(lambda b: b.find_element(By.CSS_SELECTOR, "#history button.replay"))
        assert "Black (level 3) beat White (a person)" in \
            browser.find_element(By.ID, "history").text
        browser.execute_script("arguments[0].click()", replay)
        wait.until(lambda b: b.find_element(By.ID, "replay").get_attribute("open") is not None)
        description = browser.find_element(By.ID, "replay-description").text
        assert "thinking" not in description
        assert "touch" not in description
        inside = browser.execute_script(
            "return Array.from(document.querySelectorAll('#replay button, #replay-ply'))"
            ".map((e) => { const r = e.getBoundingClientRect();"
            " return [e.id, r.left >= 0 && r.right <= innerWidth && r.top >= 0 &&"
            " r.bottom <= innerHeight]; });")
        assert all(fits for _, fits in inside), f"cut off on a 390 x 844 phone: {inside}"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        browser.execute_script("localStorage.clear()")


def test_learn_on_the_page_starts_the_chosen_games_lesson_and_its_words_show(served, browser):
    from selenium.webdriver.support.ui import Select

    from controller.app.screens.lesson import LessonScreen

    browser.set_window_size(1200, 1000)
    wait = open_paired(browser, served)
    Select(browser.find_element(By.ID, "game")).select_by_value("big-balls")
    learn = browser.find_element(By.ID, "learn")
    assert learn.is_displayed()
    learn.click()
    served.wait_for(lambda: isinstance(served.app.screen, LessonScreen), "the lesson")
    wait.until(lambda b: "The Big Balls lesson starts on the board: 4 steps" in
               b.find_element(By.TAG_NAME, "body").text)
    wait.until(lambda b: b.find_element(By.ID, "description").text.startswith(
        "Learning Big Balls · step 1 of 4: Black is to move."))
