"""A virtual X display for the tests of the simulator's window (Xvfb, with xdotool to click and
xwd to take screenshots; Debian: xvfb xdotool x11-apps, which ``.ci/run`` installs). In CI a
missing tool fails the test; on a developer's machine without them it is skipped, saying so."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator

import pytest

TOOLS = ("Xvfb", "xdotool", "xwd")


@pytest.fixture(scope="module")
def display() -> Iterator[dict[str, str]]:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        message = f"{', '.join(missing)} not installed (Debian: xvfb xdotool x11-apps)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    number = 90 + os.getpid() % 500
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1280x1024x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = {**os.environ, "DISPLAY": f":{number}"}
    deadline = time.monotonic() + 20
    while subprocess.run(["xdotool", "getdisplaygeometry"], env=env, capture_output=True,
                         check=False).returncode != 0:
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            pytest.fail("Xvfb did not start")
        time.sleep(0.1)
    yield env
    server.terminate()
    server.wait(timeout=10)
