"""The touch firmware on the emulated Pico, installed by ``kaskade firmware flash``'s own code over
the pseudo-terminal (once a run for each board: the tests boot copies of that flash), with each
sensor kind's chips beside it: a finger's touch and release reach the line; a chip or a chain
that fails is reported while the rest keep working."""

from __future__ import annotations

import contextlib
import shutil
import tempfile
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from controller.devices.firmware import bundled
from controller.profile import load_profile, parse_profile
from controller.profile.firmware import board_id, firmware_config
from controller.profile.model import Profile
from hw.flash.update import flash_bundled
from sim.silicon.emulator import Pico
from sim.silicon.measure import at_prompt
from sim.silicon.relay import PseudoTerminal

from .conftest import made_once
from .test_boot import BOOT

pytestmark = pytest.mark.silicon

WIRING = Path(__file__).parents[3] / "wiring"


def charge_profile() -> Profile:
    """A 4 x 4 board sensing its pads directly on sixteen of the Pico's pins."""
    document = tomllib.loads((WIRING / "kaskade-8x8.toml").read_text(encoding="utf-8"))
    document["pads"] = {"columns": 4, "rows": 4}
    document["leds"]["panels"] = [{"channel": 0, "width": 8, "height": 8, "start": "bottom-left",
                                   "serpentine": True}]
    document["touch"] = {"sensor": "gpio", "pins": [*range(8, 23), 26]}
    return parse_profile(document, "kaskade-4x4.toml")


PROFILES: dict[str, Callable[[], Profile]] = {
    "mpr121": lambda: load_profile("kaskade-8x8"),
    "ttp223": lambda: load_profile("kaskade-16x16"),
    "gpio": charge_profile,
}


def installed_flash(rp2_image, run_folder: Path, profile: Profile) -> Path:
    """A Pico's flash with the firmware for ``profile`` installed by ``kaskade firmware
    flash``'s own code over the pseudo-terminal: made once a run, copied by each test."""
    def install(flash: Path) -> None:
        with PseudoTerminal(rp2_image, flash=flash, board=firmware_config(profile)) as terminal:
            at_prompt(terminal.pico)
            flash_bundled(terminal.port, profile, hello_seconds=BOOT)

    name = f"flash-{board_id(profile)}-{bundled().content_hash}-{rp2_image.folder.name}.bin"
    return made_once(run_folder / name, install)


def booted(pico: Pico) -> str:
    """The content hash in the Pico's first hello, once its firmware scans (its first
    heartbeat: the pads' first readings, their baselines, are taken)."""
    at, hello = pico.wait_line(lambda text: text.startswith("H "), BOOT)
    pico.wait_line(lambda text: text.startswith("B "), BOOT, at)
    return hello.text.split()[4]


@contextlib.contextmanager
def flashed(rp2_image, run_folder: Path, kind: str) -> Iterator[PseudoTerminal]:
    """A Pico with the chips of a sensor kind's board on a pseudo-terminal, its firmware
    installed and scanning."""
    profile = PROFILES[kind]()
    with tempfile.TemporaryDirectory() as folder:
        flash = Path(folder) / "flash.bin"
        shutil.copy(installed_flash(rp2_image, run_folder, profile), flash)
        with PseudoTerminal(rp2_image, flash=flash, board=firmware_config(profile)) as terminal:
            booted(terminal.pico)
            yield terminal


def line(pico: Pico, start: int, *words: str) -> str:
    """The first line from the ``start``-th event on that begins with ``words`` after its
    kind and sequence number (``T 7 D 5 *CRC``: ``"D", "5"``)."""
    want = list(words)
    return pico.wait_line(lambda text: text.split()[2:2 + len(want)] == want
                          and text[0] in "TF", BOOT, start)[1].text


def touch_and_release(pico: Pico, pad: int) -> None:
    start = pico.event_count()
    pico.touch(pad)
    assert line(pico, start, "D", str(pad)).startswith("T ")
    start = pico.event_count()
    pico.touch(pad, touched=False, after_ms=50)
    assert line(pico, start, "U", str(pad)).startswith("T ")


def test_mpr121s_report_a_touch_and_a_missing_chip_while_the_others_keep_working(rp2_image,
                                                                                 run_folder):
    with flashed(rp2_image, run_folder, "mpr121") as terminal:
        pico = terminal.pico
        touch_and_release(pico, 63)
        start = pico.event_count()
        pico.command(chip="1:5B", present=False)
        line(pico, start, "chip-missing", "1:5B")
        touch_and_release(pico, 0)
        pico.command(chip="1:5B", present=True)
        line(pico, start, "chip-back", "1:5B")  # looked for again every hundred scans


