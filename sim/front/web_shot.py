"""Pictures of the web companion for the documentation: the simulator's board (the touch
firmware on a simulated microcontroller) after a self-test, with a Kaskade game in progress,
served on a free port and photographed in Debian's headless Chromium at a desktop's and a
phone's size (``web-desktop.png``, ``web-phone.png``), and with the board's health and the
sensors' heat map open while a finger rests on a pad (``web-health.png``); the board's updates
as an owner meets them after an upload that did not take, the touch board reporting an older
firmware (``web-updates.png``); what a phone not paired gets from a board that shows itself
to paired devices only (``web-pairing.png``); and on a phone the moves of a Big Balls game the
computer plays against itself, dice in words (``web-phone-moves.png``), the replay of a 6 x 9
Kaskade game played in the terminal, too big for the 8 x 8 board (``web-phone-replay.png``), and
the puzzle of the day (``web-phone-puzzle.png``).

Run ``python -m sim.front.web_shot --png-out docs/images`` (``make web-screenshots``); it needs the
packages chromium and chromium-driver.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from controller import __version__
from controller.app.app import App
from controller.app.screens.selftest import SelfTestScreen
from controller.app.session import Session
from controller.devices.interfaces import ButtonDown, ButtonUp, PadDown, PadUp, SensorsFirmware
from controller.games.big_balls import BigBallsState
from controller.games.kaskade import KaskadeState
from controller.profile import load_profile
from controller.web.bridge import Bridge
from sim.board import SimBoard
from sim.front.served import Served, served_board

SIZES = {"web-desktop": (1280, 900), "web-phone": (390, 1000)}
PHONE = (390, 844)
HEALTH = ("web-health", (1280, 1400))
UPDATES = ("web-updates", (1280, 900))
OLDER_FIRMWARE = ("0.5.0", "5e1d0c2a")
"""What a touch board with an older firmware says when it connects."""
FAILED_UPLOAD = {"state": "failed", "wheel": "kaskade_board-9.1.0-py3-none-any.whl",
                 "time": "2026-11-21T18:04:11+00:00",
                 "message": "kaskade-board-9.1.0 did not report ready within 60 s; "
                            "kaskade-board-{running} runs again"}
"""How the upgrade service says an uploaded release did not come up (``upgrade.json``)."""
PAIRING = ("web-pairing", (390, 760))
MOVES = ("h8", "c3", "d4", "c3", "d3", "c2", "e5")
"""A touch that skips "White to move", then the moves of the game on show."""
FINGER = 27
"""The pad (d4) a finger rests on while the heat map is photographed."""


def main(argv: list[str] | None = None) -> int:
    """Serve a board with a game in progress and photograph its page."""
    parser = argparse.ArgumentParser(prog="python -m sim.front.web_shot", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--png-out", type=Path, required=True)
    args = parser.parse_args(argv)
    from selenium import webdriver  # noqa: PLC0415
    from selenium.webdriver.chrome.service import Service  # noqa: PLC0415
    from selenium.webdriver.common.by import By  # noqa: PLC0415

    profile = load_profile("kaskade-8x8")
    with tempfile.TemporaryDirectory() as state, \
            served_board(profile, Path(state), firmware=True, reading="open") as served, \
            served_board(profile, Path(state) / "guarded", reading="paired") as guarded:
        bridge, server = served.bridge, served.server
        _self_test(bridge, profile.pads)
        bridge.call(lambda app, now: app.new_game(KaskadeState(6, 6), {})).result(timeout=5)
        for name in MOVES:
            _tap(bridge, (int(name[1:]) - 1) * profile.columns + ord(name[0]) - ord("a"))
            time.sleep(0.5)
        time.sleep(2)
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update",
                     "--hide-scrollbars"):
            options.add_argument(flag)
        browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            args.png_out.mkdir(parents=True, exist_ok=True)
            for picture, (width, height) in SIZES.items():
                browser.set_window_size(width, height)
                _quiet(served.app)
                browser.get(server.address)
                time.sleep(1.5)
                browser.save_screenshot(str(args.png_out / f"{picture}.png"))
            picture, (width, height) = HEALTH
            browser.set_window_size(width, height)
            browser.get(server.address)
            time.sleep(1.0)
            for selector in ("//summary[text()='New game']", "//summary[text()='The board']",
                             "//details[@id='sensors-panel']/summary"):  # health open
                browser.find_element(By.XPATH, selector).click()
            board = served.board
            assert isinstance(board, SimBoard)
            assert board.fingers is not None
            board.fingers.down(FINGER)
            time.sleep(2.0)
            browser.save_screenshot(str(args.png_out / f"{picture}.png"))
            board.fingers.up(FINGER)
            _updates(Path(state), bridge)
            _photograph_updates(browser, server.address, args.png_out)
            picture, (width, height) = PAIRING
            browser.set_window_size(width, height)
            browser.get(guarded.server.address)
            time.sleep(1.0)
            browser.save_screenshot(str(args.png_out / f"{picture}.png"))
            _phone_pictures(browser, served, args.png_out)
        finally:
            browser.quit()
    return 0


def _photograph_updates(browser: Any, address: str, png_out: Path) -> None:
    """The page with the board's part open, scrolled to it, the new game's part closed."""
    from selenium.webdriver.common.by import By  # noqa: PLC0415

    picture, (width, height) = UPDATES
    browser.set_window_size(width, height)
    browser.get(address)
    time.sleep(1.0)
    browser.find_element(By.XPATH, "//summary[text()='New game']").click()
    board = browser.find_element(By.XPATH, "//summary[text()='The board']")
    board.click()
    time.sleep(1.5)
    browser.execute_script("arguments[0].scrollIntoView()", board)
    time.sleep(0.3)
    browser.save_screenshot(str(png_out / f"{picture}.png"))


def _updates(state: Path, bridge: Bridge) -> None:
    """An upload that did not take, as the upgrade service reports it, and a touch board
    saying it runs an older firmware."""
    failed = {**FAILED_UPLOAD, "message": FAILED_UPLOAD["message"].format(running=__version__)}
    (state / "upgrade.json").write_text(json.dumps(failed) + "\n")
    bridge.post(SensorsFirmware(*OLDER_FIRMWARE))
    time.sleep(0.5)
def _phone_pictures(browser: Any, served: Served, out: Path) -> None:
    """The phone's pictures of the move list, a replay and the puzzle of the day."""
    from selenium.webdriver.common.by import By  # noqa: PLC0415

    bridge = served.bridge
    game = _finished_6x9()
    bridge.call(lambda a, now: a.store.history.add(game.match(datetime(2026, 11, 21, 18))))\
        .result(timeout=5)
    session: Session[Any] = bridge.call(
        lambda app, now: app.new_game(BigBallsState.new({}), {0: 1, 1: 1})).result(timeout=5)
    deadline = time.monotonic() + 120
    while len(session.moves) < 40 and time.monotonic() < deadline:
        time.sleep(0.2)
    bridge.call(lambda a, now: session.resign(0)).result(timeout=5)  # the moves stay put
    browser.set_window_size(*PHONE)
    browser.get(served.server.address)
    time.sleep(1.5)
    browser.execute_script("document.getElementById('moves-panel').scrollIntoView()")
    time.sleep(0.3)
    browser.save_screenshot(str(out / "web-phone-moves.png"))
    browser.execute_script(f"openReplay('{game.tags['Id']}')")
    time.sleep(2.0)
    browser.execute_script("showPly(9)")
    time.sleep(0.5)
    browser.save_screenshot(str(out / "web-phone-replay.png"))
    browser.execute_script("document.getElementById('replay').close()")
    browser.find_element(By.XPATH, "//details[@id='puzzle-panel']/summary").click()
    time.sleep(2.0)
    browser.execute_script("document.getElementById('puzzle-panel').scrollIntoView()")
    time.sleep(0.3)
    browser.save_screenshot(str(out / "web-phone-puzzle.png"))


