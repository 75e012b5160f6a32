"""``kaskade sim --silicon``: the simulator's touch board is the emulated Pico running the real
touch firmware; the front end's fingers land on its emulated pads and their touch lines come
back through the USB serial line and the touch link, as on the board."""

from __future__ import annotations

import fcntl
import io
import json
import queue

import pytest

from controller.cli import main
from controller.devices.interfaces import PadDown, PadUp, TouchesBack
from controller.profile import load_profile
from controller.profile.firmware import board_id
from sim.board import sim_board, sim_parts
from sim.silicon import emulator
from sim.silicon import image as images

from .test_touch_link import expect

pytestmark = pytest.mark.silicon

PROFILE = load_profile("kaskade-8x8")


def test_a_script_plays_through_the_firmware_on_the_emulated_pico(tmp_path, capsys):
    """a1 is the brightness pad's lowest step: the tap reaches the app only through the
    firmware's touch line."""
    script = tmp_path / "script.txt"
    script.write_text("tap a1\ndescribe\n")
    assert main(["sim", "--headless", "--silicon", "--script", str(script), "--state-dir",
                 str(tmp_path / "state")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "brightness 20 %" in out[-2]
    assert json.loads(out[-1])["screen"] == "HomeScreen"


def test_a_second_simulator_installs_the_firmware_on_a_fresh_flash(rp2_image):
    """While another simulator holds this board's kept flash, a second one takes a fresh
    flash, puts the firmware on it with ``kaskade firmware flash``'s code, and plays."""
    kept = rp2_image.folder / "flash" / f"{board_id(PROFILE)}.lock"
    kept.parent.mkdir(exist_ok=True)
    said = io.StringIO()
    with open(kept, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        board = sim_board(PROFILE, "silicon", out=said)
    events: queue.Queue[object] = queue.Queue()
    try:
        assert "installing the touch firmware" in said.getvalue()
        board.start(events.put)
        fingers = sim_parts(board).touches
        expect(events, TouchesBack())
        fingers.down(27)
        expect(events, PadDown(27))
        fingers.up(27)
        expect(events, PadUp(27))
    finally:
        board.close()


def test_without_the_image_it_says_what_to_run(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(images, "cached", lambda: None)
    script = tmp_path / "script.txt"
    script.write_text("tap a1\n")
    assert main(["sim", "--headless", "--silicon", "--script", str(script)]) == 2
    assert "make silicon-image" in capsys.readouterr().err


def test_without_node_or_rp2040js_it_says_what_to_install(rp2_image, tmp_path, capsys,
                                                          monkeypatch):
    monkeypatch.setattr(images, "cached", lambda: rp2_image)
    script = tmp_path / "script.txt"
    script.write_text("tap a1\n")
    with monkeypatch.context() as patch:
        patch.setenv("PATH", str(tmp_path))  # no node on it
        assert main(["sim", "--headless", "--silicon", "--script", str(script)]) == 2
    assert "sudo apt install nodejs npm" in capsys.readouterr().err
    monkeypatch.setattr(emulator, "PACKAGE", tmp_path / "rp2040js")
    assert main(["sim", "--headless", "--silicon", "--script", str(script)]) == 2
    assert "npm ci --prefix" in capsys.readouterr().err


def test_silicon_is_a_touch_board_of_its_own(capsys):
    assert main(["sim", "--silicon", "--port", "/dev/null"]) == 2
    assert "--silicon is a touch board of its own" in capsys.readouterr().err
