"""What the page was shown survives ``kill -9``: the board served on the web in its own
process (the real loop with its writer thread), moves played by its script, the process
killed the moment the page shows the last of them — and the next start has every move, in
order."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

KASKADE = str(Path(sys.executable).parent / "kaskade")
MOVES = ["c3", "d4", "b2", "e5"]


def test_a_kill_after_the_page_shows_a_move_loses_nothing(tmp_path):
    app = subprocess.Popen([KASKADE, "sim", "--headless", "--web", "127.0.0.1:0", "--script",
                            "-", "--state-dir", str(tmp_path)], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        found = re.search(r"the web companion is at (http://\S+)", app.stderr.readline())
        assert found, "the address is announced"

        def shown() -> list[str]:
            try:
                with urllib.request.urlopen(found[1] + "api/state", timeout=10) as answer:
                    return (json.loads(answer.read())["game"] or {}).get("moves", [])
            except urllib.error.HTTPError:  # 503 while the board starts
                return []

        # Kaskade: the tile twice, two people, 6x6, a touch past "White to move", the moves
        app.stdin.write("tap a8\ntap a8\ntap a8\ntap f6\ntap h8\n" +
                        "".join(f"tap {move}\n" for move in MOVES))
        app.stdin.flush()
        deadline = time.monotonic() + 60
        while shown() != MOVES:
            assert time.monotonic() < deadline, f"the page shows {shown()}"
            time.sleep(0.02)
        os.kill(app.pid, signal.SIGKILL)
    finally:
        if app.poll() is None:
            app.kill()
        app.wait(timeout=30)
        for stream in (app.stdin, app.stdout, app.stderr):
            stream.close()
    assert app.returncode == -signal.SIGKILL
    again = subprocess.run([KASKADE, "sim", "--headless", "--script", os.devnull,
                            "--state-dir", str(tmp_path)], capture_output=True, text=True,
                           timeout=60, check=False)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["game"]["moves"] == MOVES
