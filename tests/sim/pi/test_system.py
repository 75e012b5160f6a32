"""The whole board in one test: an arm64 machine booted in qemu-system-aarch64 from the aarch64
stage's tree (Debian 12, Debian's kernel, systemd); ``kaskade install`` run in it as README
says; systemd starts the service, as its own user, and it reports ready (READY=1); its web page
answers on a forwarded loopback port; its touch board is the emulated Pico running the real
firmware on MicroPython's rp2 port, on the machine's USB serial line; the web page is paired as
a person pairs a phone (a touch on the pairing pad, the code read off the LEDs); a touch on an
emulated pad becomes a move seen through the web API, and the frames the app sends to the LEDs
arrive, by DDP, at the stand-in of an LED controller here — the same frames the web API's
picture makes.

The board is the standard build (kaskade-8x8) as an emulated machine has it: its LEDs on the
network (``backend = "ddp"``: the machine has no LED hardware), its touch board behind the
machine's USB serial adapter (qemu's, with an FTDI chip's USB id) and given the time an
emulated Pico needs between heartbeats (``silence_seconds``)."""

from __future__ import annotations

import json
import shutil
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from controller.app.screens.game import HOLD_UNDO
from controller.app.words import say
from controller.profile import load_profile
from controller.profile.model import Profile
from controller.render.output import FrameMaker
from hw.leds.ddp import as_rgb
from sim.pi import system
from sim.pi.readme import ROOT, pi_steps
from sim.pi.stage import PIP_CACHE, clone, layer, pip_cache
from sim.silicon import image as images
from sim.silicon.touch_board import SiliconTouchBoard
from sim.wled import DdpReceiver
from tests.support.led_text import UnreadError, read_code

# The machine boots README's tree with changes of its own in a layer of its own: the stage's
# checks, in theirs, can run beside it.
pytestmark = [pytest.mark.arm64, pytest.mark.silicon]

EMULATED = "kaskade-8x8-emulated"
"""The emulated machine's build: its file name is its touch board's id."""
TOUCH_SERIAL = "KASKADE-EMULATED-1"
"""The USB serial number of the emulated machine's serial adapter."""
INSTALL_SECONDS = 3600.0
"""The longest ``kaskade install`` may take: it builds the release's wheel (the cores compiled)
and installs its packages, all under emulation, which on a busy machine takes many minutes."""
READY_SECONDS = 600.0
"""From the end of ``kaskade install`` to the service's READY=1."""
MOVE_SECONDS = 120.0


