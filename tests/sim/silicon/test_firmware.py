"""The touch firmware on the emulated Pico, installed by ``kaskade firmware flash``'s own code over
the pseudo-terminal (once a run for each board: the tests boot copies of that flash), with each
sensor kind's chips beside it: a finger's touch and release reach the line; a chip or a chain
that fails is reported while the rest keep working."""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from controller.devices.firmware import bundled
from controller.profile import load_profile
from controller.profile.firmware import board_id, firmware_config
from controller.profile.model import Profile
from hw.flash.update import flash_bundled
from sim.silicon.emulator import Pico
from sim.silicon.measure import at_prompt
from sim.silicon.relay import PseudoTerminal
from tests.support.profiles import chain_16x16

from .conftest import made_once
from .test_boot import BOOT

pytestmark = pytest.mark.silicon

WIRING = Path(__file__).parents[3] / "wiring"
CHARGE_PADS = Path(__file__).parents[3] / "sim" / "silicon" / "charge-4x4.toml"
"""The charge-pad touch board (no reference build: its sixteen pads hold no menus)."""


PROFILES: dict[str, Callable[[], Profile]] = {
    "mpr121": lambda: load_profile("kaskade-8x8"),
    "mux": lambda: load_profile("kaskade-16x16"),
    "ttp223": chain_16x16,
    "gpio": lambda: load_profile(str(CHARGE_PADS)),
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


def test_the_watchdog_resets_a_hung_pico_whose_firmware_then_says_so(rp2_image, run_folder):
    """A loop that stops feeding the watchdog for two seconds resets the chip: it leaves the
    bus, boots from its flash (the boot stage's writes taking the flash's time) and the
    firmware, started again, reports the watchdog's reset after its hello."""
    with flashed(rp2_image, run_folder, "gpio") as terminal:
        pico = terminal.pico
        start = pico.event_count()
        pico.send(b"\x03")
        pico.wait_line(lambda text: "KeyboardInterrupt" in text, BOOT, start)
        start = pico.event_count()
        pico.send(b"import machine, time; w = machine.WDT(timeout=2000); time.sleep(5)\r")
        pico.wait_event("silicon: reset: ", BOOT, start)
        terminal.wait_arrival(2, BOOT)
        at, _ = pico.wait_line(lambda text: text.startswith("H "), BOOT, start)
        assert line(pico, at, "restart", "watchdog").startswith("F ")
        assert line(pico, at, "watchdog", "reset").startswith("F ")


def test_mpr121s_behind_muxes_report_a_touch_on_every_channel_and_a_mux_that_goes(
        rp2_image, run_folder):
    """The 16 x 16's 22 chips behind two TCA9548As: a finger on a chip of each mux channel
    reaches the line; a mux that stops answering takes its eleven chips with it, and they come
    back with it."""
    with flashed(rp2_image, run_folder, "mux") as terminal:
        pico = terminal.pico
        config = firmware_config(PROFILES["mux"]())
        for chip in (0, 4, 8, 11, 15, 21):  # bus 0 channels 0-2, bus 1 channels 0-2
            touch_and_release(pico, config["map"][12 * chip + 3])
        start = pico.event_count()
        pico.command(chip="1:mux", present=False)
        line(pico, start, "chip-missing", "1:0:5A")
        line(pico, start, "chip-missing", "1:2:5C")
        touch_and_release(pico, config["map"][12 * 3 + 1])
        pico.command(chip="1:mux", present=True)
        line(pico, start, "chip-back", "1:1:5D")


AGREE = """\
import random
from array import array
from firmware import pads, proto, viper
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
    number = random.getrandbits(17) if trial % 3 else random.getrandbits(16)
    limit = 2 + random.getrandbits(3)
    written = []
    for digits in (viper.digits, proto.plain_digits):
        buf = bytearray(12)
        written.append((digits(buf, 2, number, limit), bytes(buf)))
    differ += written[0] != written[1]
    lines = []
    for line_of, seal in ((viper.touch, viper.seal), (proto.plain_touch, proto.plain_seal)):
        random.seed(trial)
        buf = bytearray(40)
        length = line_of(buf, random.getrandbits(16), 68 if trial % 2 else 85,
                       random.getrandbits(8), proto._CRC, proto._HEX)
        lines.append((bytes(buf[:length]), seal(buf, 9, proto._CRC, proto._HEX), bytes(buf)))
    differ += lines[0] != lines[1]
    moved = []
    for transit in (viper.transit, pads.plain_transit):
        random.seed(trial)
        n = 1 + random.getrandbits(5)
        touched = bytearray([x == 0 for x in pick(n, 3)])
        down = array('h', [c for c in range(n) if touched[c]] + [0] * n)
        state = array('i', [random.getrandbits(3), touch, touch // 2, 3, 5 + random.getrandbits(3),
                            polarity, sum(touched), 0, 0])
        state[0] = min(n, random.getrandbits(6))
        arrays = (array('i', pick(n, 1024)), bytearray([x < 6 for x in pick(n, 7)]),
                  array('i', [(x + 512) << 6 for x in pick(n, 64)]), bytearray(pick(n, 3)),
                  bytearray(pick(n, 4)), touched, bytearray([x == 0 for x in pick(n, 9)]),
                  array('i', pick(n, 9)), array('h', sorted(pick(n, n))),
                  array('h', [0] * 2 * n), down, array('h', [0] * n), state)
        flags = transit(*arrays)
        moved.append((flags, [list(a) for a in arrays]))
    differ += moved[0] != moved[1]
    held = []
    for hold in (viper.hold, pads.plain_hold):
        random.seed(trial)
        counts = array('i', pick(20, 9))
        due = hold(counts, array('h', pick(20, 20)), random.getrandbits(4), 8)
        held.append((due, list(counts)))
    differ += held[0] != held[1]
    filled = []
    for fill in (viper.fill, mpr121.plain_fill):
        random.seed(trial)
        buf = bytearray(pick(12, 256))
        fill(buf, trial % 7, trial % 7 + trial % 5, 2)
        filled.append(bytes(buf))
    differ += filled[0] != filled[1]
    bits, limit = random.getrandbits(12), 1 + trial % 12
    differ += viper.span(bits, limit) != mpr121.plain_span(bits, limit)
    chosen = []
    for choose in (viper.pick, mpr121.plain_pick):
        random.seed(trial)
        n = 1 + random.getrandbits(5)
        held = array('H', [x if x > 2048 else 0 for x in pick(n, 4096)])
        line_of = bytearray([mpr121.NO_LINE if x == 2 else x for x in pick(n, 3)])
        out = bytearray(n)
        got = choose(array('H', [x if x > 3000 else 0 for x in pick(n, 4096)]), held,
                   array('H', [x if x > 2048 else 0 for x in pick(n, 4096)]), line_of,
                   bytearray(pick(2, 2)), n, random.getrandbits(5), random.getrandbits(5) % n,
                   out)
        chosen.append((got, bytes(out), list(held)))
    differ += chosen[0] != chosen[1]
print('taken', pads._settle is viper.settle, pads._transit is viper.transit,
      pads._hold is viper.hold, mpr121._decode is viper.decode_mpr121,
      proto._touch is viper.touch, proto._digits is viper.digits, mpr121._fill is viper.fill,
      mpr121._span is viper.span, mpr121._pick is viper.pick)
print('differ', differ, 'of', 9 * trials)
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
    readings, baselines, flags and numbers they leave every array and line as the plain-Python
    loops do; and a scan, the USB serial line asked for input included, allocates nothing
    there either."""
    with flashed(rp2_image, run_folder, "ttp223") as terminal:
        pico = terminal.pico
        start = pico.event_count()
        pico.send(b"\x03")
        pico.wait_line(lambda text: "KeyboardInterrupt" in text, BOOT, start)
        start = pico.event_count()
        pico.send(b"\x05" + AGREE.replace("\n", "\r").encode() + b"\x04")
        _, taken = pico.wait_line(lambda text: text.startswith(("taken ", "Traceback")), BOOT,
                                  start)
        assert taken.text == "taken True True True True True True True True True"
        _, differ = pico.wait_line(lambda text: text.startswith("differ "), BOOT, start)
        assert differ.text == "differ 0 of 1080"
        _, allocated = pico.wait_line(lambda text: text.startswith(("allocated ", "Traceback")),
                                      BOOT, start)
        assert allocated.text == "allocated 0"
