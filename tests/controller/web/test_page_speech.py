"""The page speaks the board's words in Debian's headless Chromium: once "say them on this
device" is ticked, each new thing the board says ("White to move", the result, a lesson's step)
goes to the browser's speech synthesis in the board's language — seen by a spy on
``speechSynthesis.speak`` that still calls it — and nothing once it is unticked; the board's
own speaker is a setting saved from the page."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from tests.support.web import open_paired

pytestmark = pytest.mark.browser

SPY = """
window.__spoken = [];
const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
window.speechSynthesis.speak = (utterance) => {
  window.__spoken.push([utterance.text, utterance.lang]);
  speak(utterance);
};
"""
"""Run before the page's own scripts: every utterance it speaks is noted, then spoken."""


def spoken(browser) -> list[list[str]]:
    return browser.execute_script("return window.__spoken")


@pytest.fixture
def listening(browser):
    browser.set_window_size(1200, 1000)
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SPY})
    yield browser
    browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                            {"identifier": script["identifier"]})
    browser.execute_script("localStorage.clear()")


def test_the_page_says_the_boards_words_in_its_language(served, listening):
    browser = listening
    wait = open_paired(browser, served)
    browser.find_element(By.XPATH, "//summary[text()='Settings']").click()
    assert spoken(browser) == [], "nothing is said until it is asked for"
    browser.find_element(By.ID, "speak-here").click()
    wait.until(lambda b: ["speech on", "en-GB"] in spoken(b))

    served.request("POST", "/api/games", {"game": "kaskade", "options": {"size": "3x3"}})
    wait.until(lambda b: ["White to move", "en-GB"] in spoken(b))

    served.request("PUT", "/api/settings", {"language": "de"})
    served.request("POST", "/api/games", {"game": "kaskade", "options": {"size": "4x4"}})
    wait.until(lambda b: ["Weiß am Zug", "de-DE"] in spoken(b))

    browser.find_element(By.ID, "speak-here").click()  # off on this device
    count = len(spoken(browser))
    served.request("POST", "/api/games", {"game": "kaskade", "options": {"size": "2x2"}})
    wait.until(lambda b: "Kaskade 2x2" in b.find_element(By.ID, "description").text)
    assert len(spoken(browser)) == count, "unticked, the page says no more"


def test_the_boards_speaker_is_switched_from_the_page(served, listening):
    browser = listening
    open_paired(browser, served)
    browser.find_element(By.XPATH, "//summary[text()='Settings']").click()
    box = browser.find_element(By.ID, "speech")
    assert not box.is_selected()
    box.click()
    browser.find_element(By.CSS_SELECTOR, "#settings button[type=submit]").click()
    served.wait_for(lambda: served.app.settings.speech, "the board's speech setting")
    assert served.request("GET", "/api/settings")[1]["speech"] is True