def emulated_profile(folder: Path, ddp_port: int) -> Path:
    """The standard build as the emulated machine has it."""
    text = (ROOT / "wiring" / "kaskade-8x8.toml").read_text(encoding="utf-8")
    text = text.replace('name = "Kaskade Board 8x8"', 'name = "Kaskade Board 8x8, emulated"', 1)
    text = text.replace("[leds]\n", '[leds]\nbackend = "ddp"              # no LED hardware: '
                        "the frames go to the LED controller below\n", 1)
    text = text.replace('order = "rows" ', "silence_seconds = 30       # the emulated Pico: slower "
                        'than a Pico, its heartbeats stretch\norder = "rows" ', 1)
    text += (f'\n[leds.ddp]\nhost = "{system.HOST}"        # this machine, from the emulated one\n'
             f"port = {ddp_port}\n\n[touch.usb]               # the emulated machine's USB serial "
             f"adapter\nvid = 0x{system.USB_ID[0]:04X}\npid = 0x{system.USB_ID[1]:04X}\n")
    path = folder / f"{EMULATED}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def wait_for(what: str, check: Any, timeout: float, shown: Any = None) -> Any:
    """``check()``'s first true answer, polled every half second; an ``AssertionError`` after
    ``timeout`` seconds, with what ``shown()`` says then (the board's state: its screen and
    words, its game's moves) so that a failure says where the board was."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            seen = "" if shown is None else f"; the board: {summary(shown())}"
            raise AssertionError(f"{what}: not within {timeout:g} s{seen}")
        time.sleep(0.5)


def summary(state: Any) -> str:
    """The parts of the web API's state that say where the board is."""
    if not state:
        return "the web API did not answer"
    game = state.get("game") or {}
    return (f"screen {state.get('screen')}, moves {game.get('moves')}, "
            f"words {state.get('description')!r}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_whole_board(readme, run_folder):
    tree = layer(readme.tree, "system")
    work = run_folder / "pi-system"
    work.mkdir(exist_ok=True)
    measured: dict[str, Any] = {}
    images.build()  # the emulated Pico's MicroPython (cached; built the first time)
    with DdpReceiver(load_profile("kaskade-8x8").leds) as leds:
        profile_path = emulated_profile(work, leds.port)
        profile = load_profile(str(profile_path))
        inside = f"{tree.home}/{profile_path.name}"
        placed = tree.make_folder(tree.home) / profile_path.name
        placed.write_bytes(profile_path.read_bytes())
        placed.chmod(0o644)
        system.prepare_machine(tree)
        started = time.monotonic()
        roots = work / "pip-root"  # root's own copy: pip refuses a cache someone else owns
        shutil.rmtree(roots, ignore_errors=True)
        shutil.copytree(pip_cache(), roots)
        disk = system.disk_image(tree, work / "disk.raw",
                                 [(pip_cache(), PIP_CACHE), (roots, "/root/.cache/pip")])
        measured["disk_seconds"] = round(time.monotonic() - started, 1)
        pico = SiliconTouchBoard(profile)
        try:
            web_port = free_port()
            with system.Machine(tree.rootfs, disk, work, web_port, pico.port,
                                TOUCH_SERIAL) as machine:
                measured["boot_seconds"] = round(machine.wait_for_prompt(), 1)
                measured.update(run_on_the_machine(machine, tree, inside, profile, web_port,
                                                   pico, leds))
        finally:
            pico.close()
    (run_folder / "pi-system.json").write_text(json.dumps(measured, indent=2))
    print(json.dumps(measured, indent=2))


def run_on_the_machine(machine: system.Machine, tree: Any, inside: str, profile: Profile,
                       web_port: int, pico: SiliconTouchBoard,
                       leds: DdpReceiver) -> dict[str, Any]:
    measured: dict[str, Any] = {}
    machine.must(f"cd {clone(tree)}")
    assert machine.must("uname -m") == "aarch64"
    hardware = [step for step in pi_steps() if step.needs_hardware]
    doctor = next(step for step in hardware if "doctor" in step.words)
    install = next(step for step in hardware if "install" in step.words)
    code, said = machine.sh(doctor.command.replace("kaskade-8x8", inside), timeout=600)
    measured["doctor"] = said
    assert f"{EMULATED} on /dev/ttyUSB0, 64 pads" in said, said
    assert "ddp (chosen by the profile) can drive" in said, said
    assert code == 0, said

    started = time.monotonic()
    said = machine.must(install.command.replace("kaskade-8x8", inside), timeout=INSTALL_SECONDS)
    measured["install_seconds"] = round(time.monotonic() - started, 1)
    assert f"USB serial number {TOUCH_SERIAL}" in said, said
    assert "the board starts at power-on, as kaskade" in said, said
    installed = time.monotonic()
    machine.must(pi_steps()[-1].command)  # sudo adduser $USER kaskade
    wait_for("the service ready (READY=1)", lambda: active(machine), READY_SECONDS)
    measured["ready_seconds"] = round(time.monotonic() - installed, 1)

    shown = machine.must("sudo systemctl show -p Type,User,MainPID,NRestarts,Result "
                         "kaskade-board")
    fields = dict(line.split("=", 1) for line in shown.splitlines())
    assert (fields["Type"], fields["User"], fields["NRestarts"]) == ("notify", "kaskade", "0")
    # the process's own folder in /proc belongs to its user (no procps needed)
    assert machine.must(f"stat -c %U /proc/{fields['MainPID']}") == "kaskade"
    measured["journal"] = machine.must("sudo journalctl -u kaskade-board -b -o cat --no-pager "
                                       "| tail -20")
    measured["security"] = machine.must("sudo systemd-analyze security kaskade-board | tail -1")

    web = Web(web_port)
    with urllib.request.urlopen(f"http://127.0.0.1:{web_port}/", timeout=30) as page:
        assert page.status == 200
        assert b"Kaskade Board" in page.read()
    assert wait_for("the web companion", web.pairing, 120)["reading"] == "paired"
    with pytest.raises(urllib.error.HTTPError, match="401"):
        web.get("/api/state")
    seen = len(leds.frames)
    tap(pico, profile, PAIRING_PAD)
    words = say("en", "pairing code", code="{code}")
    code = wait_for("a pairing code read off the LEDs",
                    lambda: readable(profile, leds, seen, words), MOVE_SECONDS)
    web.token = web.post("/api/pair", {"code": code, "name": "the whole-board test"})["token"]
    state = wait_for("the home menu on the web", web.state, 120)
    assert state["screen"] == "HomeScreen", state
    assert state["board"]["name"] == "Kaskade Board 8x8, emulated"

    touched = time.monotonic()
    taps: list[float] = []
    for name, answer in SETUP:
        taps.append(tap(pico, profile, name))
        wait_for(f"the board's answer to {name}",
                 lambda answer=answer: (found := web.state()) and answer(found), MOVE_SECONDS,
                 web.state)
    moved = time.monotonic()
    state = play_first(pico, profile, web, "a1", taps)
    measured["first_move_seconds"] = round(time.monotonic() - moved, 2)
    measured["tap_seconds"] = [round(seconds, 2) for seconds in taps]
    measured["setup_seconds"] = round(moved - touched, 1)
    measured["cells"] = state["game"]["json"]["cells"]

    pixels = bytes.fromhex("".join(state["leds"]))
    frame = FrameMaker(profile).make(pixels, state["brightness"])
    expected = b"".join(as_rgb(data, profile.colour_order) for data in frame.channels)
    leds.wait(lambda received: received.rgb == expected, 60)
    measured["frames"] = len(leds.frames)
    assert leds.dropped == []
    return measured


SETUP = (
    ("a8", lambda s: s["description"].startswith('"Kaskade - touch again to play"')),
    ("a8", lambda s: s["screen"] == "PlayersScreen"),
    ("a8", lambda s: s["screen"] == "BoardSizeScreen"),
    ("b2", lambda s: s["screen"] == "KaskadeScreen" and s["game"]["json"]["size"] == [2, 2]),
)
"""The touches that start a game, each with how the board answers: Kaskade's tile (its name),
again (the game), the tile for two people, the far corner of a 2 x 2 board."""
SKIPS = "the next touch only skips these words"
"""How the board's description says words are on the LEDs that a touch only skips."""


def play_first(pico: SiliconTouchBoard, profile: Profile, web: Web, cell: str,
               taps: list[float]) -> Any:
    """Touch ``cell`` as the first move of the game just begun; the board's state with it.

    The game opens with "White to move" in letters, which a touch only skips; they also go by
    themselves after a few seconds, so whether they are still there when the touch arrives
    depends on the machine's speed. While the board says words are on show, a touch may skip
    them (or, if they ended first, play); once it says none are, the touch must play — unless
    the emulated Pico, slowed by the emulated machine beside it, took longer to report the
    finger off than a hold takes (a hold takes a move back, not plays one): only then is the
    touch made again. A quick touch that plays nothing fails the test."""
    for _ in range(3):
        words_on = SKIPS in wait_for("the board's state", web.state, 60)["description"]
        taps.append(tap(pico, profile, cell))
        if not words_on and taps[-1] < HOLD_UNDO:
            break
        state = wait_for(f"the board's answer to {cell}",
                         lambda: (found := web.state()) and (
                             found["game"]["moves"] or SKIPS not in found["description"])
                         and found, MOVE_SECONDS, web.state)
        if state["game"]["moves"]:
            break
    return wait_for(f"the move {cell} on the web API",
                    lambda: (found := web.state()) and found["game"]["moves"] == [cell]
                    and found, MOVE_SECONDS, web.state)


def tap(pico: SiliconTouchBoard, profile: Profile, name: str) -> float:
    """A finger on the pad called ``name`` and off again, each move waited for until the
    firmware has reported it: the emulated Pico, beside an emulated machine on a busy host,
    can run many times slower than the wall clock, and a finger lifted before the firmware's
    confirming scans would never have touched. The seconds from the firmware's report of the
    finger on to its report of the finger off: how long the app saw the pad held."""
    column, row = ord(name[0]) - ord("a"), int(name[1:]) - 1
    pad = row * profile.columns + column
    pico.down(pad)
    pico.settle()
    on = time.monotonic()
    pico.up(pad)
    pico.settle()
    return time.monotonic() - on


PAIRING_PAD = "h2"
"""The home menu's blue pairing pad, above the sound pad (bottom right)."""


class Web:
    """The board's web API on loopback ``port`` here, as a paired device once it has a
    token."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.token: str | None = None

    def _request(self, path: str, body: Any = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", headers=headers,
            data=None if body is None else json.dumps(body).encode(),
            method="GET" if body is None else "POST")
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def get(self, path: str) -> Any:
        return self._request(path)

    def post(self, path: str, body: Any) -> Any:
        return self._request(path, body)

    def pairing(self) -> Any:
        """``GET /api/pair`` (open to all), ``None`` while the page cannot be reached."""
        try:
            return self.get("/api/pair")
        except OSError:  # URLError is one
            return None

    def state(self) -> Any:
        """What the board shows (``None`` while it cannot be reached)."""
        try:
            return self.get("/api/state")
        except OSError:
            return None


def readable(profile: Profile, leds: DdpReceiver, start: int, words: str) -> str | None:
    """The pairing code, once the frames since the ``start``-th show it."""
    try:
        return read_code(profile, [frame.rgb for frame in leds.frames[start:]], words)
    except UnreadError:
        return None


def active(machine: system.Machine) -> bool:
    """Whether the service is up: for ``Type=notify``, once the app said READY=1 (systemd is
    asked as root: the machine has no D-Bus for a user to ask through)."""
    return machine.sh("sudo systemctl is-active kaskade-board")[1] == "active"
