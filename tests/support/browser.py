"""A real browser for the web companion's page: Debian's Chromium, headless, driven by Selenium
through Debian's chromedriver (packages chromium and chromium-driver, which ``.ci/run``
installs; nothing is downloaded at run time). In CI a missing browser fails the test; on a
developer's machine without one it is skipped, saying so."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")
"""Headless, as root, and without the background connections a closed network refuses."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if shutil.which(path) is None]
    if missing:
        message = f"{', '.join(missing)} not installed (Debian: chromium chromium-driver)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    with tempfile.TemporaryDirectory() as profile:
        options.add_argument(f"--user-data-dir={profile}")
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        try:
            yield driver
        finally:
            driver.quit()