def test_a_74hc165_chain_reports_a_touch_and_a_break(rp2_image, run_folder):
    with flashed(rp2_image, run_folder, "ttp223") as terminal:
        pico = terminal.pico
        touch_and_release(pico, 255)
        start = pico.event_count()
        pico.command(chain="broken")
        line(pico, start, "chain-broken", "32")
        pico.command(chain="whole")
        line(pico, start, "chain-back", "32")
        touch_and_release(pico, 200)


def test_charge_time_pads_report_a_touch(rp2_image, run_folder):
    with flashed(rp2_image, run_folder, "gpio") as terminal:
        touch_and_release(terminal.pico, 15)


AGREE = """\
import random
from array import array
from firmware import pads, viper
from firmware.sensors import mpr121
random.seed(5)
def pick(n, top):
    return [random.getrandbits(16) % top for _ in range(n)]
differ = 0
trials = 120
for trial in range(trials):
    n = 1 + random.getrandbits(6)
    touch = 1 + random.getrandbits(5)
    polarity = -1 if trial % 2 else 1
    raw = array('i', pick(n, 1024))
    base = [((raw[i] + random.getrandbits(6) - 32) << 6) + random.getrandbits(6) for i in range(n)]
    ok = bytearray([(0, 1, 1, 1, 1, 2)[x] for x in pick(n, 6)])
    flags = [bytearray([x == 0 for x in pick(n, 8)]) for _ in range(2)]
    results = []
    for settle in (viper.settle, pads.plain_settle):
        random.seed(trial)
        baseline, counter, away = array('i', base), bytearray(pick(n, 4)), bytearray(pick(n, 4))
        todo = array('h', [0] * n)
        got = settle(raw, ok, baseline, counter, away, flags[0], flags[1], todo, n, touch,
                     polarity)
        results.append((got, list(baseline), list(counter), list(away), list(todo)[:got >> 1]))
    differ += results[0] != results[1]
    data = bytearray(pick(24, 256))
    length = 2 * (1 + random.getrandbits(3) % 12)
    decoded = []
    for decode in (viper.decode_mpr121, mpr121.plain_decode):
        into, flags_ok = array('i', [0] * 30), bytearray(30)
        decode(data, length, into, flags_ok, 3)
        decoded.append((list(into), list(flags_ok)))
    differ += decoded[0] != decoded[1]
print('taken', pads._settle is viper.settle, mpr121._decode is viper.decode_mpr121)
print('differ', differ, 'of', 2 * trials)
import gc, machine
from firmware import main as m
root = '/fw/' + open('/fw/active').read().strip()
board = m.build(m.load_config(root + '/board.json'), machine, m.clock.UsbSerial(machine),
                root + '/firmware')
for _ in range(10):
    board.step(10)
gc.collect()
gc.disable()
before = gc.mem_alloc()
for _ in range(300):
    board.step(10)
print('allocated', gc.mem_alloc() - before)
gc.enable()
"""


def test_the_viper_loops_run_on_the_pico_and_agree_with_the_plain_ones(rp2_image, run_folder):
    """The firmware on the rp2 port takes its viper loops (machine code), and on random
    readings, baselines and flags they leave every array as the plain-Python loops do; and a
    scan, the USB serial line asked for input included, allocates nothing there either."""
    with flashed(rp2_image, run_folder, "ttp223") as terminal:
        pico = terminal.pico
        start = pico.event_count()
        pico.send(b"\x03")
        pico.wait_line(lambda text: "KeyboardInterrupt" in text, BOOT, start)
        start = pico.event_count()
        pico.send(b"\x05" + AGREE.replace("\n", "\r").encode() + b"\x04")
        _, taken = pico.wait_line(lambda text: text.startswith(("taken ", "Traceback")), BOOT,
                                  start)
        assert taken.text == "taken True True"
        _, differ = pico.wait_line(lambda text: text.startswith("differ "), BOOT, start)
        assert differ.text == "differ 0 of 240"
        _, allocated = pico.wait_line(lambda text: text.startswith(("allocated ", "Traceback")),
                                      BOOT, start)
        assert allocated.text == "allocated 0"