def _finished_6x9() -> Session[KaskadeState]:
    """A finished Kaskade game on 6 x 9, the terminal's size (random moves, seeded)."""
    session = Session(KaskadeState(6, 9), [], {"Id": "6c9" * 10 + "ab", "White": "human",
                                               "Black": "computer 2"}, None)
    rng = random.Random(5)
    while not session.finished:
        moves = session.state.legal_moves()
        session.play(moves[int(rng.random() * len(moves))])
    return session


def _quiet(app: App, seconds: float = 60.0) -> None:
    """Wait until no words cover the board (on a busy computer the simulated touch board may
    miss a heartbeat, and the board then says "touch board back" for a while)."""
    deadline = time.monotonic() + seconds
    while app.announcer.message is not None and time.monotonic() < deadline:
        time.sleep(0.2)


def _tap(bridge: Bridge, pad: int) -> None:
    bridge.post(PadDown(pad))
    time.sleep(0.1)
    bridge.post(PadUp(pad))


def _self_test(bridge: Bridge, pads: int) -> None:
    """A quick self-test in which every pad answers, so the page has a report to show."""
    screen: list[SelfTestScreen] = []

    def begin(app: Any, now: float) -> None:
        screen.append(SelfTestScreen(app, led_seconds=0.002, pad_seconds=5))
        app.show(screen[0])

    bridge.call(begin).result(timeout=5)
    while screen[0].phase == "leds":
        time.sleep(0.05)
    for pad in range(pads):
        _tap(bridge, pad)
        time.sleep(0.05)
    while not screen[0].report.finished:
        time.sleep(0.05)
    time.sleep(0.5)
    bridge.post(ButtonDown("menu"))  # the verdict's words, then home
    bridge.post(ButtonUp("menu"))
    time.sleep(0.3)
    bridge.post(ButtonDown("menu"))
    bridge.post(ButtonUp("menu"))


if __name__ == "__main__":
    raise SystemExit(main())
