"""The web companion from the command line: ``kaskade sim --web`` and ``kaskade play --web``
print the address and serve the board there (the simulator to anyone, the board app to paired
devices only); wrong addresses and combinations are refused."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from controller.cli import main

KASKADE = str(Path(sys.executable).parent / "kaskade")


@pytest.mark.display
@pytest.mark.parametrize(("command", "reading"), [(["sim"], "open"),
                                                  (["play", "--board", "sim"], "paired")])
def test_the_simulator_serves_its_board_at_the_address_it_prints(display, tmp_path, command,
                                                                 reading):
    app = subprocess.Popen([KASKADE, *command, "--web", "127.0.0.1:0", "--state-dir",
                            str(tmp_path)], env=display, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        line = app.stderr.readline()
        found = re.search(r"the web companion is at (http://\S+)", line)
        assert found, line
        address = found[1]
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(address + "api/pair", timeout=5) as answer:
                    pairing = json.loads(answer.read())
                break
            except OSError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.2)
        assert pairing["reading"] == reading
        if reading == "paired":
            with pytest.raises(urllib.error.HTTPError, match="401"):
                urllib.request.urlopen(address + "api/state", timeout=5)
            return
        while True:
            try:
                with urllib.request.urlopen(address + "api/state", timeout=5) as answer:
                    state = json.loads(answer.read())
                break
            except OSError:
                assert time.monotonic() < deadline, "the state never came"
                time.sleep(0.2)
        assert state["screen"] == "HomeScreen"
        assert state["board"]["name"] == "Kaskade Board 8x8"
        with urllib.request.urlopen(address + "api/doctor", timeout=30) as answer:
            checks = json.loads(answer.read())
        assert {"name": "profile", "status": "ok"}.items() <= next(
            check for check in checks if check["name"] == "profile").items()
        assert not any(check["name"] == "touch board" for check in checks)
    finally:
        app.terminate()
        app.wait(timeout=20)


@pytest.mark.parametrize(("argv", "message"), [
    (["sim", "--web", "localhost:http"], "give a port"),
    (["play", "--terminal", "--web", "8765"], "--web goes with the board app"),
])
def test_wrong_web_options_are_refused_with_the_reason(argv, message, capsys, tmp_path):
    assert main([*argv, "--state-dir", str(tmp_path)]) == 2
    assert message in capsys.readouterr().err


def test_a_headless_script_runs_in_real_time_while_the_board_is_served(tmp_path):
    app = subprocess.Popen([KASKADE, "sim", "--headless", "--web", "127.0.0.1:0", "--script",
                            "-", "--state-dir", str(tmp_path), "--png-out",
                            str(tmp_path / "shots")], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        found = re.search(r"the web companion is at (http://\S+)", app.stderr.readline())
        assert found
        address = found[1]

        def state() -> dict:
            with urllib.request.urlopen(address + "api/state", timeout=10) as answer:
                return json.loads(answer.read())

        deadline = time.monotonic() + 60
        first = None
        while first is None:
            try:
                first = state()
            except urllib.error.HTTPError as error:  # 503 while the board starts
                starting = error.code
                assert starting == 503
                assert time.monotonic() < deadline, "the board never started"
                time.sleep(0.1)
        assert first["screen"] == "HomeScreen"
        # Kaskade: the tile twice, two people, 6x6, a touch past "White to move", c3
        app.stdin.write("tap a8\ntap a8\ntap a8\ntap f6\ntap h8\ntap c3\ndescribe\n")
        app.stdin.flush()
        assert "Black to move" in app.stdout.readline(), "the script's touches played c3"
        assert state()["game"]["moves"] == ["c3"], "and the page sees the game live"
        app.stdin.write("png middle\n")
        app.stdin.close()  # the end of the script: the board is no longer served
        assert app.wait(timeout=30) == 0
        summary = json.loads(app.stdout.read().splitlines()[-1])
        assert summary["game"]["moves"] == ["c3"]
        assert {p.name for p in (tmp_path / "shots").iterdir()} == {"middle.png", "final.png"}
        with pytest.raises(urllib.error.URLError, match="refused"):
            state()
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()


def test_the_settings_reading_and_names_win_over_the_commands_defaults(tmp_path):
    from controller.app.settings import Settings
    from controller.app.store import Store
    from controller.cli.board import start_web
    from controller.profile import load_profile
    from controller.web.server import Serving

    store = Store.at(tmp_path, "kaskade-8x8")
    profile = load_profile("kaskade-8x8")
    for saved, default, reading in (("", "paired", "paired"), ("", "open", "open"),
                                    ("open", "paired", "open"), ("paired", "open", "paired")):
        store.settings.save(Settings(web_reading=saved, web_hosts=["saved.example"]))
        _, server = start_web(profile, store, Serving("127.0.0.1", 0, default,
                                                      ("given.example",)))
        assert server is not None
        try:
            assert server.api.reading == reading
            assert {"saved.example", "given.example"} <= server.guard.names
        finally:
            server.stop()
