"""Pictures of the web companion for the documentation: the simulated board's app with a
Kaskade game in progress, served on a free port, photographed in Debian's headless Chromium at
a desktop's and a phone's size (``web-desktop.png``, ``web-phone.png``).

Run ``python -m sim.web_shot --png-out docs/images`` (``make web-screenshots``); it needs the
packages chromium and chromium-driver.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from controller.devices.interfaces import PadDown, PadUp
from controller.games.kaskade import KaskadeState
from controller.profile import load_profile
from sim.served import served_board

SIZES = {"web-desktop": (1280, 900), "web-phone": (390, 1000)}
MOVES = ("h8", "c3", "d4", "c3", "d3", "c2", "e5")
"""A touch that skips "White to move", then the moves of the game on show."""


def main(argv: list[str] | None = None) -> int:
    """Serve a board with a game in progress and photograph its page."""
    parser = argparse.ArgumentParser(prog="python -m sim.web_shot", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--png-out", type=Path, required=True)
    args = parser.parse_args(argv)
    from selenium import webdriver  # noqa: PLC0415
    from selenium.webdriver.chrome.service import Service  # noqa: PLC0415

    profile = load_profile("kaskade-8x8")
    with tempfile.TemporaryDirectory() as state, served_board(profile, Path(state)) as served:
        bridge, server = served.bridge, served.server
        bridge.call(lambda app, now: setattr(app, "screen", app.start_game(
            KaskadeState(6, 6), {}))).result(timeout=5)
        for name in MOVES:
            pad = (int(name[1:]) - 1) * profile.columns + ord(name[0]) - ord("a")
            bridge.post(PadDown(pad))
            time.sleep(0.1)
            bridge.post(PadUp(pad))
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
                browser.get(server.address)
                time.sleep(1.5)
                browser.save_screenshot(str(args.png_out / f"{picture}.png"))
        finally:
            browser.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
