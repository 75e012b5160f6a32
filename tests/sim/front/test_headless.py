"""The headless simulator end to end: a complete game by touches, the final LED frame checked,
pictures written, and the app surviving ``kill -9`` mid-game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from controller.app.store import Store
from controller.profile import load_profile
from sim.front.headless import Headless
from sim.front.script import ScriptError
from tests.support.board import NOON

KASKADE = str(Path(sys.executable).parent / "kaskade")
GAME = """\
# Kaskade on a 2x2 board: the fifth ball sets off a cascade that takes every cell
# the Kaskade tile (its name), again (play it), two people, the 2x2 corner, skip "White to move"
tap a8
tap a8
tap a8
tap b2
tap h1
tap a1
tap b2
tap a2
tap b1
tap a1
wait 3
# skip the result's words
tap h1
wait 0.1
"""


def owner(colour) -> str:
    red, _, blue = colour
    if max(colour) < 20:
        return "dark"
    return "white" if red > blue else "black"


def run_script(tmp_path: Path, profile_name: str, script: str) -> Headless:
    profile = load_profile(profile_name)
    simulator = Headless(profile, Store.at(tmp_path / "state", profile_name),
                         tmp_path / "png", lambda: NOON)
    simulator.run(script.splitlines())
    return simulator


@pytest.mark.parametrize("profile_name", ["kaskade-8x8", "kaskade-mini", "kaskade-8x8-fine",
                                          "kaskade-16x16"])
def test_a_complete_game_by_touch_ends_with_the_winner_on_the_leds(tmp_path, profile_name):
    profile = load_profile(profile_name)
    script = GAME if profile.rows == 8 else GAME.replace("tap a8", "tap a16")
    simulator = run_script(tmp_path, profile_name, script)
    summary = simulator.summary()
    assert summary["screen"] == "KaskadeScreen"
    assert summary["game"]["finished"]
    assert summary["game"]["json"]["winner"] == "white"
    assert summary["sounds"][-1] == "win"
    colours = simulator.led_colours()
    k = profile.per_pad

    def pad(column, row):
        return [colours[(row * k + y) * profile.led_width + column * k + x]
                for y in range(k) for x in range(k)]

    for column, row, balls in ((0, 0, 2), (1, 1, 3)):   # the final position: a1 W2, b2 W3
        lit = [owner(c) for c in pad(column, row) if owner(c) != "dark"]
        assert set(lit) == {"white"}
        assert len(lit) == (1 if k == 1 else balls), "the lit LEDs count the balls"
    around = set()
    for _ in range(15):   # a full breath of the winner's glow
        simulator.pass_time(0.1)
        colours = simulator.led_colours()
        around |= {owner(c) for c in pad(5, 5)}
    assert "white" in around, "the pads around the game glow for the winner"


def test_pictures_are_saved_on_request(tmp_path):
    simulator = run_script(tmp_path, "kaskade-8x8", GAME.replace("wait 3", "png won"))
    path = simulator.save_png("final")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "png" / "won.png").exists()


def test_the_command_line_runs_a_script_and_reports(tmp_path):
    script = tmp_path / "game.txt"
    script.write_text(GAME)
    result = subprocess.run(
        [KASKADE, "sim", "--headless", "--script", str(script), "--png-out",
         str(tmp_path / "shots"), "--dump", str(tmp_path / "dump.json"),
         "--state-dir", str(tmp_path / "state")],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["game"]["json"]["winner"] == "white"
    assert (tmp_path / "shots" / "final.png").exists()
    dump = json.loads((tmp_path / "dump.json").read_text())
    assert len(dump["leds"]) == 256
    assert dump["led_size"] == [16, 16]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--headless"], "--headless needs --script FILE"),
        (["--script", "x"], "--script goes with --headless"),
        (["--headless", "--script", "missing.txt"], "missing.txt: No such file"),
        (["--profile", "kaskade-99", "--headless", "--script", "-"], "no such profile"),
    ],
)
def test_bad_options_exit_2_with_one_line(tmp_path, arguments, message):
    result = subprocess.run([KASKADE, "sim", "--state-dir", str(tmp_path), *arguments],
                            capture_output=True, text=True, timeout=60, check=False,
                            input="", cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_a_bad_script_line_exits_2_naming_the_line(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("tap a8\nfly away\n")
    result = subprocess.run([KASKADE, "sim", "--headless", "--script", str(script),
                             "--state-dir", str(tmp_path)],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2
    assert result.stderr.strip() == ("kaskade sim: error: script line 2: 'fly' is not a "
                                     "command; the commands are tap, down, up, hold, press, wait, "
                                     "png, firmware, describe")


def test_a_bad_profile_file_gives_one_line_per_problem(tmp_path):
    profile = tmp_path / "mine.toml"
    profile.write_text("[pads]\ncolumns = 'eight'\nrows = 8\n")
    result = subprocess.run([KASKADE, "sim", "--profile", str(profile), "--headless",
                             "--script", "-", "--state-dir", str(tmp_path)],
                            capture_output=True, text=True, timeout=60, check=False, input="")
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert (f"kaskade sim: error: {profile}: pads.columns: must be a whole number, "
            "not 'eight'") in lines
    assert f"kaskade sim: error: {profile}: leds: missing" in lines
    assert all(line.startswith(f"kaskade sim: error: {profile}: ") for line in lines)
    assert "Traceback" not in result.stderr


def test_the_game_survives_kill_9_after_a_move(tmp_path):
    state = tmp_path / "state"
    command = [KASKADE, "sim", "--headless", "--script", "-", "--state-dir", str(state)]
    saved = state / "kaskade-8x8" / "current.record"
    app = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        for line in ("tap a8", "tap a8", "tap a8", "tap d4", "tap h1", "tap a1", "tap d4",
                     "tap b2"):
            app.stdin.write(line + "\n")
        app.stdin.flush()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if saved.exists() and "b2" in saved.read_text():
                break
            time.sleep(0.05)
        else:
            pytest.fail("the moves were never saved")
        os.kill(app.pid, signal.SIGKILL)
    finally:
        app.wait(timeout=30)
        app.stdin.close()
        app.stdout.close()
        app.stderr.close()
    assert app.returncode == -signal.SIGKILL
    assert not list(saved.parent.glob(".*.tmp")), "no half-written file is left"
    again = subprocess.run(command, input="tap h1\ntap c3\n", capture_output=True, text=True,
                           timeout=60, check=False)
    assert again.returncode == 0, again.stderr
    summary = json.loads(again.stdout)
    assert summary["screen"] == "KaskadeScreen", "straight back into the game"
    assert summary["game"]["moves"] == ["a1", "d4", "b2", "c3"]


def test_buttons_in_a_script(tmp_path):
    simulator = run_script(tmp_path, "kaskade-8x8", "tap a8\ntap a8\ntap a8\ntap c3\n"
                           "tap h1\ntap a1\ntap b2\npress menu\n")
    assert simulator.summary()["screen"] == "PauseScreen"
    simulator.run(["tap menu", "hold undo 0.5"])
    summary = simulator.summary()
    assert summary["screen"] == "KaskadeScreen"
    assert summary["game"]["moves"] == ["a1"]
    simulator.run(["down undo", "up undo"])
    assert simulator.summary()["game"]["moves"] == []


def test_the_update_offer_in_a_script_and_simulated_pads_that_cannot_be_updated(tmp_path):
    simulator = run_script(tmp_path, "kaskade-8x8", "firmware 0.0.9\nwait 0.2\n")
    assert simulator.summary()["screen"] == "UpdateOfferScreen"
    simulator.run(["hold c1 1.6", "wait 0.1"])  # the update tile
    assert simulator.summary()["screen"] == "UpdateResultScreen"
    assert "there is no firmware to update" in simulator.app.notices[-1]
    simulator.run(["wait 2.5"])
    assert simulator.summary()["screen"] == "HomeScreen"


def test_describe_prints_each_screen_in_words_before_the_summary(tmp_path):
    script = tmp_path / "describe.txt"
    script.write_text("describe\ntap a8\ntap a8\ntap a8\ntap f6\ndescribe\ntap h1\ntap c3\n"
                      "wait 2\ndescribe\n")
    result = subprocess.run([KASKADE, "sim", "--headless", "--profile", "kaskade-8x8",
                             "--script", str(script), "--state-dir", str(tmp_path)],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    *described, summary = result.stdout.splitlines()
    assert described[0].startswith("Home · 3 games")
    assert described[1].startswith('"White to move" on the LEDs; the next touch only skips '
                                   "these words · then: Kaskade 6x6 · two people · White to move")
    assert "Black to move" in described[2]
    assert json.loads(summary)["description"] == described[2]


def test_describe_takes_no_argument(tmp_path):
    with pytest.raises(ScriptError, match="script line 1: write describe"):
        run_script(tmp_path, "kaskade-8x8", "describe home\n")
