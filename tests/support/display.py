"""A virtual X display for the tests of the simulator's window (Xvfb, with xdotool to click and
xwd to take screenshots; Debian: xvfb xdotool x11-apps, which ``.ci/run`` installs). In CI a
missing tool fails the test; on a developer's machine without them it is skipped, saying so."""

from __future__ import annotations

import os
import shutil
import subprocess
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
    # Xvfb picks a free display itself and writes its number to the pipe once it listens:
    # suites running side by side (and their parallel workers) never share or race for one.
    readable, writable = os.pipe()
    try:
        server = subprocess.Popen(["Xvfb", "-displayfd", str(writable), "-screen", "0",
                                   "1280x1024x24", "-nolisten", "tcp"], pass_fds=(writable,),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    finally:
        os.close(writable)
    with os.fdopen(readable) as answer:
        number = answer.readline().strip()  # empty if Xvfb ended without a display
    if not number:
        server.kill()
        server.wait()
        pytest.fail("Xvfb did not start")
    env = {**os.environ, "DISPLAY": f":{number}"}
    try:
        yield env
    finally:
        server.terminate()
        server.wait(timeout=30)
